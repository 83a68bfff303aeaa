// search, dataset and organisations of avoindata.fi (CKAN action API; facts and mapping: ckan.ts).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { int } from '../../runtime/fields.js';
import { note, optStr, sourceRef } from '../../runtime/output.js';
import { CKAN_ERRORS, REGISTER, ckanResult, coverage, datasetUrl, mapPackage, mapResource, tagFilter, type CkanEnvelope, type Package, type SearchResult } from './ckan.js';

const HOUR = 3600;

const packageFields = {
  id: z.string(),
  name: z.string().describe('URL name of the dataset; datasets can be fetched by it.'),
  title: optStr(),
  description: optStr(),
  organization: z.object({ name: optStr(), title: optStr() }).nullable(),
  license: optStr(),
  tags: z.array(z.string()),
  formats: z.array(z.string()),
  created: optStr(),
  modified: optStr(),
  url: z.string(),
};

export const search = defineTool({
  name: 'search',
  title: 'Search datasets in avoindata.fi',
  description:
    "Searches avoindata.fi, Finland's national open-data portal, for datasets of Finnish public bodies and others: title, description, publishing organisation, licence, tags and resource formats, with the dataset's id and name for avoindata.dataset. q is a free-text query (Finnish words find most); tags is a comma list of tags that must all be present (for example liikenne,tilastot). rows 1-100 (default 20) from offset start 0-10000 (default 0). An empty list means nothing matched.",
  input: {
    q: z.string().optional().describe('Free-text query.'),
    rows: int({ min: 1, max: 100, default: 20, description: 'Datasets to return.' }),
    start: int({ min: 0, max: 10000, default: 0, description: 'Offset of the first dataset.' }),
    tags: z.string().optional().describe('Comma list of tags, every one required.'),
  },
  output: z.object({
    q: optStr(),
    tags: z.array(z.string()),
    start: z.number().int(),
    rows: z.number().int(),
    total: z.number().int(),
    count: z.number().int(),
    hasMore: z.boolean(),
    datasets: z.array(z.object(packageFields)),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['dataset-metadata']),
  cacheTtlSeconds: HOUR,
  route: '/search',
  example: { q: 'liikenne', rows: 5 },
  run: async ({ q, rows, start, tags }, ctx) => {
    const query = q?.trim() || undefined;
    const filter = tagFilter(tags);
    const body = await ctx.get<CkanEnvelope<SearchResult>>('avoindata', '/package_search', {
      answer: CKAN_ERRORS,
      query: { q: query, fq: filter.fq, rows, start },
    });
    const result = ckanResult(body, 'search result');
    const packages = result.results ?? [];
    const total = result.count ?? packages.length;
    return {
      q: query ?? null,
      tags: filter.tags,
      start,
      rows,
      total,
      count: packages.length,
      hasMore: start + packages.length < total,
      datasets: packages.map(mapPackage),
      ...(packages.length === 0 && { note: total > 0 ? `start ${start} is past the last of ${total} matching datasets.` : 'No dataset in avoindata.fi matches.' }),
      kilde: { register: REGISTER, url: 'https://www.avoindata.fi/data/en_GB/dataset' },
    };
  },
});

export const dataset = defineTool({
  name: 'dataset',
  title: 'One dataset from avoindata.fi',
  description:
    "One dataset of avoindata.fi, Finland's national open-data portal, by its id or name (from avoindata.search): title, description, organisation, licence, tags, dates and every resource (file or API) with its format and URL. Unknown ids answer 404. The resources' URLs lead to the data; this tool does not download them.",
  input: { id: z.string().min(1).describe('Dataset id (UUID) or name.') },
  output: z.object({
    ...packageFields,
    resources: z.array(z.object({ name: optStr(), format: optStr(), url: optStr(), description: optStr() })),
    kilde: sourceRef,
  }),
  coverage: coverage(['dataset-metadata', 'distribution']),
  cacheTtlSeconds: 6 * HOUR,
  route: '/datasets/:id',
  example: { id: 'kuntien-avainluvut' },
  run: async ({ id }, ctx) => {
    const body = await ctx.find<CkanEnvelope<Package>>('avoindata', '/package_show', { query: { id }, answer: CKAN_ERRORS });
    const pkg = ckanResult(body, `dataset ${id}`);
    return { ...mapPackage(pkg), resources: (pkg.resources ?? []).map(mapResource), kilde: { register: REGISTER, url: datasetUrl(pkg.name) } };
  },
});

export const organisations = defineTool({
  name: 'organisations',
  title: 'Organisations publishing in avoindata.fi',
  description:
    "The organisations that publish datasets in avoindata.fi, Finland's national open-data portal, each with its CKAN name, display name and the number of public datasets it publishes, most datasets first. No input. Organisations without a public dataset are not listed.",
  input: {},
  output: z.object({
    count: z.number().int(),
    datasets: z.number().int().describe('Public datasets in the portal.'),
    organisations: z.array(z.object({ name: z.string(), title: optStr(), datasets: z.number().int() })),
    kilde: sourceRef,
  }),
  coverage: { ...coverage(['organisation']), updateFrequency: 'daily' },
  cacheTtlSeconds: 24 * HOUR,
  route: '/organisations',
  example: {},
  run: async (_input, ctx) => {
    // One facet query: every organisation with its count of public datasets (facet.limit -1 = all).
    const body = await ctx.get<CkanEnvelope<SearchResult>>('avoindata', '/package_search', {
      answer: CKAN_ERRORS,
      query: { rows: 0, 'facet.field': '["organization"]', 'facet.limit': -1 },
    });
    const result = ckanResult(body, 'organisation list');
    const items = result.search_facets?.organization?.items ?? [];
    const organisations = items
      .map((i) => ({ name: i.name as string, title: i.display_name ?? null, datasets: i.count ?? 0 }))
      .sort((a, b) => b.datasets - a.datasets || a.name.localeCompare(b.name));
    return { count: organisations.length, datasets: result.count ?? 0, organisations, kilde: { register: REGISTER, url: 'https://www.avoindata.fi/data/en_GB/organization' } };
  },
});
