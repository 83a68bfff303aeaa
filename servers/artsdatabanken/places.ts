// County and municipality arguments of observations.list: a county by number or name (the current
// counties, common.ts), a municipality by its 4-digit number or by its name, looked up in
// Kartverket's municipality register (GET /kommuner of the kommuneinfo API, answering
// [{kommunenummer, kommunenavn, kommunenavnNorsk}]; field names as read by public clients, file
// ids under UPSTREAMS.md B1 "DsbNorge A3Forms").
import { z } from 'zod';
import type { ToolContext } from '../../runtime/context.js';
import { fail } from '../../runtime/errors.js';
import { COUNTIES, resolveCounty } from './common.js';
import { quoted } from '../../runtime/validation.js';

export const countyField = () =>
  z
    .string()
    .refine((v) => resolveCounty(v) !== undefined, {
      error: (iss) =>
        `must be a county's two-digit number or name: ${COUNTIES.map((c) => `${c.number} ${c.name}`).join(', ')} (got ${quoted(iss.input)})`,
    })
    .describe('County number (e.g. 46) or name (e.g. Vestland), as since 2024; also 21 Svalbard and 22 Jan Mayen.');

export const municipalityField = () =>
  z.string().min(1).describe('Municipality number (e.g. 4601) or name (e.g. Bergen).');

interface Kommune {
  kommunenummer?: string;
  kommunenavn?: string;
  kommunenavnNorsk?: string;
}

const fold = (s: string) => s.trim().toLocaleLowerCase('nb').replace(/\s+/g, ' ');

/** A municipality's number: a 4-digit number as it stands, a name looked up in Kartverket's register. */
export async function resolveMunicipality(ctx: ToolContext, value: string): Promise<string> {
  if (/^\d{4}$/.test(value.trim())) return value.trim();
  const all = await ctx.get<Kommune[]>('kartverket-kommuneinfo', '/kommuner', { ttlSeconds: 86_400 });
  const wanted = fold(value);
  const hits = (Array.isArray(all) ? all : []).filter(
    (k) => typeof k.kommunenummer === 'string' && [k.kommunenavn, k.kommunenavnNorsk].some((n) => typeof n === 'string' && fold(n) === wanted),
  );
  if (hits.length === 0) throw fail.invalidInput(`municipality: no Norwegian municipality is named ${JSON.stringify(value)}; give its name as Kartverket writes it or its 4-digit number`);
  if (hits.length > 1) {
    throw fail.invalidInput(
      `municipality: ${JSON.stringify(value)} names ${hits.length} municipalities (${hits.map((k) => k.kommunenummer).join(', ')}); give the 4-digit number`,
    );
  }
  return hits[0].kommunenummer!;
}
