// produksjon.liste and produksjon.per-operator: monthly net production from the FactPages table
// field_production_monthly, per field or summed (factpages.ts). "The last N months" are the N
// newest months FactPages has published (it publishes with a lag of a few months), not months
// before today; year (when given) takes the twelve months of that year instead.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int, text } from '../../runtime/fields.js';
import { note, optNum, optStr, sourceRef } from '../../runtime/output.js';
import { DAY, FACTPAGES_URL, loadFields, loadProduction, type MonthRow, type Production } from './factpages.js';

export const UNITS = 'oil, NGL, condensate, oe and water in million Sm3; gas in billion Sm3 (net, saleable)';
export const KILDE = { register: 'Sodir FactPages', url: FACTPAGES_URL };

const coverage = { geography: ['NO' as const], dataTypes: ['petroleum-production'], updateFrequency: 'monthly' as const };

const lastMonths = () => int({ min: 1, max: 120, default: 24, description: 'The newest N published months, 1 to 120. Default 24.' });
const year = () => int({ description: 'A calendar year: its twelve months instead of lastMonths.' });

const ym = (ordinal: number) => `${Math.floor(ordinal / 12)}-${String((ordinal % 12) + 1).padStart(2, '0')}`;
const ordinalOf = (r: MonthRow) => r.year * 12 + r.month - 1;

/** The months a request covers: year's twelve, or the newest lastMonths published. */
function window(production: Production, lastMonths: number, year: number | undefined): { from: number; to: number } | null {
  if (year !== undefined) return { from: year * 12, to: year * 12 + 11 };
  if (production.latest === null) return null;
  return { from: production.latest - lastMonths + 1, to: production.latest };
}

const add = (a: number | null, b: number | null) => (b === null ? a : Math.round(((a ?? 0) + b) * 1e6) / 1e6);

interface Totals {
  oil: number | null;
  gas: number | null;
  ngl: number | null;
  condensate: number | null;
  oe: number | null;
  water: number | null;
}

const empty = (): Totals => ({ oil: null, gas: null, ngl: null, condensate: null, oe: null, water: null });

function sum(into: Totals, r: Totals): Totals {
  return {
    oil: add(into.oil, r.oil),
    gas: add(into.gas, r.gas),
    ngl: add(into.ngl, r.ngl),
    condensate: add(into.condensate, r.condensate),
    oe: add(into.oe, r.oe),
    water: add(into.water, r.water),
  };
}

const totalsOutput = z.object({ oil: optNum(), gas: optNum(), ngl: optNum(), condensate: optNum(), oe: optNum(), water: optNum() });
const periodOutput = z.object({ from: z.string().describe('YYYY-MM'), to: z.string().describe('YYYY-MM') }).nullable();

export const produksjonListe = defineTool({
  name: 'produksjon.liste',
  title: 'Monthly petroleum production (Sodir)',
  description:
    "Monthly net production of oil, gas, NGL, condensate, oil equivalents and produced water on the Norwegian shelf from Sodir's FactPages, for one field or, without field, summed over all fields; with the period's totals. " +
    'field: a field name as FactPages writes it (e.g. TROLL, JOHAN SVERDRUP; any case). lastMonths 1-120 (default 24) takes the newest published months (FactPages lags a few months); year takes that calendar year instead. ' +
    'Oil, NGL, condensate and oe in million Sm3, gas in billion Sm3. An unknown field answers not_found; a period without production answers an empty list.',
  input: {
    field: text('Field name, e.g. TROLL; any case.', 1, 100).optional(),
    year: year(),
    lastMonths: lastMonths(),
  },
  output: z.object({
    field: optStr(),
    period: periodOutput,
    months: z.array(z.object({ month: z.string().describe('YYYY-MM'), ...totalsOutput.shape })),
    totals: totalsOutput,
    units: z.string(),
    note,
    kilde: sourceRef,
  }),
  coverage,
  cacheTtlSeconds: DAY,
  route: '/produksjon',
  example: { field: 'TROLL', lastMonths: 3 },
  run: async ({ field, year, lastMonths }, ctx) => {
    const production = await loadProduction(ctx);
    let rows = production.rows;
    let name: string | null = null;
    if (field !== undefined) {
      const wanted = field.trim().toLocaleUpperCase('nb');
      rows = rows.filter((r) => r.field.toLocaleUpperCase('nb') === wanted);
      if (rows.length === 0) throw fail.notFound(`FactPages has no production for a field named ${field}`);
      name = rows[0].field;
    }
    const span = window(production, lastMonths, year);
    const byMonth = new Map<number, Totals>();
    if (span) for (const r of rows) {
      const o = ordinalOf(r);
      if (o < span.from || o > span.to) continue;
      byMonth.set(o, sum(byMonth.get(o) ?? empty(), r));
    }
    const ordinals = [...byMonth.keys()].sort((a, b) => a - b);
    const months = ordinals.map((o) => ({ month: ym(o), ...byMonth.get(o)! }));
    const totals = months.reduce<Totals>((acc, m) => sum(acc, m), empty());
    return {
      field: name,
      period: span ? { from: ym(span.from), to: ym(span.to) } : null,
      months,
      totals,
      units: UNITS,
      ...(months.length === 0 && { note: `FactPages has no production${name ? ` for ${name}` : ''} in ${span ? `${ym(span.from)} to ${ym(span.to)}` : 'its table'}.` }),
      kilde: KILDE,
    };
  },
});

export const produksjonPerOperator = defineTool({
  name: 'produksjon.per-operator',
  title: 'Petroleum production per operator (Sodir)',
  description:
    "Net production on the Norwegian shelf summed per field operator (the operator FactPages gives each field now) over a period, largest oil-equivalent production first: operator, number of producing fields, oil, gas, NGL, condensate, oe. " +
    'lastMonths 1-120 (default 24) takes the newest published months; year (overrides lastMonths) takes that calendar year. Oil, NGL, condensate and oe in million Sm3, gas in billion Sm3. An empty list means no production in the period.',
  input: { lastMonths: lastMonths(), year: year() },
  output: z.object({
    period: periodOutput,
    operators: z.array(z.object({ operator: z.string(), fields: z.number().int(), oil: optNum(), gas: optNum(), ngl: optNum(), condensate: optNum(), oe: optNum() })),
    units: z.string(),
    note,
    kilde: sourceRef,
  }),
  coverage,
  cacheTtlSeconds: DAY,
  route: '/produksjon/per-operator',
  example: { lastMonths: 3 },
  run: async ({ lastMonths, year }, ctx) => {
    const [production, fields] = await Promise.all([loadProduction(ctx), loadFields(ctx)]);
    const span = window(production, lastMonths, year);
    const per = new Map<string, { fields: Set<string>; totals: Totals }>();
    if (span) for (const r of production.rows) {
      const o = ordinalOf(r);
      if (o < span.from || o > span.to) continue;
      const operator = fields.get(r.fieldId)?.operator ?? 'Unknown operator';
      const entry = per.get(operator) ?? { fields: new Set<string>(), totals: empty() };
      entry.fields.add(r.fieldId || r.field);
      entry.totals = sum(entry.totals, r);
      per.set(operator, entry);
    }
    const operators = [...per.entries()]
      .map(([operator, { fields: f, totals: t }]) => ({ operator, fields: f.size, oil: t.oil, gas: t.gas, ngl: t.ngl, condensate: t.condensate, oe: t.oe }))
      .sort((a, b) => (b.oe ?? 0) - (a.oe ?? 0) || a.operator.localeCompare(b.operator));
    return {
      period: span ? { from: ym(span.from), to: ym(span.to) } : null,
      operators,
      units: UNITS,
      ...(operators.length === 0 && { note: `FactPages has no production in ${span ? `${ym(span.from)} to ${ym(span.to)}` : 'its table'}.` }),
      kilde: KILDE,
    };
  },
});
