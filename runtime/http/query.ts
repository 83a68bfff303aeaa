// Turns query strings and path parameters into a tool's arguments, by the field types of its
// schema, so a connector route validates exactly as the MCP tool does. Only well-formed numbers
// and booleans are converted; anything else is passed on as text and fails validation by name.
import type { z } from 'zod';
import { fail } from '../errors.js';

export type FieldKind = 'string' | 'number' | 'boolean' | 'array' | 'other';

interface ZodInternals {
  _zod: { def: { type: string; innerType?: ZodInternals; in?: ZodInternals; element?: ZodInternals; values?: unknown[] } };
}

function kindOf(schema: ZodInternals): FieldKind {
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
    case 'prefault':
    case 'readonly':
      return kindOf(def.innerType!);
    case 'pipe':
      return kindOf(def.in!);
    case 'number':
    case 'int':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'array';
    case 'string':
    case 'enum':
    case 'literal':
      return 'string';
    default:
      return 'other';
  }
}

function elementKind(schema: ZodInternals): FieldKind {
  const def = schema._zod.def;
  if (def.type === 'array') return kindOf(def.element!);
  if (def.innerType) return elementKind(def.innerType);
  if (def.in) return elementKind(def.in);
  return 'string';
}

export interface FieldPlan {
  kind: FieldKind;
  element: FieldKind;
}

export function planFields(shape: z.ZodRawShape): Map<string, FieldPlan> {
  const plan = new Map<string, FieldPlan>();
  for (const [name, schema] of Object.entries(shape)) {
    const s = schema as unknown as ZodInternals;
    plan.set(name, { kind: kindOf(s), element: elementKind(s) });
  }
  return plan;
}

const NUMBER = /^-?(?:0|[1-9]\d{0,15})(?:\.\d+)?$/;

function convert(value: string, kind: FieldKind): unknown {
  if (kind === 'number') return NUMBER.test(value) ? Number(value) : value;
  if (kind === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

/** Arguments from query parameters (each given once; arrays repeated or comma-separated) and path parameters. */
export function argsFromQuery(
  plan: Map<string, FieldPlan>,
  query: Record<string, string[]>,
  pathParams: Record<string, string>,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(query)) {
    const field = plan.get(name);
    if (!field) {
      args[name] = values[0];
      continue;
    }
    if (field.kind === 'array') {
      args[name] = values.flatMap((v) => v.split(',')).filter((v) => v !== '').map((v) => convert(v, field.element));
      continue;
    }
    if (values.length > 1) throw fail.invalidInput(`${name}: must be given once (got ${values.length} values)`);
    args[name] = convert(values[0], field.kind);
  }
  for (const [name, value] of Object.entries(pathParams)) {
    const field = plan.get(name);
    args[name] = convert(value, field?.kind ?? 'string');
  }
  return args;
}
