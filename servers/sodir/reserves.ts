// reserver.liste (FactPages field_reserves joined with the field table for status and operator)
// and selskaper.liste (the company table); factpages.ts reads the tables.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { text } from '../../runtime/fields.js';
import { note, optNum, optStr, sourceRef } from '../../runtime/output.js';
import { DAY, loadCompanies, loadFields, loadReserves } from './factpages.js';
import { KILDE } from './production.js';

const STATUS_NAMES = ['Producing', 'Approved for production', 'Production licence', 'Discovery', 'Shut down', 'Abandoned'] as const;
/** The spec's statuses and their upper-case aliases. */
export const STATUSES = [...STATUS_NAMES, ...STATUS_NAMES.map((s) => s.toUpperCase())] as [string, ...string[]];

const fold = (v: string | null | undefined) => (v ?? '').trim().toLocaleUpperCase('en');

const productsOutput = z.object({ oil: optNum(), gas: optNum(), ngl: optNum(), condensate: optNum(), oe: optNum() });

export const reserverListe = defineTool({
  name: 'reserver.liste',
  title: 'Field reserves on the Norwegian shelf (Sodir)',
  description:
    "Reserves of the fields on the Norwegian shelf from Sodir's FactPages: originally recoverable and remaining oil, gas, NGL, condensate and oil equivalents per field, with the field's status, operator and the date of the estimate; largest remaining oe first. " +
    'status: Producing, Approved for production, Production licence, Discovery, Shut down or Abandoned (upper case accepted); operator: part of the operator\'s name, any case (e.g. equinor). ' +
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
      z.object({ field: z.string(), status: optStr(), operator: optStr(), recoverable: productsOutput, remaining: productsOutput, asOf: optStr().describe('Date of the estimate, YYYY-MM-DD.') }),
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
    const [reserves, fields] = await Promise.all([loadReserves(ctx), loadFields(ctx)]);
    const all = reserves.map((r) => {
      const f = fields.get(r.fieldId);
      return { field: r.field, status: f?.status ?? null, operator: f?.operator ?? null, recoverable: r.recoverable, remaining: r.remaining, asOf: r.asOf };
    });
    const wantedOperator = operator ? fold(operator) : null;
    const kept = all
      .filter((r) => (!status || fold(r.status) === fold(status)) && (!wantedOperator || fold(r.operator).includes(wantedOperator)))
      .sort((a, b) => (b.remaining.oe ?? 0) - (a.remaining.oe ?? 0) || a.field.localeCompare(b.field));
    const used = [...new Set(all.map((r) => r.status).filter((s): s is string => s !== null))].sort();
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
