// search, dataset and themes of data.europa.eu (hub-search API; facts and mapping: hub.ts).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int } from '../../runtime/fields.js';
import { note, optStr, sourceRef } from '../../runtime/output.js';
import { datasetId } from './ids.js';
import { REGISTER, THEMES, coverage, datasetUrl, mapDataset, mapSummary, pick, themeCode, type HubDataset, type SearchAnswer, type Vocabulary } from './hub.js';
import { quoted } from '../../runtime/validation.js';

const HOUR = 3600;

const summaryFields = {
  id: z.string(),
  title: optStr(),
  description: optStr(),
  country: z.object({ code: z.string(), name: optStr() }).nullable(),
  catalogue: optStr(),
  publisher: optStr(),
  themes: z.array(z.string()),
  formats: z.array(z.string()),
  highValue: z.boolean().nullable().describe('High-value dataset (EU 2023/138).'),
  issued: optStr(),
  modified: optStr(),
  url: z.string(),
};

export const search = defineTool({
  name: 'search',
  title: 'Search datasets in data.europa.eu',
  description:
    'Searches data.europa.eu, the official portal for European open data (EU institutions and national portals), for datasets: title, description, country, catalogue, publisher, EU themes and formats, with the id for dataeuropa.dataset. Give at least one of q (free text), country (2-letter ISO code) and theme (dataeuropa.themes names the codes). page is 0-based. An empty list means nothing matched.',
  input: {
    q: z.string().optional().describe('Free-text query.'),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, { error: (iss) => `must be a 2-letter country code such as NO or de (got ${quoted(iss.input)})` })
      .optional()
      .describe('ISO 3166 alpha-2 code, e.g. NO.'),
    theme: z.enum(THEMES).optional(),
    limit: int({ min: 1, max: 100, default: 20, description: 'Datasets per page.' }),
    page: int({ min: 0, default: 0, description: 'Page, 0-based (the API\'s own minimum).' }),
  },
  refine: (input, issues) => {
    if (!input.q?.trim() && input.country === undefined && input.theme === undefined) issues.add('give at least one of q, country, theme');
  },
  output: z.object({
    filter: z.object({ q: optStr(), country: optStr(), theme: z.enum(THEMES).nullable() }),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    count: z.number().int(),
    hasMore: z.boolean(),
    datasets: z.array(z.object(summaryFields)),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['dataset-metadata']),
  cacheTtlSeconds: 6 * HOUR,
  route: '/search',
  example: { q: 'air quality', country: 'NO', limit: 5 },
  run: async ({ q, country, theme, limit, page }, ctx) => {
    const query = q?.trim() || undefined;
    const facets = { ...(country && { country: [country.toLowerCase()] }), ...(theme && { categories: [theme] }) };
    const answer = await ctx.request<SearchAnswer>({
      upstream: 'dataeuropa-search',
      method: 'POST',
      path: '/search',
      idempotent: true,
      body: { ...(query && { q: query }), filters: ['dataset'], facets, limit, page, aggregation: false },
    });
    const result = (answer.data as SearchAnswer).result ?? {};
    const datasets = result.results ?? [];
    const total = result.count ?? datasets.length;
    return {
      filter: { q: query ?? null, country: country?.toUpperCase() ?? null, theme: theme ?? null },
      page,
      limit,
      total,
      count: datasets.length,
      hasMore: (page + 1) * limit < total,
      datasets: datasets.map(mapSummary),
      ...(datasets.length === 0 && { note: total > 0 ? `page ${page} is past the last of ${total} matching datasets.` : 'No dataset in data.europa.eu matches these filters.' }),
      kilde: { register: REGISTER, url: 'https://data.europa.eu/data/datasets' },
    };
  },
});

export const dataset = defineTool({
  name: 'dataset',
  title: 'One dataset from data.europa.eu',
  description:
    'One dataset of data.europa.eu, the official portal for European open data, by its id from dataeuropa.search: description, country, catalogue, publisher, themes, keywords, dates, coverage, update frequency, contact points and every distribution with format, licence and URLs. Unknown ids answer 404. Its metadata quality: mqa.dataset.',
  input: { id: datasetId('Dataset id in data.europa.eu, for example luftkvalitet-malinger-fra-nilu (from dataeuropa.search).') },
  output: z.object({
    ...summaryFields,
    keywords: z.array(z.string()),
    landingPages: z.array(z.string()),
    temporal: z.array(z.object({ start: optStr(), end: optStr() })),
    updateFrequency: optStr(),
    languages: z.array(z.string()),
    contactPoints: z.array(z.object({ name: optStr(), email: optStr(), url: optStr() })),
    distributions: z.array(
      z.object({
        id: optStr(),
        title: optStr(),
        format: optStr(),
        accessUrls: z.array(z.string()),
        downloadUrls: z.array(z.string()),
        license: optStr(),
      }),
    ),
    kilde: sourceRef,
  }),
  coverage: coverage(['dataset-metadata', 'distribution']),
  cacheTtlSeconds: 24 * HOUR,
  route: '/datasets/:id',
  example: { id: 'luftkvalitet-malinger-fra-nilu' },
  run: async ({ id }, ctx) => {
    const answer = await ctx.find<{ result?: HubDataset }>('dataeuropa-search', '/datasets/{id}', { params: { id } });
    if (answer === null) throw fail.notFound(`data.europa.eu has no dataset with id ${id}`);
    const d = answer.result as HubDataset;
    const mapped = mapDataset({ ...d, id: d.id ?? id });
    return { ...mapped, kilde: { register: REGISTER, url: datasetUrl(mapped.id) } };
  },
});

export const themes = defineTool({
  name: 'themes',
  title: 'EU data themes',
  description:
    "The EU data theme vocabulary (the Publications Office's data-theme authority table) as data.europa.eu uses it: each theme's code, English label and URI. No input. Besides the 13 themes that dataeuropa.search filters by, the vocabulary lists OP_DATPRO (provisional data), marked searchable false.",
  input: {},
  output: z.object({
    count: z.number().int(),
    themes: z.array(
      z.object({ code: z.string(), label: optStr(), uri: optStr(), searchable: z.boolean().describe('Accepted as theme by dataeuropa.search.') }),
    ),
    kilde: sourceRef,
  }),
  coverage: { ...coverage(['vocabulary']), updateFrequency: 'static' },
  cacheTtlSeconds: 7 * 24 * HOUR,
  route: '/themes',
  example: {},
  run: async (_input, ctx) => {
    const answer = await ctx.get<Vocabulary>('dataeuropa-search', '/vocabularies/data-theme');
    const list = answer.result?.results ?? [];
    const searchable = new Set<string>(THEMES);
    const themeList = list
      .map((v) => {
        const code = themeCode(v) as string;
        return { code, label: pick(v.pref_label), uri: v.resource ?? null, searchable: searchable.has(code) };
      })
      .sort((a, b) => a.code.localeCompare(b.code));
    return {
      count: themeList.length,
      themes: themeList,
      kilde: { register: 'EU Vocabularies: data theme', url: 'https://op.europa.eu/en/web/eu-vocabularies/concept-scheme/-/resource?uri=http://publications.europa.eu/resource/authority/data-theme' },
    };
  },
});
