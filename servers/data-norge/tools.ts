// datasets.search, datasets.get and organizations.list of data.norge.no (facts and mapping: fdk.ts).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int } from '../../runtime/fields.js';
import { note, optStr, sourceRef } from '../../runtime/output.js';
import {
  DATASETS_PATH,
  DATASET_PATH,
  ORGANIZATIONS_PATH,
  REGISTER,
  SORTS,
  SORT_ORDER,
  coverage,
  datasetUrl,
  mapDataset,
  mapHit,
  mapOrganization,
  pageWindow,
  type CatalogueOrganization,
  type ResourceDataset,
  type SearchResult,
} from './fdk.js';

const HOUR = 3600;

const publisherOutput = z.object({ orgnr: optStr(), navn: optStr(), orgPath: optStr() }).nullable();
const strings = () => z.array(z.string());

export const datasetsSearch = defineTool({
  name: 'datasets.search',
  title: 'Search datasets in data.norge.no',
  description:
    'Searches data.norge.no, the Norwegian national data catalogue, for datasets of Norwegian public bodies: title, description, publisher, EU themes, formats and the id for datanorge.datasets.get. query matches title, description and keywords (all datasets without it). sort first_harvested, firstharvested or harvested: earliest harvested first; created, newest or nyeste: newest first; default relevance. An empty list means nothing matched. The catalogue takes 10 searches a minute from this service (answers are cached); beyond that a search answers 503 with when to retry.',
  input: {
    query: z.string().optional().describe('Free text, best in Norwegian.'),
    rows: int({ min: 1, max: 100, default: 20, description: 'Datasets to return.' }),
    start: int({ min: 0, default: 0, description: 'Offset of the first dataset.' }),
    sort: z.enum(SORTS).optional().describe('Order; without it, relevance.'),
  },
  output: z.object({
    query: optStr(),
    sort: z.enum(SORTS).nullable(),
    order: z.object({ field: z.string(), direction: z.enum(['ASC', 'DESC']) }).nullable(),
    start: z.number().int(),
    rows: z.number().int(),
    total: z.number().int(),
    count: z.number().int(),
    hasMore: z.boolean(),
    datasets: z.array(
      z.object({
        id: z.string(),
        title: optStr(),
        description: optStr(),
        publisher: publisherOutput,
        themes: strings(),
        keywords: strings(),
        formats: strings(),
        openData: z.boolean().nullable(),
        accessRights: optStr(),
        firstHarvested: optStr(),
        url: z.string(),
      }),
    ),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['dataset-metadata']),
  cacheTtlSeconds: 6 * HOUR,
  route: '/datasets',
  example: { query: 'luftkvalitet', rows: 5 },
  run: async ({ query, rows, start, sort }, ctx) => {
    const q = query?.trim() || undefined;
    const order = sort ? SORT_ORDER[sort] : null;
    // FDK pages by page and size; the one page that holds the asked rows is fetched.
    const { page, size, skip } = pageWindow(start, rows);
    const answer = await ctx.request<SearchResult>({
      upstream: 'fdk-search',
      method: 'POST',
      path: DATASETS_PATH,
      idempotent: true,
      body: { ...(q && { query: q }), ...(order && { sort: order }), pagination: { page, size } },
    });
    const result = answer.data as SearchResult;
    const hits = (result.hits ?? []).slice(skip, skip + rows);
    const total = result.page?.totalElements ?? start + hits.length;
    return {
      query: q ?? null,
      sort: sort ?? null,
      order,
      start,
      rows,
      total,
      count: hits.length,
      hasMore: start + hits.length < total,
      datasets: hits.map(mapHit),
      ...(hits.length === 0 && { note: total > 0 ? `start ${start} is past the last of ${total} matching datasets.` : 'No dataset in data.norge.no matches the query.' }),
      kilde: { register: REGISTER, url: 'https://data.norge.no/datasets' },
    };
  },
});

export const datasetsGet = defineTool({
  name: 'datasets.get',
  title: 'One dataset description from data.norge.no',
  description:
    'One dataset of data.norge.no, the Norwegian national data catalogue, by its id from datanorge.datasets.search: publisher, themes, keywords, access rights, dates, coverage, contact points and each distribution with formats, access and download URLs and licences. Unknown ids answer 404. It says where the data are; it does not download them.',
  input: { id: z.string().min(1).describe('Dataset id (a UUID).') },
  output: z.object({
    id: z.string(),
    uri: optStr(),
    title: optStr(),
    description: optStr(),
    publisher: publisherOutput,
    themes: strings(),
    losThemes: strings(),
    keywords: strings(),
    accessRights: optStr(),
    issued: optStr(),
    modified: optStr(),
    firstHarvested: optStr(),
    landingPages: strings(),
    languages: strings(),
    spatial: strings(),
    temporal: z.array(z.object({ start: optStr(), end: optStr() })),
    updateFrequency: optStr(),
    contactPoints: z.array(z.object({ name: optStr(), email: optStr(), url: optStr(), phone: optStr() })),
    distributions: z.array(
      z.object({
        title: optStr(),
        formats: strings(),
        accessUrls: strings(),
        downloadUrls: strings(),
        licenses: strings(),
      }),
    ),
    url: z.string(),
    kilde: sourceRef,
  }),
  coverage: coverage(['dataset-metadata', 'distribution']),
  cacheTtlSeconds: 6 * HOUR,
  route: '/datasets/:id',
  example: { id: '3a2e8a1b-6f4c-4a5e-9a57-2c1f6d1e0b44' },
  run: async ({ id }, ctx) => {
    const dataset = await ctx.find<ResourceDataset>('fdk-resource', DATASET_PATH, { params: { id } });
    if (dataset === null) throw fail.notFound(`data.norge.no has no dataset with id ${id}`);
    const mapped = mapDataset({ ...dataset, id: dataset.id ?? id });
    return { ...mapped, kilde: { register: REGISTER, url: datasetUrl(mapped.id) } };
  },
});

export const organizationsList = defineTool({
  name: 'organizations.list',
  title: 'Organisations in data.norge.no',
  description:
    "Every organisation in data.norge.no's organisation catalogue (the publishers that data.norge.no knows): organisation number, name, organisation form, its place in the public-sector hierarchy (orgPath, which datanorge.datasets.search results carry too) and the organisation it belongs under. No input; the whole list, sorted by name.",
  input: {},
  output: z.object({
    count: z.number().int(),
    organizations: z.array(
      z.object({
        orgnr: optStr(),
        navn: optStr(),
        registrertNavn: optStr().describe('The name as registered in Enhetsregisteret.'),
        orgType: optStr(),
        orgPath: optStr(),
        overordnet: optStr().describe('Organisation number of the parent organisation.'),
      }),
    ),
    kilde: sourceRef,
  }),
  coverage: { ...coverage(['organisation']), updateFrequency: 'weekly' },
  cacheTtlSeconds: 24 * HOUR,
  route: '/organizations',
  example: {},
  run: async (_input, ctx) => {
    const list = await ctx.get<CatalogueOrganization[]>('fdk-organizations', ORGANIZATIONS_PATH);
    const organizations = list.map(mapOrganization).sort((a, b) => (a.navn ?? '').localeCompare(b.navn ?? '', 'nb'));
    return { count: organizations.length, organizations, kilde: { register: REGISTER, url: 'https://data.norge.no/organizations' } };
  },
});
