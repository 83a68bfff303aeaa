// Sokkeldirektoratet's FactPages tables, each read through a FileIndex (runtime/file-index.ts):
// downloaded once as CSV, shared, refreshed daily in the background. FactPages publishes its
// tables as downloads (CSV, also Excel and XML on its table pages) and its maps as an ArcGIS REST
// service (factmaps.sodir.no); the tables these tools need are not map layers, so the CSV
// downloads are read.
//
// Follows: FactPages' table-view export, GET
// /public?/Factpages/external/tableview/{table}&rs:Command=Render&rc:Toolbar=false&rc:Parameters=f&IpAddress=not_used&CultureCode=en&rs:Format=CSV&Top100=false
// (the address the FactPages table pages export to; used by many public clients, e.g. file ids
// 1399953141, 69264728674), comma-separated with a UTF-8 BOM and a header row of FactPages'
// column names (UPSTREAMS.md B11).
// Columns relied on (checked against the sources named):
// - field_production_monthly: prfInformationCarrier, prfYear, prfMonth, prfPrdOilNetMillSm3,
//   prfPrdGasNetBillSm3, prfPrdNGLNetMillSm3, prfPrdCondensateNetMillSm3, prfPrdOeNetMillSm3,
//   prfPrdProducedWaterInFieldMillSm3, prfNpdidInformationCarrier (file id 69264728674 checks
//   exactly this header).
// - field_reserves: fldName, fldVersion, fldRecoverable{Oil,Gas,NGL,Condensate,OE},
//   fldRemaining{Oil,Gas,NGL,Condensate,OE}, fldDateOffResEstDisplay (dd.mm.yyyy), fldNpdidField,
//   DatesyncNPD (same source).
// - field: fldName, cmpLongName (the operator), fldCurrentActivitySatus (sic), fldHcType,
//   fldMainArea, fldNpdidField, fldFactPageUrl (file ids 70516627422, 40415098678).
// - discovery_reserves: dscName, dscReservesRC, dscRecoverable{Oil,Gas,NGL,Condensate,Oe},
//   dscDateOffResEstDisplay (dd.mm.yyyy), dscNpdidDiscovery, dscReservesDateUpdated, DatesyncNPD
//   (file ids 43443262572, 45255734038 check exactly this header).
// - discovery: dscName, cmpLongName (the operator), dscCurrentActivityStatus (e.g. Production in
//   clarification phase; the values in file id 29175698879), dscOwnerKind (PRODUCTION LICENCE for a
//   discovery a production licence owns, file id 58533366553), dscNpdidDiscovery, fldNpdidField
//   (file ids 45828875788, 45250018941 check the whole header).
// - company: cmpLongName, cmpOrgNumberBrReg, cmpShortName, cmpNationCode, cmpNpdidCompany,
//   cmpLicenceOperCurrent, cmpLicenceLicenseeCurrent (Y/N) (file ids 43153659067, 1764583158).
// Columns are read by name, so their order does not matter.
// UNCONFIRMED: whether the export sends ETag or Last-Modified (the index revalidates when it does).
import type { ToolContext } from '../../runtime/context.js';
import { FileIndex } from '../../runtime/file-index.js';
import { recordsOf } from '../../runtime/files/csv.js';
import { csvFile } from '../../runtime/files/off-thread-decode.js';

export const UPSTREAM = 'sodir-factpages';
export const DAY = 86_400;
const REFRESH_AFTER_MS = 24 * 3600_000;

/** The export address of one FactPages table (a fixed template: no user input reaches it). */
export const tablePath = (table: string) =>
  `/public?/Factpages/external/tableview/${table}&rs:Command=Render&rc:Toolbar=false&rc:Parameters=f&IpAddress=not_used&CultureCode=en&rs:Format=CSV&Top100=false`;

export const FACTPAGES_URL = 'https://factpages.sodir.no/en';

type Row = Record<string, string>;

/**
 * A FactPages CSV: header row of column names, BOM tolerated, read in a worker (a body that is not
 * CSV fails there). The largest table read, monthly production, has about 30 000 rows of 15
 * columns: the default caps (runtime/files/caps.ts) are far above every table.
 */
const TABLE = csvFile({ bom: true, skip_empty_lines: true, trim: true });

/** A table's rows keyed by its header row. */
export const rowsOf = (table: string[][]): Row[] => recordsOf(table).records;

/** A published decimal, or null for an empty cell. */
export function decimal(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

export interface Field {
  id: string;
  name: string;
  status: string | null;
  operator: string | null;
  hcType: string | null;
  mainArea: string | null;
  factPageUrl: string | null;
}

export interface MonthRow {
  fieldId: string;
  field: string;
  year: number;
  month: number;
  oil: number | null;
  gas: number | null;
  ngl: number | null;
  condensate: number | null;
  oe: number | null;
  water: number | null;
}

export interface Production {
  rows: MonthRow[];
  /** The newest month published, as year*12 + month-1; null for an empty table. */
  latest: number | null;
}

export interface Products {
  oil: number | null;
  gas: number | null;
  ngl: number | null;
  condensate: number | null;
  oe: number | null;
}

export interface Reserve {
  fieldId: string;
  field: string;
  recoverable: Products;
  remaining: Products;
  asOf: string | null;
}

/** A discovery's recoverable resources (discovery_reserves): nothing produced, so no remaining. */
export interface DiscoveryReserve {
  discoveryId: string;
  discovery: string;
  recoverable: Products;
  asOf: string | null;
}

export interface Discovery {
  id: string;
  name: string;
  status: string | null;
  operator: string | null;
  ownerKind: string | null;
}

export interface Company {
  name: string;
  shortName: string | null;
  orgnr: string | null;
  nation: string | null;
  npdid: string | null;
  currentOperator: boolean;
  currentLicensee: boolean;
}

const products = (r: Row, prefix: string): Products => ({
  oil: decimal(r[`${prefix}Oil`]),
  gas: decimal(r[`${prefix}Gas`]),
  ngl: decimal(r[`${prefix}NGL`]),
  condensate: decimal(r[`${prefix}Condensate`]),
  oe: decimal(r[`${prefix}OE`]),
});

/** dd.mm.yyyy as FactPages writes dates, to YYYY-MM-DD. */
function isoDay(value: string | undefined): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(value?.trim() ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

const FIELDS = new FileIndex<string[][], Map<string, Field>>({
  title: 'the FactPages field table',
  register: 'Sodir FactPages',
  withoutIt: 'field status and operators are unknown',
  upstream: UPSTREAM,
  path: tablePath('field'),
  decodeOffThread: TABLE,
  build: (table) => {
    const out = new Map<string, Field>();
    for (const r of rowsOf(table)) {
      const id = text(r.fldNpdidField);
      const name = text(r.fldName);
      if (!id || !name) continue;
      out.set(id, {
        id,
        name,
        status: text(r.fldCurrentActivitySatus),
        operator: text(r.cmpLongName),
        hcType: text(r.fldHcType),
        mainArea: text(r.fldMainArea),
        factPageUrl: text(r.fldFactPageUrl),
      });
    }
    return out;
  },
  refreshAfterMs: REFRESH_AFTER_MS,
  describe: (index) => ({ fields: index.size }),
});

const PRODUCTION = new FileIndex<string[][], Production>({
  title: 'the FactPages monthly field production table',
  register: 'Sodir FactPages',
  withoutIt: 'no production figures can be given',
  upstream: UPSTREAM,
  path: tablePath('field_production_monthly'),
  decodeOffThread: TABLE,
  build: (table) => {
    const out: MonthRow[] = [];
    let latest: number | null = null;
    for (const r of rowsOf(table)) {
      const year = Number(r.prfYear);
      const month = Number(r.prfMonth);
      const field = text(r.prfInformationCarrier);
      if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12 || !field) continue;
      out.push({
        fieldId: text(r.prfNpdidInformationCarrier) ?? '',
        field,
        year,
        month,
        oil: decimal(r.prfPrdOilNetMillSm3),
        gas: decimal(r.prfPrdGasNetBillSm3),
        ngl: decimal(r.prfPrdNGLNetMillSm3),
        condensate: decimal(r.prfPrdCondensateNetMillSm3),
        oe: decimal(r.prfPrdOeNetMillSm3),
        water: decimal(r.prfPrdProducedWaterInFieldMillSm3),
      });
      const ordinal = year * 12 + month - 1;
      if (latest === null || ordinal > latest) latest = ordinal;
    }
    return { rows: out, latest };
  },
  refreshAfterMs: REFRESH_AFTER_MS,
  describe: (index) => ({ rows: index.rows.length }),
});

const RESERVES = new FileIndex<string[][], Reserve[]>({
  title: 'the FactPages field reserves table',
  register: 'Sodir FactPages',
  withoutIt: 'no reserves can be given',
  upstream: UPSTREAM,
  path: tablePath('field_reserves'),
  decodeOffThread: TABLE,
  build: (table) =>
    rowsOf(table)
      .filter((r) => text(r.fldName) && text(r.fldNpdidField))
      .map((r) => ({
        fieldId: text(r.fldNpdidField)!,
        field: text(r.fldName)!,
        recoverable: products(r, 'fldRecoverable'),
        remaining: products(r, 'fldRemaining'),
        asOf: isoDay(r.fldDateOffResEstDisplay),
      })),
  refreshAfterMs: REFRESH_AFTER_MS,
  describe: (index) => ({ fields: index.length }),
});

const DISCOVERY_RESERVES = new FileIndex<string[][], DiscoveryReserve[]>({
  title: 'the FactPages discovery reserves table',
  register: 'Sodir FactPages',
  withoutIt: 'no discovery reserves can be given',
  upstream: UPSTREAM,
  path: tablePath('discovery_reserves'),
  decodeOffThread: TABLE,
  build: (table) =>
    rowsOf(table)
      .filter((r) => text(r.dscName) && text(r.dscNpdidDiscovery))
      .map((r) => ({
        discoveryId: text(r.dscNpdidDiscovery)!,
        discovery: text(r.dscName)!,
        recoverable: {
          oil: decimal(r.dscRecoverableOil),
          gas: decimal(r.dscRecoverableGas),
          ngl: decimal(r.dscRecoverableNGL),
          condensate: decimal(r.dscRecoverableCondensate),
          oe: decimal(r.dscRecoverableOe),
        },
        asOf: isoDay(r.dscDateOffResEstDisplay),
      })),
  refreshAfterMs: REFRESH_AFTER_MS,
  describe: (index) => ({ discoveries: index.length }),
});

const DISCOVERIES = new FileIndex<string[][], Map<string, Discovery>>({
  title: 'the FactPages discovery table',
  register: 'Sodir FactPages',
  withoutIt: 'discovery status and operators are unknown',
  upstream: UPSTREAM,
  path: tablePath('discovery'),
  decodeOffThread: TABLE,
  build: (table) => {
    const out = new Map<string, Discovery>();
    for (const r of rowsOf(table)) {
      const id = text(r.dscNpdidDiscovery);
      const name = text(r.dscName);
      if (!id || !name) continue;
      out.set(id, { id, name, status: text(r.dscCurrentActivityStatus), operator: text(r.cmpLongName), ownerKind: text(r.dscOwnerKind) });
    }
    return out;
  },
  refreshAfterMs: REFRESH_AFTER_MS,
  describe: (index) => ({ discoveries: index.size }),
});

const COMPANIES = new FileIndex<string[][], Company[]>({
  title: 'the FactPages company table',
  register: 'Sodir FactPages',
  withoutIt: 'no companies can be listed',
  upstream: UPSTREAM,
  path: tablePath('company'),
  decodeOffThread: TABLE,
  build: (table) =>
    rowsOf(table)
      .filter((r) => text(r.cmpLongName))
      .map((r) => ({
        name: text(r.cmpLongName)!,
        shortName: text(r.cmpShortName),
        orgnr: text(r.cmpOrgNumberBrReg),
        nation: text(r.cmpNationCode),
        npdid: text(r.cmpNpdidCompany),
        currentOperator: text(r.cmpLicenceOperCurrent)?.toUpperCase() === 'Y',
        currentLicensee: text(r.cmpLicenceLicenseeCurrent)?.toUpperCase() === 'Y',
      })),
  refreshAfterMs: REFRESH_AFTER_MS,
  describe: (index) => ({ companies: index.length }),
});

export const loadFields = async (ctx: ToolContext) => (await FIELDS.load(ctx)).index;
export const loadProduction = async (ctx: ToolContext) => (await PRODUCTION.load(ctx)).index;
export const loadReserves = async (ctx: ToolContext) => (await RESERVES.load(ctx)).index;
export const loadCompanies = async (ctx: ToolContext) => (await COMPANIES.load(ctx)).index;
export const loadDiscoveryReserves = async (ctx: ToolContext) => (await DISCOVERY_RESERVES.load(ctx)).index;
export const loadDiscoveries = async (ctx: ToolContext) => (await DISCOVERIES.load(ctx)).index;
