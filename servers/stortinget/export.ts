// Stortinget's data service (data.stortinget.no/eksport): the requests, answer shapes and their
// mapping, shared by the stortinget tools.
//
// Follows Stortinget's own documentation (data.stortinget.no/dokumentasjon-og-hjelp/…):
// - "Viktige termer": every request takes `format=JSON` (XML without it); ids are unique only in
//   their context; session ids are written «1994-95» before the millennium shift and «2010-2011»
//   after it (the end year with two digits before 2000, four from 2000); every object carries
//   `versjon` (and `respons_dato_tid`).
// - "Saker": GET /eksport/saker?sesjonid=2010-2011 lists every case of a session (`sesjon_id`,
//   `saker_liste` of sak: id, sak_fremmet_id, innstilling_id, behandlet_sesjon_id, type (budsjett,
//   lovsak, alminneligsak), status (varslet, mottatt, til_behandling, behandlet, trukket, bortfalt),
//   dokumentgruppe, tittel, korttittel, henvisning, komite, emne_liste …); without sesjonid the
//   current session. The export has no paging: the whole session comes at once.
// - "Høringer", "Møter": the same `sesjonid` convention; "Vedtak": a case's page on stortinget.no
//   is //www.stortinget.no/no/Saker-og-publikasjoner/Saker/Sak/?p=<sak id>.
// - "Bruksvilkår" (data.stortinget.no/om-datatjenesten/bruksvilkar/): NLOD; "Stortinget skal
//   oppgis som kilde ved bruk av data fra tjenesten", hence the `kilde` of every answer.
// The pages on the other endpoints were not available to read; for them this module relies on
// Stortinget's XML examples quoted in the hdo-storting-importer specs (komiteer_oversikt,
// stortingsperioder_oversikt with innevaerende_stortingsperiode) and on clients of the JSON export
// (martigso/stortingscrape; OpenSanctions' no_stortinget crawler; others, UPSTREAMS.md B16):
// - GET /eksport/sesjoner → {innevaerende_sesjon: {id, fra, til}, sesjoner_liste: […]};
//   GET /eksport/stortingsperioder → {innevaerende_stortingsperiode: {id, …}, stortingsperioder_liste}.
// - GET /eksport/komiteer?sesjonid= → {sesjon_id, komiteer_liste: [{id, navn}]}.
// - GET /eksport/representanter?stortingsperiodeid= → {stortingsperiode_id, representanter_liste:
//   [{id, fornavn, etternavn, foedselsdato, doedsdato, kjoenn, fylke: {id, navn}, parti: {id, navn},
//   vara_representant}]} (elected representatives; vararepresentanter=true would add substitutes).
// - GET /eksport/dagensrepresentanter → {dagensrepresentanter_liste: […, komiteer_liste: [{id, navn}],
//   fast_vara_for}}: the representatives sitting today with their committees of the current session.
// - GET /eksport/person?personid= → {id, fornavn, etternavn, foedselsdato, doedsdato, kjoenn}.
// - In JSON, dates are /Date(ms±hhmm)/ (msdate.ts) and enumerations are numbers: kjoenn 1 kvinne,
//   2 mann; sak type 1 budsjett, 2 alminneligsak, 3 lovsak; sak status 1 behandlet,
//   2 til_behandling; dokumentgruppe 1 proposisjon, 2 melding, 3 redegjoerelse,
//   4 representantforslag, 5 grunnlovsforslag (each agreed by two independent clients).
// UNCONFIRMED:
// - sak status 3 mottatt, 5 trukket, 6 bortfalt, 7 varslet and dokumentgruppe 6 dokumentserien,
//   7 innstillingssaker, 8 innberetning (one client, which marks 4 and 7 uncertain); a code not
//   known here is answered as its number in a string. A name the export sends is kept as it is.
// - What the export answers for an unknown personid (read as: HTTP 404, or an object without id).
// - The export's error bodies (recorded as IIS's standard 503 page) and any published request rate
//   (none found; so no rateLimit is declared).
// - A committee's members for a session other than the current one: no endpoint for it was found
//   (only dagensrepresentanter carries komiteer_liste, for the current session), so
//   stortinget.komite.medlemmer answers the current session only (see komiteer.ts).
import { z } from 'zod';
import type { Coverage } from '../../runtime/define.js';
import type { ToolContext } from '../../runtime/context.js';
import { isoFromExport } from './msdate.js';
import { quoted } from '../../runtime/validation.js';

export const UPSTREAM = 'stortinget';
export const HOUR = 3600;
/** The current session and period change once a year (October): their lists are read at most every 6 hours. */
const CURRENT_TTL = 6 * HOUR;

export const coverage = (dataTypes: string[], updateFrequency: Coverage['updateFrequency'] = 'daily'): Coverage => ({
  geography: ['NO'],
  dataTypes,
  updateFrequency,
});

/**
 * The licence's required attribution ("Stortinget skal oppgis som kilde"): the register and the
 * export URL the answer came from (format left out: a person opening it reads the XML).
 */
export function kilde(path: string, query: Record<string, string> = {}) {
  const url = new URL(`https://data.stortinget.no/eksport${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return { register: 'Stortinget (data.stortinget.no)', url: url.toString() };
}

/** GET of one export list, in JSON. */
export function exportGet<T>(ctx: ToolContext, path: string, query: Record<string, string> = {}, ttlSeconds?: number): Promise<T> {
  return ctx.get<T>(UPSTREAM, path, { query: { ...query, format: 'JSON' }, ...(ttlSeconds !== undefined && { ttlSeconds }) });
}

// ---- Input fields ------------------------------------------------------------------------------

/** A session id as the export writes it: 2024-2025, or 1994-95 before 2000 (Viktige termer). */
const SESSION = /^(\d{4})-(\d{2}|\d{4})$/;

/** Why `id` is not a session id in the export's form, or undefined when it is. */
export function sessionProblem(id: string): string | undefined {
  const m = SESSION.exec(id);
  if (!m) return 'must be a session id such as 2024-2025 (or 1994-95 before 2000)';
  const start = Number(m[1]);
  const end = start + 1;
  const written = end < 2000 ? `${start}-${String(end).slice(2)}` : `${start}-${end}`;
  if (id !== written) return `must be written ${written}: a session runs from one year to the next, with the end year in two digits before 2000 and four from 2000`;
  return undefined;
}

/** Why `id` is not a parliamentary period id (2021-2025, 1945-49), or undefined when it is. */
export function periodProblem(id: string): string | undefined {
  const m = SESSION.exec(id);
  if (!m) return 'must be a period id such as 2021-2025 (or 1945-49)';
  const start = Number(m[1]);
  let end = Number(m[2]);
  if (m[2].length === 2) end += Math.floor(start / 100) * 100 + (end < start % 100 ? 100 : 0);
  if (end <= start || end - start > 9) return `must run from a start year to a later end year within nine years, such as 2021-2025 (got ${id})`;
  return undefined;
}

const EMPTY_OR_ID = /^$|^\d{4}-(\d{2}|\d{4})$/;

export const sesjonId = (description: string) =>
  z
    .string()
    .regex(EMPTY_OR_ID, { error: (iss) => `must be a session id such as 2024-2025 (1994-95 before 2000), or empty for the current session (got ${quoted(iss.input)})`, abort: true })
    .refine((v) => v === '' || sessionProblem(v) === undefined, { error: (iss) => `${sessionProblem(String(iss.input))} (got ${quoted(iss.input)})` })
    .optional()
    .describe(description);

export const periodeId = (description: string) =>
  z
    .string()
    .regex(EMPTY_OR_ID, { error: (iss) => `must be a period id such as 2021-2025 (1945-49 before 2000), or empty for the current period (got ${quoted(iss.input)})`, abort: true })
    .refine((v) => v === '' || periodProblem(v) === undefined, { error: (iss) => `${periodProblem(String(iss.input))}` })
    .optional()
    .describe(description);

// ---- Answers -----------------------------------------------------------------------------------

/** Stortinget's numbers for enumerations in JSON (see the header); a name is kept as sent. */
function named(table: Record<number, string>, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value !== 'number') throw new TypeError(`expected an enumeration code, got ${typeof value}`);
  return table[value] ?? String(value);
}

const KJOENN: Record<number, string> = { 1: 'kvinne', 2: 'mann' };
export const SAK_TYPE: Record<number, string> = { 1: 'budsjett', 2: 'alminneligsak', 3: 'lovsak' };
export const SAK_STATUS: Record<number, string> = { 1: 'behandlet', 2: 'til_behandling', 3: 'mottatt', 5: 'trukket', 6: 'bortfalt', 7: 'varslet' };
export const DOKUMENTGRUPPE: Record<number, string> = {
  1: 'proposisjon',
  2: 'melding',
  3: 'redegjoerelse',
  4: 'representantforslag',
  5: 'grunnlovsforslag',
  6: 'dokumentserien',
  7: 'innstillingssaker',
  8: 'innberetning',
};

export const kjoenn = (value: unknown) => named(KJOENN, value);
export const sakNamed = named;

export interface IdNavn {
  id?: string | null;
  navn?: string | null;
}

export interface ExportPerson {
  id?: string | null;
  fornavn?: string | null;
  etternavn?: string | null;
  foedselsdato?: string | null;
  doedsdato?: string | null;
  kjoenn?: number | string | null;
}

export interface ExportRepresentant extends ExportPerson {
  fylke?: IdNavn | null;
  parti?: IdNavn | null;
  vara_representant?: boolean | null;
  komiteer_liste?: IdNavn[] | null;
  fast_vara_for?: ExportPerson | null;
}

/** `{id, navn}` of a county, party or committee; null when the export leaves it out. */
export function idNavn(v: IdNavn | null | undefined): { id: string; navn: string | null } | null {
  if (v === null || v === undefined) return null;
  if (typeof v.id !== 'string') throw new TypeError('expected an id');
  return { id: v.id, navn: v.navn ?? null };
}

export const idNavnOutput = z.object({ id: z.string(), navn: z.string().nullable() });

export function person(p: ExportPerson) {
  if (typeof p.id !== 'string') throw new TypeError('expected a person id');
  return {
    id: p.id,
    fornavn: p.fornavn ?? null,
    etternavn: p.etternavn ?? null,
    kjoenn: kjoenn(p.kjoenn),
    foedselsdato: isoFromExport(p.foedselsdato),
    doedsdato: isoFromExport(p.doedsdato),
  };
}

export const personFields = {
  id: z.string(),
  fornavn: z.string().nullable(),
  etternavn: z.string().nullable(),
  kjoenn: z.string().nullable().describe('kvinne or mann.'),
  foedselsdato: z.string().nullable(),
  doedsdato: z.string().nullable(),
};

// ---- The current session and period ------------------------------------------------------------

interface SesjonerAnswer {
  innevaerende_sesjon?: { id?: string | null } | null;
}

interface PerioderAnswer {
  innevaerende_stortingsperiode?: { id?: string | null } | null;
}

/** The session Stortinget calls current (innevaerende_sesjon of /sesjoner). */
export async function currentSession(ctx: ToolContext): Promise<string> {
  const answer = await exportGet<SesjonerAnswer>(ctx, '/sesjoner', {}, CURRENT_TTL);
  const id = answer.innevaerende_sesjon?.id;
  if (typeof id !== 'string') throw new TypeError('sesjoner: no innevaerende_sesjon.id');
  return id;
}

/** The parliamentary period Stortinget calls current (innevaerende_stortingsperiode of /stortingsperioder). */
export async function currentPeriod(ctx: ToolContext): Promise<string> {
  const answer = await exportGet<PerioderAnswer>(ctx, '/stortingsperioder', {}, CURRENT_TTL);
  const id = answer.innevaerende_stortingsperiode?.id;
  if (typeof id !== 'string') throw new TypeError('stortingsperioder: no innevaerende_stortingsperiode.id');
  return id;
}

/** The given session, or the current one when it is absent or empty. */
export const sessionOrCurrent = async (ctx: ToolContext, id: string | undefined) => (id ? id : currentSession(ctx));
/** The given period, or the current one when it is absent or empty. */
export const periodOrCurrent = async (ctx: ToolContext, id: string | undefined) => (id ? id : currentPeriod(ctx));

/** One page of a list the export answers whole; without a limit the whole list is the one page. */
export function pageOf<T>(items: T[], page: number, limit: number | undefined) {
  const size = limit ?? Math.max(items.length, 1);
  const slice = items.slice((page - 1) * size, page * size);
  return { slice, hasMore: page * size < items.length };
}

export const pageFields = {
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int().nullable(),
  count: z.number().int(),
  hasMore: z.boolean(),
};
