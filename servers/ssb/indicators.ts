// ssb.indicator: ten key Norwegian indicators, each mapped to a current Statbank table and measure.
//
// Each indicator names its table (or, where no source confirmed the current table's number, the
// SSB table search that finds it) and the values to select. The table's metadata is read first
// (cached), so a code SSB has retired is reported as such instead of a bare 400, and variables the
// mapping does not name take their total (eliminated) or first value. Then one data call with
// top(n) on the time variable, n from `months` and the table's frequency.
//
// Sources of the mappings (codes read from each table's metadata by the named source):
// - cpi 14700 VareTjenesteGrp=00, ContentsCode=KpiIndMnd (2025=100): 14700 replaced the
//   discontinued 03013/03014 in February 2026 (janbrus/pxwebapi-skills common-tables.md; several
//   2026 clients of v2 use exactly these codes).
// - unemployment-aku 13760 Kjonn=0, Alder=15-74, Justering=S, ContentsCode=ArbledProsArbstyrk
//   (live metadata and data, egil10/riksdata tests/fixtures/ssb, recorded 2026-10-03).
// - gdp 09190 Makrost=bnpb.nr23_9, ContentsCode=FastePriserSesJust (codes in v2 clients of 2026;
//   FastePriserSesJust in a v0 query of the same table).
// - wages 09174 NACE=nr23_6, ContentsCode=LonnProsent ("SSB table IDs confirmed via PxWebApi v2 on
//   2026-03-27" in a public client's series registry).
// - house-prices 07221 Region=TOTAL, Boligtype=00, ContentsCode=Boligindeks, and population 05803
//   ContentsCode=Personer (egil10/riksdata registry/datasets/ssb.yaml, read from /metadata 2026-10-03).
// UNCONFIRMED (picked by value label at run time, so a wrong guess fails loudly as a 502 naming
// the table, not as wrong figures):
// - cpi-ate: table 14704 (janbrus common-tables.md: "Justert KPI (KPI, KPI-JA og KPI-JAE)"), its
//   variable codes.
// - retail-sales: table 07129 (Detaljomsetningsindeksen), industry 47, the seasonally adjusted volume
//   index's code.
// - industrial-production and credit-c3: no source gave the current table number (07095 ended in
//   2020; C3 became quarterly); the table is found with SSB's table search.
import { z } from 'zod';
import type { ToolContext } from '../../runtime/context.js';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { bool, int, text } from '../../runtime/fields.js';
import { note, sourceRef } from '../../runtime/output.js';
import type { JsonStatDataset } from '../_shared/jsonstat.js';
import { DATA_TTL, SOURCE, UPSTREAM, data, metadata, tableUrl, type SelectionItem, type TableMetadata } from './pxweb.js';
import { coverage } from './tables.js';

interface Indicator {
  id: string;
  aliases: string[];
  name: string;
  /** A current table, or the search that finds it. */
  table?: string;
  find?: { query: string; title: RegExp };
  /** Value codes by variable code; `*` for "whichever variable has this code". */
  codes?: Record<string, string>;
  /** Picks by value label, tried on every variable the codes do not settle. */
  labels?: RegExp[];
  confirmed: boolean;
}

const SEASONALLY_ADJUSTED = /^(?!.*(glatt|tremåneders|glidende|trend|smoothed|moving|3-month)).*(sesongjustert|seasonally adjusted)/i;
const TWELVE_MONTH = /(12-måneders|tolvmåneders|12-month|twelve-month)/i;

export const INDICATORS: Indicator[] = [
  { id: 'cpi', aliases: ['kpi', 'konsumprisindeks', 'consumer-prices'], name: 'Consumer price index (KPI), all items, 2025=100', table: '14700', codes: { VareTjenesteGrp: '00', ContentsCode: 'KpiIndMnd' }, confirmed: true },
  { id: 'cpi-ate', aliases: ['kpi-jae', 'core-inflation', 'kjerneinflasjon'], name: 'CPI adjusted for tax changes and excluding energy (KPI-JAE), 12-month change, per cent', table: '14704', labels: [/KPI-JAE|CPI-ATE/i, TWELVE_MONTH], confirmed: false },
  { id: 'unemployment-aku', aliases: ['aku', 'lfs', 'unemployment', 'arbeidsledighet'], name: 'Unemployment rate (Labour force survey, AKU), 15-74 years, seasonally adjusted, per cent', table: '13760', codes: { Kjonn: '0', Alder: '15-74', Justering: 'S', ContentsCode: 'ArbledProsArbstyrk' }, confirmed: true },
  { id: 'gdp', aliases: ['bnp', 'gross-domestic-product'], name: 'Gross domestic product, constant prices, seasonally adjusted, NOK million', table: '09190', codes: { Makrost: 'bnpb.nr23_9', ContentsCode: 'FastePriserSesJust' }, confirmed: true },
  { id: 'wages', aliases: ['lonn', 'lønn', 'wage-growth', 'lonnsvekst'], name: 'Wages and salaries, all industries, change from the year before, per cent', table: '09174', codes: { NACE: 'nr23_6', ContentsCode: 'LonnProsent' }, confirmed: true },
  { id: 'industrial-production', aliases: ['industriproduksjon', 'produksjonsindeks', 'ip'], name: 'Index of production, manufacturing, seasonally adjusted', find: { query: 'index of production', title: /index of production|produksjonsindeks/i }, labels: [/^(industri|manufacturing)$/i, SEASONALLY_ADJUSTED], confirmed: false },
  { id: 'retail-sales', aliases: ['detaljhandel', 'detaljomsetning', 'retail'], name: 'Retail trade index (industry 47), volume, seasonally adjusted', table: '07129', codes: { '*': '47' }, labels: [/(?=.*(volum|volume))(?=.*(sesongjustert|seasonally adjusted))/i], confirmed: false },
  { id: 'house-prices', aliases: ['boligpriser', 'boligprisindeks', 'house-price-index'], name: 'Price index for existing dwellings, all Norway, all dwelling types, 2015=100', table: '07221', codes: { Region: 'TOTAL', Boligtype: '00', ContentsCode: 'Boligindeks' }, confirmed: true },
  { id: 'population', aliases: ['befolkning', 'folkemengde', 'folketall'], name: 'Population of Norway on 1 January', table: '05803', codes: { ContentsCode: 'Personer' }, confirmed: true },
  { id: 'credit-c3', aliases: ['c3', 'k3', 'kredittindikator', 'credit-indicator'], name: 'Credit indicator C3, total debt of the general public, 12-month growth, per cent', find: { query: 'credit indicator C3', title: /C3/ }, labels: [TWELVE_MONTH], confirmed: false },
];

const BY_NAME = new Map(INDICATORS.flatMap((i) => [i.id, ...i.aliases].map((n) => [n, i] as const)));
const NAMES = [...BY_NAME.keys()] as [string, ...string[]];

/** Periods in `months` at the table's frequency, read from its time codes (2026M10, 2026K3, 2026H1, 2026). */
function periods(timeCodes: string[], months: number): { frequency: string; n: number } {
  const last = timeCodes.at(-1) ?? '';
  if (/^\d{4}M\d{2}$/.test(last)) return { frequency: 'monthly', n: months };
  if (/^\d{4}K\d$/.test(last)) return { frequency: 'quarterly', n: Math.ceil(months / 3) };
  if (/^\d{4}H\d$/.test(last)) return { frequency: 'half-yearly', n: Math.ceil(months / 6) };
  if (/^\d{4}$/.test(last)) return { frequency: 'annual', n: Math.ceil(months / 12) };
  return { frequency: 'unknown', n: months };
}

/** The single series the indicator means, in `meta`'s codes; a code SSB no longer has is its failure. */
function selectionFor(ind: Indicator, meta: TableMetadata, months: number) {
  const gone = (what: string) =>
    fail.upstream(`SSB table ${meta.tableId} no longer has ${what}, which ssb.indicator ${ind.id} reads; the table may have been restructured (see ssb.tables.metadata)`, {
      detailCode: 'indicator_mapping_stale',
    });
  const codes = ind.codes ?? {};
  for (const name of Object.keys(codes)) {
    if (name !== '*' && !meta.variables.some((v) => v.code === name)) throw gone(`variable ${name}`);
  }
  const time = meta.variables.find((v) => v.time);
  if (!time) throw gone('a time variable');
  const selection: SelectionItem[] = [];
  const chosen: { variableCode: string; valueCode: string; label: string }[] = [];
  for (const v of meta.variables) {
    if (v.time) continue;
    const want = codes[v.code];
    let value = want === undefined ? undefined : v.values.find((x) => x.code.toLowerCase() === want.toLowerCase());
    if (want !== undefined && !value) throw gone(`value ${want} of variable ${v.code}`);
    if (!value && codes['*']) value = v.values.find((x) => x.code === codes['*']);
    for (const re of ind.labels ?? []) value ??= v.values.find((x) => re.test(x.label));
    if (!value && v.elimination) continue;
    value ??= v.values[0];
    if (!value) throw gone(`values of variable ${v.code}`);
    selection.push({ variableCode: v.code, valueCodes: [value.code] });
    chosen.push({ variableCode: v.code, valueCode: value.code, label: value.label });
  }
  if (codes['*'] && !chosen.some((c) => c.valueCode === codes['*'])) throw gone(`a variable with value ${codes['*']}`);
  const { frequency, n } = periods(time.values.map((x) => x.code), months);
  selection.push({ variableCode: time.code, valueCodes: [`top(${n})`] });
  return { selection, chosen, frequency, time: time.code };
}

/** The table the indicator reads: its fixed number, or the first current table SSB's search finds. */
async function tableOf(ind: Indicator, ctx: ToolContext): Promise<string> {
  if (ind.table) return ind.table;
  const found = await ctx.get<{ tables: { id: string; label: string }[] }>(UPSTREAM, '/tables', {
    query: { query: ind.find!.query, lang: 'en', pageNumber: 1, pageSize: 20 },
    ttlSeconds: 24 * 3600,
  });
  const hit = found.tables.find((t) => ind.find!.title.test(t.label));
  if (!hit) throw fail.upstream(`SSB's table search finds no current table for ${ind.id} (query ${JSON.stringify(ind.find!.query)})`, { detailCode: 'indicator_mapping_stale' });
  return hit.id;
}

/** The observations of the one series in `ds`, oldest first: every non-time dimension at its first value. */
function series(ds: JsonStatDataset, timeCode: string) {
  const strides = ds.size.map((_, i) => ds.size.slice(i + 1).reduce((a, b) => a * b, 1));
  const t = ds.id.indexOf(timeCode);
  const dim = ds.dimension[timeCode];
  const labels = dim.category.label ?? {};
  const index = dim.category.index;
  const codes = Array.isArray(index) ? index : Object.entries(index ?? {}).sort((a, b) => a[1] - b[1]).map(([c]) => c);
  const values = Array.isArray(ds.value) ? ds.value : codes.map((_, i) => (ds.value as Record<string, number | null>)[String(i)]);
  return codes.map((code, i) => {
    const raw = values[i * strides[t]];
    return { period: labels[code] ?? code, value: typeof raw === 'number' ? raw : null };
  });
}

function unitOf(ds: JsonStatDataset): string | null {
  const metric = ds.role?.metric?.[0];
  const units = metric ? ds.dimension[metric]?.category.unit : undefined;
  const first = units ? Object.values(units)[0] : undefined;
  return first?.base ?? null;
}

const entry = z.object({ id: z.string(), aliases: z.array(z.string()), name: z.string(), table: z.string().nullable().describe('Table number, or null where it is found by SSB search at call time.') });

export const indicator = defineTool({
  name: 'indicator',
  title: 'Key Norwegian statistics indicators (SSB)',
  description:
    "Time series of ten key indicators from Statistics Norway's Statbank: cpi, cpi-ate (KPI-JAE, core), unemployment-aku, gdp, wages, industrial-production, retail-sales, house-prices, population, credit-c3 (aliases such as kpi, aku, bnp, boligpriser also work). " +
    'Give id for {period, value} pairs over the last `months` (1 to 240, default 24; quarterly and annual tables give one value per quarter or year), with the SSB table and measure they come from. ' +
    'list: true lists the indicators; search finds them by words. For any other table use ssb.tables.list and ssb.tables.data. A null value is a figure SSB has not published.',
  input: {
    id: z.enum(NAMES).optional().describe('Indicator id or alias, e.g. cpi, kpi, unemployment-aku, gdp.'),
    months: int({ min: 1, max: 240, default: 24, description: 'How far back, in months: 1 to 240. Default 24.' }),
    search: text('Words to find indicators by id, alias or name (lists the matches).').optional(),
    list: bool('true: list every indicator with its table instead of fetching a series.'),
  },
  refine: (input, issues) => {
    if (input.id === undefined && !input.list && input.search === undefined) issues.add('give id (an indicator or alias) for its series, or list: true or search to find one', ['id']);
    if (input.id !== undefined && (input.list || input.search !== undefined)) issues.add('give either id (a series) or list/search (the catalogue), not both', ['id']);
  },
  output: z.object({
    mode: z.enum(['series', 'list']),
    indicators: z.array(entry).optional(),
    indicator: entry.optional(),
    table: z.object({ id: z.string(), label: z.string().nullable(), url: z.string(), discontinued: z.boolean() }).optional(),
    measure: z.array(z.object({ variableCode: z.string(), valueCode: z.string(), label: z.string() })).optional().describe('The value selected in each variable of the table.'),
    unit: z.string().nullable().optional(),
    frequency: z.string().optional(),
    observations: z.array(z.object({ period: z.string(), value: z.number().nullable() })).optional(),
    note,
    kilde: sourceRef,
  }),
  coverage: { geography: ['NO'], dataTypes: ['economic-indicator'], updateFrequency: 'monthly' },
  cacheTtlSeconds: DATA_TTL,
  route: '/indicators',
  example: { id: 'unemployment-aku', months: 3 },
  run: async ({ id, months, search, list }, ctx) => {
    const describe = (i: Indicator) => ({ id: i.id, aliases: i.aliases, name: i.name, table: i.table ?? null });
    if (id === undefined) {
      const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const hits = INDICATORS.filter((i) => words.every((w) => [i.id, ...i.aliases, i.name].some((s) => s.toLowerCase().includes(w))));
      return {
        mode: 'list' as const,
        indicators: hits.map(describe),
        ...(hits.length === 0 && { note: `No indicator matches ${JSON.stringify(search)}; list: true shows all ten, and ssb.tables.list searches every Statbank table.` }),
        kilde: SOURCE,
      };
    }
    const ind = BY_NAME.get(id)!;
    const tableId = await tableOf(ind, ctx);
    const meta = await metadata(ctx, tableId, 'en');
    const { selection, chosen, frequency, time } = selectionFor(ind, meta, months);
    const ds = await data(ctx, tableId, 'en', selection);
    const observations = series(ds, time);
    const notes = [
      ...(meta.discontinued ? [`SSB marks table ${tableId} as discontinued: it is no longer updated.`] : []),
      ...(observations.length === 0 ? ['SSB answered no periods for this indicator.'] : []),
    ];
    return {
      mode: 'series' as const,
      indicator: describe(ind),
      table: { id: tableId, label: meta.label, url: tableUrl(tableId), discontinued: meta.discontinued },
      measure: chosen,
      unit: unitOf(ds),
      frequency,
      observations,
      ...(notes.length > 0 && { note: notes.join(' ') }),
      kilde: { register: SOURCE.register, url: tableUrl(tableId) },
    };
  },
});
