// norgesbank.styringsrente and norgesbank.valutakurs: the key policy rate (dataflow IR) and exchange
// rates against NOK (dataflow EXR) from Norges Bank's SDMX data API (sdmx.ts).
import { z } from 'zod';
import { defineTool, type Coverage } from '../../runtime/define.js';
import { int, isoDate } from '../../runtime/fields.js';
import { note, sourceRef } from '../../runtime/output.js';
import { SDMX_JSON, UPSTREAM, readSeries, type SdmxMessage } from './sdmx.js';
import { quoted } from '../../runtime/validation.js';

const coverage = (dataTypes: string[]): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency: 'daily' });
/** Norges Bank publishes the day's rates in the afternoon; an hour keeps a day's answers fresh enough. */
const HOUR = 3600;

const periodFields = {
  startPeriod: isoDate('First date, YYYY-MM-DD.').optional(),
  endPeriod: isoDate('Last date, YYYY-MM-DD.').optional(),
};

const refinePeriod = (input: { startPeriod?: string; endPeriod?: string }, issues: { add(message: string, path?: string[]): void }) => {
  if (input.startPeriod && input.endPeriod && input.startPeriod > input.endPeriod) {
    issues.add(`startPeriod (${input.startPeriod}) must not be after endPeriod (${input.endPeriod})`, ['startPeriod']);
  }
};

const observation = z.object({ date: z.string(), value: z.number().nullable() });

export const styringsrente = defineTool({
  name: 'styringsrente',
  title: "Norges Bank's key policy rate",
  description:
    "Norges Bank's key policy rate (styringsrenten: the sight deposit rate, per cent) per business day, from its SDMX data API (dataflow IR, series B.KPRA.SD.R). " +
    'lastNObservations (1 to 365, default 10) gives the latest days; startPeriod and endPeriod (YYYY-MM-DD) limit the window, and the latest N days within it are answered. ' +
    'An empty list means Norges Bank has no business day in the window. NIBOR is not published by Norges Bank.',
  input: {
    lastNObservations: int({ min: 1, max: 365, default: 10, description: 'Latest business days to answer, 1 to 365. Default 10.' }),
    ...periodFields,
  },
  refine: refinePeriod,
  output: z.object({
    series: z.string(),
    name: z.string().nullable(),
    unit: z.literal('percent'),
    count: z.number().int(),
    observations: z.array(observation),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['interest-rate', 'monetary-policy']),
  cacheTtlSeconds: HOUR,
  route: '/key-rate',
  example: { lastNObservations: 10 },
  run: async ({ lastNObservations, startPeriod, endPeriod }, ctx) => {
    const msg = await ctx.find<SdmxMessage>(UPSTREAM, '/data/IR/B.KPRA.SD.R', {
      query: { format: SDMX_JSON, lastNObservations, startPeriod, endPeriod, locale: 'en' },
    });
    const observations = msg === null ? [] : (readSeries(msg)[0]?.observations ?? []);
    return {
      series: 'IR/B.KPRA.SD.R',
      name: msg?.data.structure.name ?? null,
      unit: 'percent' as const,
      count: observations.length,
      observations,
      ...(observations.length === 0 && { note: 'Norges Bank has no key policy rate observation in this window (weekends and holidays have none).' }),
      kilde: { register: 'Norges Bank', url: 'https://www.norges-bank.no/en/topics/Monetary-policy/Policy-rate/' },
    };
  },
});

export const valutakurs = defineTool({
  name: 'valutakurs',
  title: "Norges Bank's exchange rates against NOK",
  description:
    "Norges Bank's daily exchange rates: NOK per unit of each currency (mid-rates at about 14:15 CET, business days), from its SDMX data API (dataflow EXR, B.<currency>.NOK.SP). " +
    'currencies: ISO 4217 codes such as USD, EUR, SEK; omitted means every currency Norges Bank quotes. lastNObservations 1 to 365 (default 1, the latest day); startPeriod and endPeriod (YYYY-MM-DD) limit the window. ' +
    'Some currencies are quoted per 100 units (SEK, DKK, JPY…): `per` says which, and nokPerUnit divides it out. An empty list means no rate for these currencies in the window, or a code Norges Bank does not quote.',
  input: {
    currencies: z
      .array(z.string().regex(/^[A-Za-z]{3}$/, { error: (iss) => `must be a three-letter ISO 4217 code such as USD (got ${quoted(iss.input)})` }))
      .optional()
      .describe('ISO 4217 currency codes, e.g. ["USD","EUR"]. Omitted: all currencies.'),
    lastNObservations: int({ min: 1, max: 365, default: 1, description: 'Latest business days per currency, 1 to 365. Default 1.' }),
    ...periodFields,
  },
  refine: refinePeriod,
  output: z.object({
    quote: z.literal('NOK'),
    count: z.number().int().describe('Currencies answered.'),
    rates: z.array(
      z.object({
        currency: z.string(),
        name: z.string().nullable(),
        per: z.number().int().describe('Units of the currency the rate is for (1 or 100).'),
        observations: z.array(z.object({ date: z.string(), value: z.number().nullable(), nokPerUnit: z.number().nullable() })),
      }),
    ),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['exchange-rate']),
  cacheTtlSeconds: HOUR,
  route: '/exchange-rates',
  example: { currencies: ['USD', 'EUR', 'SEK'] },
  run: async ({ currencies, lastNObservations, startPeriod, endPeriod }, ctx) => {
    const codes = [...new Set((currencies ?? []).map((c) => c.toUpperCase()))];
    const query = { format: SDMX_JSON, lastNObservations, startPeriod, endPeriod, locale: 'en' };
    // An empty key position means every value: all currencies against NOK.
    const msg =
      codes.length === 0
        ? await ctx.find<SdmxMessage>(UPSTREAM, '/data/EXR/B..NOK.SP', { query })
        : await ctx.find<SdmxMessage>(UPSTREAM, '/data/EXR/B.{bases+}.NOK.SP', { params: { bases: codes.join('+') }, query });
    const rates = (msg === null ? [] : readSeries(msg))
      .map((s) => {
        const per = 10 ** Number(s.attributes.UNIT_MULT || 0);
        return {
          currency: s.key.BASE_CUR.id,
          name: s.key.BASE_CUR.name ?? null,
          per,
          observations: s.observations.map((o) => ({ ...o, nokPerUnit: o.value === null ? null : Math.round((o.value / per) * 1e6) / 1e6 })),
        };
      })
      .sort((a, b) => (codes.length ? codes.indexOf(a.currency) - codes.indexOf(b.currency) : a.currency.localeCompare(b.currency)));
    const missing = codes.filter((c) => !rates.some((r) => r.currency === c));
    return {
      quote: 'NOK' as const,
      count: rates.length,
      rates,
      ...(missing.length > 0 && {
        note: `No rate for ${missing.join(', ')} in this window: Norges Bank quotes no such currency, or published none on these days.`,
      }),
      kilde: { register: 'Norges Bank', url: 'https://www.norges-bank.no/en/topics/Statistics/exchange_rates/' },
    };
  },
});
