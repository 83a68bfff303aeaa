// reserver.liste (FactPages field_reserves joined with the field table for status and operator,
// and discovery_reserves joined with the discovery table) and selskaper.liste (the company
// table); factpages.ts reads the tables.
// The spec's statuses Discovery and Production licence are no field status: Discovery selects the
// discoveries' recoverable resources (every row of discovery_reserves, each with its discovery's
// own status, e.g. Production in clarification phase), Production licence those of them a
// production licence owns (dscOwnerKind PRODUCTION LICENCE). The field statuses select fields.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { text } from '../../runtime/fields.js';
import { note, optNum, optStr, sourceRef } from '../../runtime/output.js';
import { DAY, loadCompanies, loadDiscoveries, loadDiscoveryReserves, loadFields, loadReserves } from './factpages.js';
import { KILDE } from './production.js';

const STATUS_NAMES = ['Producing', 'Approved for production', 'Production licence', 'Discovery', 'Shut down', 'Abandoned'] as const;
/** The spec's statuses and their upper-case aliases. */
export const STATUSES = [...STATUS_NAMES, ...STATUS_NAMES.map((s) => s.toUpperCase())] as [string, ...string[]];

const fold = (v: string | null | undefined) => (v ?? '').trim().toLocaleUpperCase('en');

const NO_REMAINING = { oil: null, gas: null, ngl: null, condensate: null, oe: null };

const productsOutput = z.object({ oil: optNum(), gas: optNum(), ngl: optNum(), condensate: optNum(), oe: optNum() });

export const reserverListe = defineTool({
  name: 'reserver.liste',
  title: 'Field reserves on the Norwegian shelf (Sodir)',
  description:
    "Reserves of the fields on the Norwegian shelf from Sodir's FactPages: originally recoverable and remaining oil, gas, NGL, condensate and oil equivalents per field, with the field's status, operator and the date of the estimate, and the recoverable resources of the discoveries not yet developed (kind discovery); largest first. " +
    'status: Producing, Approved for production, Shut down or Abandoned select fields; Discovery selects every discovery, Production licence the discoveries a production licence owns (upper case accepted); operator: part of the operator\'s name, any case (e.g. equinor). ' +
    'Oil, condensate and oe in million Sm3, gas in billion Sm3, NGL in million tonnes. An empty list means no field has that status or operator (the answer says which statuses FactPages uses).',
  input: {
    status: z.enum(STATUSES).describe('Field status; upper-case aliases accepted.').optional(),
    operator: text("Part of the operator's name, any case.", 1, 100).optional(),
  },
  output: z.object({
    status: optStr(),
    operator: optStr(),
    count: z.number().int(),
    fields: z.array(
      z.object({
        field: z.string().describe('The field, or the discovery (kind discovery).'),
        status: optStr(),
        operator: optStr(),
        recoverable: productsOutput,
        remaining: productsOutput.describe('Null for a discovery (nothing produced yet; FactPages gives recoverable only).'),
        asOf: optStr().describe('Date of the estimate, YYYY-MM-DD.'),
        kind: z.enum(['field', 'discovery']),
      }),
    ),
    units: z.string(),
    note,
    kilde: sourceRef,
  }),
  coverage: { geography: ['NO'], dataTypes: ['petroleum-reserves'], updateFrequency: 'annual' },
  cacheTtlSeconds: DAY,
  route: '/reserver',
  example: { status: 'Producing', operator: 'equinor' },
  run: async ({ status, operator }, ctx) => {
    const [reserves, fields, discoveryReserves, discoveries] = await Promise.all([loadReserves(ctx), loadFields(ctx), loadDiscoveryReserves(ctx), loadDiscoveries(ctx)]);
    const fieldRows = reserves.map((r) => {
      const f = fields.get(r.fieldId);
      return { field: r.field, status: f?.status ?? null, operator: f?.operator ?? null, recoverable: r.recoverable, remaining: r.remaining, asOf: r.asOf, kind: 'field' as const };
    });
    const discoveryRows = discoveryReserves.map((r) => {
      const d = discoveries.get(r.discoveryId);
      return { field: r.discovery, status: d?.status ?? null, operator: d?.operator ?? null, recoverable: r.recoverable, remaining: NO_REMAINING, asOf: r.asOf, kind: 'discovery' as const, ownerKind: d?.ownerKind ?? null };
    });
    const wantedOperator = operator ? fold(operator) : null;
    const byStatus = (r: { status: string | null; kind: 'field' | 'discovery'; ownerKind?: string | null }) => {
      if (!status) return true;
      const wanted = fold(status);
      if (wanted === 'DISCOVERY') return r.kind === 'discovery';
      if (wanted === 'PRODUCTION LICENCE') return r.kind === 'discovery' && fold(r.ownerKind) === 'PRODUCTION LICENCE';
      return r.kind === 'field' && fold(r.status) === wanted;
    };
    const size = (r: { recoverable: { oe: number | null }; remaining: { oe: number | null } }) => r.remaining.oe ?? r.recoverable.oe ?? 0;
    const kept = [...fieldRows, ...discoveryRows]
      .filter((r) => byStatus(r) && (!wantedOperator || fold(r.operator).includes(wantedOperator)))
      .sort((a, b) => size(b) - size(a) || a.field.localeCompare(b.field))
      .map((r) => ({ field: r.field, status: r.status, operator: r.operator, recoverable: r.recoverable, remaining: r.remaining, asOf: r.asOf, kind: r.kind }));
    const used = [...new Set(fieldRows.map((r) => r.status).filter((s): s is string => s !== null))].sort();
    return {
      status: status ?? null,
      operator: operator ?? null,
      count: kept.length,
      fields: kept,
      units: 'oil, condensate and oe in million Sm3; gas in billion Sm3; NGL in million tonnes',
      ...(kept.length === 0 && { note: `No field with reserves matches. The statuses FactPages gives fields with reserves are: ${used.join(', ') || 'none'}.` }),
      kilde: KILDE,
    };
  },
});

export const selskaperListe = defineTool({
  name: 'selskaper.liste',
  title: 'Companies on the Norwegian shelf (Sodir)',
  description:
    "Every company in Sodir's FactPages (licensees and operators on the Norwegian shelf, past and present): name, short name, Norwegian organisation number, nation, FactPages id, and whether it is now an operator or a licensee of a production licence. " +
    'Sorted by name; current operators and licensees are counted. No input. Look a company up in Enhetsregisteret with its organisation number (brreg server).',
  input: {},
  output: z.object({
    count: z.number().int(),
    currentOperators: z.number().int(),
    currentLicensees: z.number().int(),
    companies: z.array(
      z.object({ name: z.string(), shortName: optStr(), orgnr: optStr(), nation: optStr(), npdid: optStr(), currentOperator: z.boolean(), currentLicensee: z.boolean() }),
    ),
    kilde: sourceRef,
  }),
  coverage: { geography: ['NO'], dataTypes: ['petroleum-company', 'licensee'], updateFrequency: 'daily' },
  cacheTtlSeconds: DAY,
  route: '/selskaper',
  example: {},
  run: async (_input, ctx) => {
    const companies = [...(await loadCompanies(ctx))].sort((a, b) => a.name.localeCompare(b.name, 'nb'));
    return {
      count: companies.length,
      currentOperators: companies.filter((c) => c.currentOperator).length,
      currentLicensees: companies.filter((c) => c.currentLicensee).length,
      companies,
      kilde: KILDE,
    };
  },
});
