// havner.list and havn.detalj: Kystverket's NSR locations (the file "Lokasjoner (SafeSeaNet,
// NewShipRep)" on data.kystverket.no), read through a file index.
//
// Follows: the dataset page https://data.kystverket.no/dataset/nsr-lokasjoner (columns id,
// locode, locationname, locationtype, country, county, municipality, wkt, lon, lat; "the locode
// sometimes refers to a port, sometimes to a quay") and CKAN's action API
// (https://docs.ckan.org/en/latest/api/): GET /api/3/action/package_show?id=nsr-lokasjoner
// answers {success, result: {resources: [{url, format, ...}]}}; the file is the CSV resource's
// url, found there on each refresh so that a re-uploaded file (new resource address) is followed.
// UNCONFIRMED: the file's delimiter (comma or semicolon: read from its header), its location
// type values (e.g. Havn, Kai), and the resource's address (recordings use a constructed one).
import { z } from 'zod';
import type { ToolContext } from '../../runtime/context.js';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { FileIndex } from '../../runtime/file-index.js';
import { recordsOf } from '../../runtime/files/csv.js';
import { csvFile } from '../../runtime/files/off-thread-decode.js';
import { int, text } from '../../runtime/fields.js';
import { note, optNum, optStr, sourceRef } from '../../runtime/output.js';
import { quoted } from '../../runtime/validation.js';

const UPSTREAM = 'kystverket-data';
export const PACKAGE_PATH = '/api/3/action/package_show';
export const PACKAGE_ID = 'nsr-lokasjoner';
const DATASET_PAGE = 'https://data.kystverket.no/dataset/nsr-lokasjoner';
const DAY = 86_400;
export const KILDE = { register: 'Kystverket, Lokasjoner (SafeSeaNet, NewShipRep)', url: DATASET_PAGE };

export interface Port {
  id: string;
  unlocode: string | null;
  navn: string;
  type: string | null;
  land: string | null;
  fylke: string | null;
  kommune: string | null;
  latitude: number | null;
  longitude: number | null;
  wkt: string | null;
}

interface CkanResource {
  url?: string | null;
  format?: string | null;
}

interface CkanPackage {
  success?: boolean;
  result?: { resources?: CkanResource[] | null } | null;
}

const text0 = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());
const coord = (v: string | undefined) => {
  const n = Number((v ?? '').replace(',', '.'));
  return v !== undefined && v.trim() !== '' && Number.isFinite(n) ? n : null;
};
export const fold = (v: string | null | undefined) => (v ?? '').trim().toLocaleUpperCase('nb');

/**
 * The locations file, read in a worker: a header row of column names; the delimiter is whichever
 * the header uses. Some tens of thousands of locations of 10 columns; a quay's WKT may be long,
 * which the default cap of a million characters a record (runtime/files/caps.ts) allows.
 */
const LOCATIONS = csvFile({ delimiterFromHeader: true, bom: true, skip_empty_lines: true, trim: true });

function buildPorts(table: string[][]): Port[] {
  const out: Port[] = [];
  for (const r of recordsOf(table, (c) => c.trim().toLowerCase()).records) {
    const id = text0(r.id);
    const navn = text0(r.locationname);
    if (!id || !navn) continue;
    out.push({
      id,
      unlocode: text0(r.locode)?.toUpperCase() ?? null,
      navn,
      type: text0(r.locationtype),
      land: text0(r.country),
      fylke: text0(r.county),
      kommune: text0(r.municipality),
      latitude: coord(r.lat),
      longitude: coord(r.lon),
      wkt: text0(r.wkt),
    });
  }
  return out.sort((a, b) => a.navn.localeCompare(b.navn, 'nb') || Number(a.id) - Number(b.id));
}

/** One index per file address (the catalogue names the address). */
const indexes = new Map<string, FileIndex<string[][], Port[]>>();

function indexFor(path: string) {
  let index = indexes.get(path);
  if (!index) {
    index = new FileIndex({
      title: 'the Kystverket locations file',
    register: KILDE.register,
      withoutIt: 'no port can be listed or looked up',
      upstream: UPSTREAM,
      path,
      decodeOffThread: LOCATIONS,
      build: buildPorts,
      refreshAfterMs: DAY * 1000,
      describe: (ports) => ({ locations: ports.length }),
    });
    indexes.set(path, index);
  }
  return index;
}

/** The path of the dataset's CSV file on this upstream, from the catalogue's record of it. */
function csvPath(pkg: CkanPackage | null, ctx: ToolContext): string {
  const resources = pkg?.result?.resources;
  const csv = Array.isArray(resources)
    ? resources.find((r) => r && typeof r.url === 'string' && (String(r.format ?? '').toUpperCase() === 'CSV' || /\.csv$/i.test(r.url)))
    : undefined;
  if (!csv?.url) throw fail.upstream('Kystverket\'s catalogue lists no CSV file for the locations dataset (nsr-lokasjoner)');
  const url = new URL(csv.url);
  const here = new URL(ctx.locate(UPSTREAM, '/'));
  if (url.hostname !== 'data.kystverket.no' && url.hostname !== here.hostname) {
    throw fail.upstream(`Kystverket's locations file has moved to another host (${url.hostname})`);
  }
  if (!/^(\/[^/]+)+$/.test(url.pathname) || /\/\.\.?(\/|$)/.test(url.pathname)) throw fail.upstream('Kystverket\'s catalogue gives the locations file an address that cannot be read');
  return url.pathname;
}

/** Every NSR location, sorted by name. */
export async function loadPorts(ctx: ToolContext): Promise<Port[]> {
  const pkg = await ctx.find<CkanPackage>(UPSTREAM, PACKAGE_PATH, { query: { id: PACKAGE_ID }, ttlSeconds: DAY });
  // The dataset itself is gone from the catalogue: the register cannot be read, which is no caller's not-found.
  if (pkg === null) throw fail.upstream('Kystverket\'s catalogue no longer has the locations dataset (nsr-lokasjoner)');
  return (await indexFor(csvPath(pkg, ctx)).load(ctx)).index;
}

/** Tests: forget every locations index. */
export function resetPortIndexes(): void {
  for (const index of indexes.values()) index.reset();
}

const portFields = {
  id: z.string(),
  unlocode: optStr(),
  navn: z.string(),
  type: optStr().describe('Location type as Kystverket writes it (port, quay, place at sea...).'),
  land: optStr(),
  fylke: optStr(),
  kommune: optStr(),
  latitude: optNum(),
  longitude: optNum(),
};
const portListed = (p: Port) => ({ id: p.id, unlocode: p.unlocode, navn: p.navn, type: p.type, land: p.land, fylke: p.fylke, kommune: p.kommune, latitude: p.latitude, longitude: p.longitude });

export const havnerList = defineTool({
  name: 'havner.list',
  title: 'Ports and port locations (Kystverket)',
  description:
    "Ports, quays and other port-call locations from Kystverket's location register (SafeSeaNet/NewShipRep, the identifiers used in port-call statistics): id, UN/LOCODE, name, type, country, county, municipality, position. Norwegian and foreign locations; sorted by name. " +
    'Filters: navn (part of the name, any case), fylke (county name, e.g. Vestland). antall 1-200 (default 50); total counts every match. Use kystverket.havn.detalj for one location. An empty list means nothing matched.',
  input: {
    navn: text('Part of the location name, any case.', 1, 100).optional(),
    fylke: text('County name, e.g. Vestland; any case.', 1, 60).optional(),
    antall: int({ min: 1, max: 200, default: 50, description: 'Number of locations, 1 to 200. Default 50.' }),
  },
  output: z.object({ navn: optStr(), fylke: optStr(), total: z.number().int(), count: z.number().int(), havner: z.array(z.object(portFields)), note, kilde: sourceRef }),
  coverage: { geography: ['NO'], dataTypes: ['port', 'location'], updateFrequency: 'unknown' },
  cacheTtlSeconds: DAY,
  route: '/havner',
  example: { fylke: 'Vestland', antall: 5 },
  run: async ({ navn, fylke, antall }, ctx) => {
    const ports = await loadPorts(ctx);
    const part = navn ? fold(navn) : null;
    const county = fylke ? fold(fylke) : null;
    const matches = ports.filter((p) => (!part || fold(p.navn).includes(part)) && (!county || fold(p.fylke) === county));
    const havner = matches.slice(0, antall).map(portListed);
    return {
      navn: navn ?? null,
      fylke: fylke ?? null,
      total: matches.length,
      count: havner.length,
      havner,
      ...(havner.length === 0 && { note: 'No location in Kystverket\'s register matches these filters (fylke is a county name such as Vestland or Nordland).' }),
      kilde: KILDE,
    };
  },
});

/** Among several locations with one code or name, the port itself before its quays, then the lowest id. */
function best(candidates: Port[]): Port {
  const isPort = (p: Port) => /havn|port/i.test(p.type ?? '');
  return [...candidates].sort((a, b) => Number(isPort(b)) - Number(isPort(a)) || Number(a.id) - Number(b.id))[0];
}

export const havnDetalj = defineTool({
  name: 'havn.detalj',
  title: 'One port location (Kystverket)',
  description:
    "One location of Kystverket's port register with its geometry (WKT): found by id (the register's number), else by unlocode (5 characters, e.g. NOBGO), else by exact name (any case); when several are given the first of id, unlocode, navn decides. " +
    'A code or name shared by several locations (a port and its quays) answers the port, with the others in sameCode. Nothing found answers not_found.',
  input: {
    id: z
      .string()
      .regex(/^\d{1,10}$/, { error: (iss) => `must be the register's numeric id, 1 to 10 digits (got ${quoted(iss.input)})` })
      .describe("The register's id of the location, as havner.list gives it.")
      .optional(),
    unlocode: z
      .string()
      .length(5, { error: (iss) => `must be a UN/LOCODE of exactly 5 characters, e.g. NOBGO (got ${quoted(iss.input)})` })
      .describe('UN/LOCODE, 5 characters, e.g. NOBGO (Bergen); any case.')
      .optional(),
    navn: text('Exact name of the location, any case.', 1, 100).optional(),
  },
  refine: (input, issues) => {
    if (input.id === undefined && input.unlocode === undefined && input.navn === undefined) issues.add('give one of id, unlocode, navn (precedence id, then unlocode, then navn)');
  },
  output: z.object({
    matchedBy: z.enum(['id', 'unlocode', 'navn']),
    havn: z.object({ ...portFields, wkt: optStr() }),
    sameCode: z.array(z.object({ id: z.string(), navn: z.string(), type: optStr() })).describe('Other locations with the same UN/LOCODE.'),
    kilde: sourceRef,
  }),
  coverage: { geography: ['NO'], dataTypes: ['port', 'location'], updateFrequency: 'unknown' },
  cacheTtlSeconds: DAY,
  route: '/havner/detalj',
  example: { unlocode: 'NOBGO' },
  run: async ({ id, unlocode, navn }, ctx) => {
    const ports = await loadPorts(ctx);
    const [matchedBy, wanted, candidates] =
      id !== undefined
        ? (['id', id, ports.filter((p) => p.id === id)] as const)
        : unlocode !== undefined
          ? (['unlocode', unlocode.toUpperCase(), ports.filter((p) => p.unlocode === unlocode.toUpperCase())] as const)
          : (['navn', navn!, ports.filter((p) => fold(p.navn) === fold(navn))] as const);
    if (candidates.length === 0) throw fail.notFound(`Kystverket's location register has no location with ${matchedBy} ${wanted}`);
    const havn = best(candidates);
    const sameCode = havn.unlocode ? ports.filter((p) => p.unlocode === havn.unlocode && p.id !== havn.id).map((p) => ({ id: p.id, navn: p.navn, type: p.type })) : [];
    return { matchedBy, havn, sameCode, kilde: KILDE };
  },
});
