// JSON-stat datasets (https://json-stat.org) as the statistics servers answer them: SSB's PxWebApi 2
// answers version 2.0 (`{version: "2.0", class: "dataset", id, size, dimension, value, status?}`),
// Statistics Denmark's StatBank answers version 1 (`{dataset: {dimension: {…, id, size, role},
// value}}`). Both become one columnar shape: the dimensions in order with their codes and labels,
// and the values in row-major order (the last dimension varies fastest), a missing value as null
// with its symbol in `status` (SSB's `..`, `.`, `:`; StatBank writes `..` in the value itself).
import { z } from 'zod';

type Index = Record<string, number> | string[];

export interface JsonStatCategory {
  index?: Index;
  label?: Record<string, string>;
  unit?: Record<string, { base?: string; decimals?: number }>;
  note?: Record<string, string[]>;
}

export interface JsonStatDimension {
  label?: string;
  category: JsonStatCategory;
  extension?: { elimination?: boolean; [k: string]: unknown };
}

export interface JsonStatDataset {
  version?: string;
  class?: string;
  label?: string;
  source?: string;
  updated?: string;
  id: string[];
  size: number[];
  role?: { time?: string[]; geo?: string[]; metric?: string[] };
  dimension: Record<string, JsonStatDimension>;
  value: (number | string | null)[] | Record<string, number | string | null>;
  status?: Record<string, string> | string[] | string;
  note?: string[];
  extension?: { discontinued?: boolean | null; px?: { tableid?: string }; [k: string]: unknown };
}

/** JSON-stat 1 (`{dataset: {…}}`, id/size/role inside `dimension`) lifted to the version 2 layout. */
export function fromVersion1(doc: { dataset: Record<string, unknown> }): JsonStatDataset {
  const ds = doc.dataset;
  const dims = ds.dimension as Record<string, unknown> & { id: string[]; size: number[]; role?: JsonStatDataset['role'] };
  const { id, size, role, ...dimension } = dims;
  return { ...(ds as object), id, size, role, dimension: dimension as Record<string, JsonStatDimension> } as JsonStatDataset;
}

/** The codes of a category in index order (an index may be an object of positions or an array). */
export function categoryCodes(category: JsonStatCategory): string[] {
  const index = category.index;
  if (Array.isArray(index)) return [...index];
  if (index) return Object.entries(index).sort((a, b) => a[1] - b[1]).map(([code]) => code);
  // A single-category dimension may carry only a label.
  return Object.keys(category.label ?? {});
}

/** A dimension's role: time, geo or metric, or null for a breakdown. */
function roleOf(ds: JsonStatDataset, code: string): 'time' | 'geo' | 'metric' | null {
  const role = ds.role ?? {};
  if (role.time?.includes(code)) return 'time';
  if (role.geo?.includes(code)) return 'geo';
  if (role.metric?.includes(code)) return 'metric';
  return null;
}

/** A value as a number, or null for a missing one (`..`, `.`, `:`, null) and the symbol that stands for it. */
function cell(raw: number | string | null | undefined): { value: number | null; symbol?: string } {
  if (typeof raw === 'number') return { value: raw };
  if (raw === null || raw === undefined) return { value: null };
  const text = String(raw).trim();
  const n = Number(text);
  if (text !== '' && Number.isFinite(n)) return { value: n };
  return { value: null, symbol: text };
}

export function decodeDataset(ds: JsonStatDataset) {
  const count = ds.size.reduce((a, b) => a * b, 1);
  const raw = ds.value;
  const values: (number | null)[] = new Array(count);
  const status: Record<string, string> = {};
  const given = typeof ds.status === 'string' ? undefined : ds.status;
  for (let i = 0; i < count; i++) {
    const c = cell(Array.isArray(raw) ? raw[i] : raw[String(i)]);
    values[i] = c.value;
    const symbol = (given as Record<string, string> | undefined)?.[i] ?? (typeof ds.status === 'string' ? ds.status : undefined) ?? c.symbol;
    if (symbol !== undefined && c.value === null) status[String(i)] = symbol;
  }
  const dimensions = ds.id.map((code) => {
    const dim = ds.dimension[code];
    const labels = dim.category.label ?? {};
    const units = dim.category.unit ?? {};
    return {
      code,
      label: dim.label ?? code,
      role: roleOf(ds, code),
      values: categoryCodes(dim.category).map((c) => ({ code: c, label: labels[c] ?? c, ...(units[c]?.base !== undefined && { unit: units[c].base }) })),
    };
  });
  return { label: ds.label ?? null, source: ds.source ?? null, updated: ds.updated ?? null, cells: count, dimensions, values, status, notes: ds.note ?? [] };
}

/** Output schema of a decoded dataset (the pieces every data tool answers). */
export const datasetOutput = {
  label: z.string().nullable(),
  source: z.string().nullable(),
  updated: z.string().nullable(),
  cells: z.number().int(),
  dimensions: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      role: z.enum(['time', 'geo', 'metric']).nullable(),
      values: z.array(z.object({ code: z.string(), label: z.string(), unit: z.string().optional() })),
    }),
  ),
  values: z.array(z.number().nullable()).describe('Row-major: the last dimension varies fastest. null = missing (see status).'),
  status: z.record(z.string(), z.string()).describe('Index in values → the symbol published for a missing value (.. = not available, . = not applicable, : = confidential).'),
  notes: z.array(z.string()),
};
