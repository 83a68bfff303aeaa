// SSB's PxWebApi 2: request paths, the table metadata, and the selection rules of a data query
// (which values of which variable, how many cells that makes).
//
// Follows: SSB's user guide (https://www.ssb.no/api/api-mot-statistikkbanken--brukerveiledning),
// PxTools' OpenAPI (PxTools/PxApiSpecs PxAPI-2.yml) and PxWebApi 2 user guide
// (https://www.pxtools.net/PxWebApi/documentation/user-guide).
// Relied on:
// - GET /tables?query=&lang=&pageNumber=&pageSize= answers {language, tables[{id, label, updated,
//   firstPeriod, lastPeriod, timeUnit, variableNames, discontinued?, paths…}], page{pageNumber,
//   pageSize, totalElements, totalPages}} (PxAPI-2.yml TablesResponse; live answer in
//   egil10/riksdata tests/fixtures/ssb/tables_en_page1.json). Discontinued tables are left out
//   unless includeDiscontinued=true.
// - GET /tables/{id}/metadata?lang= answers a JSON-stat 2.0 dataset with an empty `value`; each
//   dimension's `extension.elimination` says whether the variable may be left out of a query
//   (statisticsnorway/dapla-statbank-client tests/resources/metadata_05300.json).
// - POST /tables/{id}/data?lang=&outputFormat=json-stat2 with {selection: [{variableCode,
//   valueCodes[]}]}; a variable that is left out is eliminated (summed, or its total), not "all".
//   Value codes may be codes or expressions: `*` and `?` wildcards, top(n[,offset]),
//   bottom(n[,offset]), from(code), to(code), range(code1,code2). Codes are not case-sensitive.
// - 800 000 cells per extract (the user guide; /config maxDataCells). A repeated code in one
//   variable answers 500 with an empty body (janbrus/pxwebapi-skills troubleshooting.md), so
//   repeats are dropped before the call.
// - Errors: {"type":"Parameter error","title":"Non-existent value","status":400} (the same file).
import { fail } from '../../runtime/errors.js';
import type { ToolContext } from '../../runtime/context.js';
import { categoryCodes, type JsonStatDataset } from '../_shared/jsonstat.js';

export const UPSTREAM = 'ssb-pxwebapi';
export const MAX_CELLS = 800_000;
export const SOURCE = { register: 'Statistisk sentralbyrå, Statistikkbanken', url: 'https://www.ssb.no/statbank' };

export const tableUrl = (id: string) => `https://www.ssb.no/statbank/table/${id}`;

/** Metadata and the tables list change when SSB publishes (08:00) or updates metadata (05:00, 11:30). */
export const METADATA_TTL = 6 * 3600;
/** Data: SSB publishes new figures once a day at 08:00. */
export const DATA_TTL = 3600;

export interface Variable {
  code: string;
  label: string;
  elimination: boolean;
  time: boolean;
  values: { code: string; label: string }[];
}

export interface TableMetadata {
  tableId: string;
  label: string | null;
  updated: string | null;
  discontinued: boolean;
  notes: string[];
  variables: Variable[];
}

export function readMetadata(tableId: string, ds: JsonStatDataset): TableMetadata {
  const time = new Set(ds.role?.time ?? []);
  return {
    tableId,
    label: ds.label ?? null,
    updated: ds.updated ?? null,
    discontinued: ds.extension?.discontinued === true,
    notes: ds.note ?? [],
    variables: ds.id.map((code) => {
      const dim = ds.dimension[code];
      const labels = dim.category.label ?? {};
      return {
        code,
        label: dim.label ?? code,
        elimination: dim.extension?.elimination === true,
        time: time.has(code),
        values: categoryCodes(dim.category).map((c) => ({ code: c, label: labels[c] ?? c })),
      };
    }),
  };
}

/** The table's metadata; a table SSB does not have is a 404 naming it. */
export async function metadata(ctx: ToolContext, tableId: string, lang: string | undefined): Promise<TableMetadata> {
  const ds = await ctx.find<JsonStatDataset>(UPSTREAM, '/tables/{id}/metadata', { params: { id: tableId }, query: { lang }, ttlSeconds: METADATA_TTL });
  if (ds === null) throw fail.notFound(`SSB has no table ${tableId}; ssb.tables.list finds tables by subject or number`);
  return readMetadata(tableId, ds);
}

export interface SelectionItem {
  variableCode: string;
  valueCodes: string[];
}

/** How many of `codes` one value expression selects, or undefined when it is a plain code. */
export function expressionCount(codes: string[], raw: string): number | undefined {
  const expr = raw.trim().replace(/^\[(.*)\]$/, '$1');
  const lower = codes.map((c) => c.toLowerCase());
  const at = (code: string) => lower.indexOf(code.trim().toLowerCase());
  const call = /^(top|bottom|from|to|range)\((.*)\)$/i.exec(expr);
  if (call) {
    const args = call[2].split(',').map((a) => a.trim());
    const fn = call[1].toLowerCase();
    if (fn === 'top' || fn === 'bottom') {
      const n = Number(args[0]);
      const offset = args[1] === undefined ? 0 : Number(args[1]);
      if (!Number.isInteger(n) || !Number.isInteger(offset) || n < 0 || offset < 0) throw fail.invalidInput(`selection: ${raw} is not a valid ${fn}(n[, offset]) expression`);
      return Math.max(0, Math.min(n, codes.length - offset));
    }
    if (fn === 'from' || fn === 'to') {
      const i = at(args[0]);
      if (i < 0) return 0;
      return fn === 'from' ? codes.length - i : i + 1;
    }
    const [a, b] = [at(args[0] ?? ''), at(args[1] ?? '')];
    return a < 0 || b < 0 ? 0 : Math.abs(b - a) + 1;
  }
  if (/[*?]/.test(expr)) {
    const pattern = new RegExp(`^${expr.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 'i');
    return codes.filter((c) => pattern.test(c)).length;
  }
  return undefined;
}

export interface Plan {
  /** The body of the data call: every variable, a left-out one as all its values (`*`). */
  selection: SelectionItem[];
  cells: number;
  counts: { variableCode: string; values: number }[];
}

/**
 * The data call for `selection` on a table: each variable that is not named selects all its values
 * (the spec's "omitted means all"), named variables and codes are checked against the metadata
 * (so a typo is refused by name, not by SSB's bare 400), and the cells are counted before any data
 * call, so an extract above the ceiling is refused with its size and how to narrow it.
 */
export function plan(meta: TableMetadata, selection: SelectionItem[] = []): Plan {
  const byCode = new Map(meta.variables.map((v) => [v.code.toLowerCase(), v]));
  const given = new Map<string, string[]>();
  for (const item of selection) {
    const variable = byCode.get(item.variableCode.toLowerCase());
    if (!variable) {
      throw fail.invalidInput(`selection: table ${meta.tableId} has no variable ${JSON.stringify(item.variableCode)}; its variables are ${meta.variables.map((v) => v.code).join(', ')}`, {
        extra: { fields: ['selection'] },
      });
    }
    if (given.has(variable.code)) throw fail.invalidInput(`selection: variable ${variable.code} is given twice; give all its valueCodes in one entry`, { extra: { fields: ['selection'] } });
    given.set(variable.code, [...new Set(item.valueCodes.map((c) => c.trim()))]);
  }
  const counts = meta.variables.map((v) => {
    const codes = v.values.map((x) => x.code);
    const chosen = given.get(v.code);
    if (!chosen || chosen.length === 0) return { variableCode: v.code, valueCodes: ['*'], values: codes.length };
    let n = 0;
    for (const code of chosen) {
      const count = expressionCount(codes, code);
      if (count !== undefined) {
        n += count;
        continue;
      }
      if (!codes.some((c) => c.toLowerCase() === code.toLowerCase())) {
        const eg = codes.slice(0, 5).join(', ');
        throw fail.invalidInput(`selection: ${JSON.stringify(code)} is not a value of variable ${v.code} in table ${meta.tableId} (its ${codes.length} values include ${eg})`, {
          extra: { fields: ['selection'] },
        });
      }
      n += 1;
    }
    return { variableCode: v.code, valueCodes: chosen, values: Math.min(n, codes.length) };
  });
  const cells = counts.reduce((product, c) => product * c.values, 1);
  if (cells > MAX_CELLS) {
    const largest = [...counts].sort((a, b) => b.values - a.values).slice(0, 3).map((c) => `${c.variableCode} (${c.values} values)`);
    throw fail.invalidInput(
      `selection: this query selects ${cells.toLocaleString('en')} cells, above SSB's ceiling of ${MAX_CELLS.toLocaleString('en')} cells per extract. Narrow it: choose fewer valueCodes for ${largest.join(', ')}; for the time variable use top(n) or from(period); a variable left out of selection counts all its values.`,
      { extra: { fields: ['selection'], cells, maxCells: MAX_CELLS } },
    );
  }
  return {
    selection: counts.map(({ variableCode, valueCodes }) => ({ variableCode, valueCodes })),
    cells,
    counts: counts.map(({ variableCode, values }) => ({ variableCode, values })),
  };
}

/** POSTs a data selection; a table SSB does not have is a 404. */
export async function data(ctx: ToolContext, tableId: string, lang: string | undefined, selection: SelectionItem[]): Promise<JsonStatDataset> {
  const res = await ctx.request<JsonStatDataset>({
    upstream: UPSTREAM,
    method: 'POST',
    path: '/tables/{id}/data',
    params: { id: tableId },
    query: { lang, outputFormat: 'json-stat2' },
    body: { selection },
    idempotent: true,
    notFound: 'null',
  });
  if (res.data === null) throw fail.notFound(`SSB has no table ${tableId}`);
  return res.data;
}
