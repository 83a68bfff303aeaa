// datasets, fatalities and summary (what is published and what is not: catalogue.ts).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { int } from '../../runtime/fields.js';
import { optStr, sourceRef } from '../../runtime/output.js';
import { DATASETS, DAY, NOT_OPEN, REGISTER, SITE, STATISTICS, coverage } from './catalogue.js';

const kilde = { register: REGISTER, url: SITE };
const YEAR = { min: 1000, max: 9999 };

export const datasets = defineTool({
  name: 'datasets',
  title: "Arbeidstilsynet's open data sets",
  description:
    "Lists what Arbeidstilsynet (the Norwegian Labour Inspection Authority) publishes as data: the open registers (cleaning companies, staffing agencies, car care, asbestos removal) with format and address, and the fatal-accident statistics, which are not machine-readable (maskinlesbar false: web pages and reports only). A fixed list kept by this service; it calls no upstream.",
  input: {},
  output: z.object({
    count: z.number().int(),
    datasets: z.array(z.object({ id: z.string(), navn: z.string(), beskrivelse: z.string(), format: optStr(), url: optStr(), maskinlesbar: z.boolean(), merknad: optStr() })),
    kilde: sourceRef,
  }),
  coverage: coverage(['dataset-catalogue']),
  cacheTtlSeconds: DAY,
  route: '/datasets',
  example: {},
  run: async () => ({ count: DATASETS.length, datasets: DATASETS.map((d) => ({ ...d })), kilde }),
});

const DATASET = ['ulykkestype', 'maaned'] as const;

export const fatalities = defineTool({
  name: 'fatalities',
  title: 'Fatal occupational accidents in Norway (Arbeidstilsynet)',
  description:
    `Fatal occupational accidents in land-based work registered by Arbeidstilsynet, by accident type (dataset ulykkestype, default) or by month (maaned), for a year or a range fromYear-toYear (years 1000-9999; year cannot be combined with the range). ${NOT_OPEN} It answers where to read them.`,
  input: {
    dataset: z.enum(DATASET).default('ulykkestype').describe('ulykkestype: by type of accident; maaned: by month.'),
    year: int({ ...YEAR, description: 'One year.' }),
    fromYear: int({ ...YEAR, description: 'First year of a range.' }),
    toYear: int({ ...YEAR, description: 'Last year of a range.' }),
  },
  refine: (input, issues) => {
    if (input.year !== undefined && (input.fromYear !== undefined || input.toYear !== undefined)) issues.add('give either year or fromYear/toYear, not both', ['year']);
    if (input.fromYear !== undefined && input.toYear !== undefined && input.fromYear > input.toYear) issues.add('fromYear must not be after toYear', ['fromYear']);
  },
  unavailable: {
    code: 'source_migrated',
    message: `arbeidstilsynet.fatalities has no data to answer: ${NOT_OPEN} Retrying does not help.`,
    alternative: STATISTICS,
  },
  coverage: coverage(['occupational-fatality']),
  cacheTtlSeconds: DAY,
  route: '/fatalities',
  example: { dataset: 'ulykkestype', year: 2025 },
});

export const summary = defineTool({
  name: 'summary',
  title: 'Fatal occupational accidents, totals per year (Arbeidstilsynet)',
  description:
    `Totals of fatal occupational accidents in land-based work per year, for fromYear to toYear (fromYear not after toYear). ${NOT_OPEN} It answers where to read them.`,
  input: {
    fromYear: int({ description: 'First year.' }),
    toYear: int({ description: 'Last year.' }),
  },
  refine: (input, issues) => {
    if (input.fromYear !== undefined && input.toYear !== undefined && input.fromYear > input.toYear) issues.add('fromYear must not be after toYear', ['fromYear']);
  },
  unavailable: {
    code: 'source_migrated',
    message: `arbeidstilsynet.summary has no data to answer: ${NOT_OPEN} Retrying does not help.`,
    alternative: STATISTICS,
  },
  coverage: coverage(['occupational-fatality', 'statistics']),
  cacheTtlSeconds: DAY,
  route: '/summary',
  example: { fromYear: 2020, toYear: 2025 },
});
