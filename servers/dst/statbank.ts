// Statistics Denmark's StatBank API (api.statbank.dk v1): requests, table information and the cell
// count of a data query.
//
// Follows: DST's API documentation (https://www.dst.dk/en/Statistik/hjaelp-til-statistikbanken/api)
// and its console (https://api.statbank.dk/console), UPSTREAMS.md B13.
// Relied on:
// - Functions /v1/tables, /v1/tableinfo and /v1/data, each taking its settings as a POSTed JSON
//   object (the documented, recommended form): {lang: "da"|"en", format: "JSON"} for tables and
//   tableinfo (with {table}), {table, lang, format: "JSONSTAT", variables: [{code, values[]}]} for
//   data. `*` selects every value of a variable; a variable left out is eliminated (its total) or,
//   for time, StatBank's default.
// - tables answers [{id, text, unit, updated, firstPeriod, latestPeriod, active, variables[]}];
//   tableinfo answers {id, text, description, unit, updated, active, variables: [{id, text,
//   elimination, time, values: [{id, text}]}], footnote?} (a trimmed live answer of 2026-10-10 in a
//   public adapter's tests, UPSTREAMS.md B13 idx 71034818635).
// - JSONSTAT is JSON-stat version 1 ({dataset: {dimension: {…, id, size, role}, value}}); a value
//   StatBank does not publish is written `..`, which becomes null with status `..`.
// - Errors are HTTP 400 with {errorTypeCode, message}: EXTRACT-NOTFOUND for an unknown table,
//   variable or value, REQUEST-LIMIT for too many cells (same source; DST's own error list).
// UNCONFIRMED: the cell ceiling of JSON and CSV data calls, 1 000 000 cells (stated by a third-party
//   guide to the API, not by DST; BULK has none); that a left-out non-eliminable variable gives one
//   value (counted as one).
import type { ToolContext } from '../../runtime/context.js';
import { fail } from '../../runtime/errors.js';

export const UPSTREAM = 'dst-statbank';
export const MAX_CELLS = 1_000_000;
export const tableUrl = (id: string) => `https://www.statistikbanken.dk/${encodeURIComponent(id)}`;
export const SOURCE = { register: 'Danmarks Statistik, Statistikbanken', url: 'https://www.statistikbanken.dk' };
/** DST publishes at 08:00; table lists and their metadata change then. */
export const METADATA_TTL = 6 * 3600;
export const DATA_TTL = 3600;

export interface TableInfo {
  id: string;
  text?: string;
  description?: string;
  unit?: string;
  updated?: string;
  active?: boolean;
  footnote?: { text?: string } | string | null;
  variables: { id: string; text?: string; elimination?: boolean; time?: boolean; values: { id: string; text?: string }[] }[];
}

/** POSTs a function's settings as JSON (DST's recommended form): a read, so cached and retried like a GET. */
export async function post<T>(ctx: ToolContext, path: '/tables' | '/tableinfo' | '/data', body: Record<string, unknown>, ttlSeconds?: number): Promise<T> {
  const res = await ctx.request<T>({ upstream: UPSTREAM, method: 'POST', path, body, idempotent: true, ttlSeconds });
  return res.data as T;
}

/** The table's information. */
export function tableInfo(ctx: ToolContext, table: string, lang: string): Promise<TableInfo> {
  return post<TableInfo>(ctx, '/tableinfo', { table, lang, format: 'JSON' }, METADATA_TTL);
}

export interface VariableSelection {
  code: string;
  values: string[];
}

/**
 * The variables as sent (each code as the table spells it), and the cells they select, counted from
 * the table information before any data call; above StatBank's ceiling the query is refused with
 * its size and how to narrow it.
 */
export function plan(info: TableInfo, variables: VariableSelection[] = []) {
  const byCode = new Map(info.variables.map((v) => [v.id.toLowerCase(), v]));
  const seen = new Set<string>();
  const sent: VariableSelection[] = [];
  const counts: { code: string; values: number }[] = [];
  for (const item of variables) {
    const v = byCode.get(item.code.toLowerCase());
    if (!v) throw fail.invalidInput(`variables: table ${info.id} has no variable ${JSON.stringify(item.code)}; its variables are ${info.variables.map((x) => x.id).join(', ')}`, { extra: { fields: ['variables'] } });
    if (seen.has(v.id)) throw fail.invalidInput(`variables: variable ${v.id} is given twice; give all its values in one entry`, { extra: { fields: ['variables'] } });
    seen.add(v.id);
    const codes = v.values.map((x) => x.id);
    const values = [...new Set(item.values.map((x) => x.trim()))];
    let n = 0;
    for (const value of values) {
      if (value === '*') n += codes.length;
      else if (value.includes('*')) {
        const re = new RegExp(`^${value.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i');
        n += codes.filter((c) => re.test(c)).length;
      } else if (/^[(<>]/.test(value)) n += codes.length;
      else if (codes.includes(value)) n += 1;
      else {
        throw fail.invalidInput(`variables: ${JSON.stringify(value)} is not a value of variable ${v.id} in table ${info.id} (its ${codes.length} values include ${codes.slice(0, 5).join(', ')})`, {
          extra: { fields: ['variables'] },
        });
      }
    }
    sent.push({ code: v.id, values });
    counts.push({ code: v.id, values: Math.min(n, codes.length) || (values.length === 0 ? 1 : 0) });
  }
  for (const v of info.variables) if (!seen.has(v.id)) counts.push({ code: v.id, values: 1 });
  const cells = counts.reduce((product, c) => product * c.values, 1);
  if (cells > MAX_CELLS) {
    const largest = [...counts].sort((a, b) => b.values - a.values).slice(0, 3).map((c) => `${c.code} (${c.values} values)`);
    throw fail.invalidInput(
      `variables: this query selects ${cells.toLocaleString('en')} cells, above StatBank's ceiling of ${MAX_CELLS.toLocaleString('en')} cells for a JSON-stat extract. Narrow it: give fewer values for ${largest.join(', ')}, or leave out a variable that may be eliminated (its total is then used).`,
      { extra: { fields: ['variables'], cells, maxCells: MAX_CELLS } },
    );
  }
  return { variables: sent, cells };
}
