// data.norge.no (Felles datakatalog, FDK): request shapes, answer shapes and their mapping.
//
// Follows:
// - Search API: https://data.norge.no/nb/technical/api/search and its OpenAPI
//   (Informasjonsforvaltning/fdk-search-service openapi.yaml): POST /search/datasets with
//   {query, sort: {field: FIRST_HARVESTED, direction: ASC|DESC}, pagination: {page, size}}, answering
//   {hits[], page: {currentPage, size, totalElements, totalPages}, aggregations}. FIRST_HARVESTED is
//   the only sort field; without `sort` the hits come by relevance.
// - Pagination is 0-based with a default size of 10 (fdk-search-service model/Pagination.kt: page
//   defaults to 0 and is handed to Spring's 0-based Pageable). UPSTREAMS.md B15 had "first page 1"
//   as UNCONFIRMED; the service's code settles it as 0.
// - Resource service: https://data.norge.no/en/technical/api/resource-service, GET /v1/datasets/{id}
//   answers one dataset as JSON. The field names are those of the FDK RDF parser's Dataset
//   (Informasjonsforvaltning/fdk-rdf-parser classes/dataset.py, dcat_resource.py, distribution.py,
//   publisher.py, theme.py, skos_code.py, contactpoint.py, temporal.py, harvest_meta_data.py).
// - Organisation catalogue: GET /organizations (organization-catalog organization-catalogue.yaml),
//   an array of {organizationId, name, orgType, orgPath, subOrganizationOf, prefLabel, ...} as JSON.
// - Rates: see upstream.ts.
//
// The six sort values of the spec are aliases of the two orders FDK offers on its one sort field:
//   first_harvested, firstharvested, harvested → FIRST_HARVESTED ASC (earliest harvested first);
//   created, newest, nyeste → FIRST_HARVESTED DESC (newest first).
//
// UNCONFIRMED:
// - The largest page size the search API accepts (none is documented; the window of the underlying
//   Elasticsearch index usually ends at 10 000 hits).
// - The resource service's JSON (no sample answer was found; built from the parser's classes) and
//   its 404 body; the organisation catalogue's JSON list (built from its OpenAPI).
// - The public page https://data.norge.no/datasets/{id}, used as each dataset's kilde.
import type { Coverage } from '../../runtime/define.js';

export const REGISTER = 'data.norge.no';
export const DATASETS_PATH = '/search/datasets';
export const DATASET_PATH = '/v1/datasets/{id}';
export const ORGANIZATIONS_PATH = '/organizations';

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency: 'daily' });

export const SORTS = ['first_harvested', 'firstharvested', 'harvested', 'created', 'newest', 'nyeste'] as const;
export type Sort = (typeof SORTS)[number];

/** The FDK sort of each of the spec's six values. */
export const SORT_ORDER: Record<Sort, { field: 'FIRST_HARVESTED'; direction: 'ASC' | 'DESC' }> = {
  first_harvested: { field: 'FIRST_HARVESTED', direction: 'ASC' },
  firstharvested: { field: 'FIRST_HARVESTED', direction: 'ASC' },
  harvested: { field: 'FIRST_HARVESTED', direction: 'ASC' },
  created: { field: 'FIRST_HARVESTED', direction: 'DESC' },
  newest: { field: 'FIRST_HARVESTED', direction: 'DESC' },
  nyeste: { field: 'FIRST_HARVESTED', direction: 'DESC' },
};

/**
 * The one FDK page that holds rows start .. start+rows-1: the smallest page size (at least `rows`)
 * whose page boundaries do not split that window, and the offset of `start` inside that page.
 */
export function pageWindow(start: number, rows: number): { page: number; size: number; skip: number } {
  for (let size = rows; ; size += 1) {
    const page = Math.floor(start / size);
    if (page === Math.floor((start + rows - 1) / size)) return { page, size, skip: start - page * size };
  }
}

export type Localized = Record<string, string | null | undefined> | null | undefined;

/** The Norwegian text first (bokmål, nynorsk, unspecified), then English, then any language. */
export function text(value: Localized): string | null {
  if (!value || typeof value !== 'object') return null;
  for (const lang of ['nb', 'no', 'nn', 'en']) {
    const v = value[lang];
    if (typeof v === 'string' && v.trim()) return v;
  }
  const any = Object.values(value).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return any ?? null;
}

interface Code {
  uri?: string | null;
  code?: string | null;
  prefLabel?: Localized;
}

interface Organization {
  id?: string | null;
  uri?: string | null;
  orgPath?: string | null;
  name?: string | null;
  prefLabel?: Localized;
}

export interface SearchHit {
  id: string;
  uri?: string | null;
  title?: Localized;
  description?: Localized;
  organization?: Organization | null;
  dataTheme?: { code?: string | null; title?: Localized }[] | null;
  losTheme?: { name?: Localized; losPaths?: string[] | null }[] | null;
  keyword?: Localized[] | null;
  fdkFormatPrefixed?: string[] | null;
  isOpenData?: boolean | null;
  accessRights?: Code | null;
  metadata?: { firstHarvested?: string | null; changed?: string[] | null; deleted?: boolean | null } | null;
}

export interface SearchResult {
  hits?: SearchHit[] | null;
  page?: { currentPage?: number; size?: number; totalElements?: number; totalPages?: number } | null;
}

export const datasetUrl = (id: string) => `https://data.norge.no/datasets/${encodeURIComponent(id)}`;

const publisher = (o: Organization | null | undefined) =>
  o ? { orgnr: o.id ?? null, navn: text(o.prefLabel) ?? o.name ?? null, orgPath: o.orgPath ?? null } : null;

const keywords = (list: Localized[] | null | undefined) => (list ?? []).map(text).filter((k): k is string => k !== null);

export function mapHit(hit: SearchHit) {
  return {
    id: hit.id,
    title: text(hit.title),
    description: text(hit.description),
    publisher: publisher(hit.organization),
    themes: (hit.dataTheme ?? []).map((t) => t.code).filter((c): c is string => typeof c === 'string'),
    keywords: keywords(hit.keyword),
    formats: hit.fdkFormatPrefixed ?? [],
    openData: hit.isOpenData ?? null,
    accessRights: hit.accessRights?.code ?? null,
    firstHarvested: hit.metadata?.firstHarvested ?? null,
    url: datasetUrl(hit.id),
  };
}

interface Distribution {
  title?: Localized;
  description?: Localized;
  accessURL?: string[] | null;
  downloadURL?: string[] | null;
  format?: string[] | null;
  fdkFormat?: { code?: string | null; name?: string | null }[] | null;
  mediaType?: Code[] | null;
  license?: { uri?: string | null; prefLabel?: Localized }[] | null;
}

export interface ResourceDataset {
  id: string;
  uri?: string | null;
  identifier?: string[] | null;
  title?: Localized;
  description?: Localized;
  publisher?: Organization | null;
  theme?: { code?: string | null; title?: Localized }[] | null;
  losTheme?: { name?: Localized }[] | null;
  keyword?: Localized[] | null;
  accessRights?: Code | null;
  issued?: string | null;
  modified?: string | null;
  landingPage?: string[] | null;
  language?: Code[] | null;
  spatial?: Code[] | null;
  temporal?: { startDate?: string | null; endDate?: string | null }[] | null;
  accrualPeriodicity?: Code | null;
  contactPoint?: { email?: string | null; hasURL?: string | null; hasTelephone?: string | null; organizationUnit?: Localized; fullname?: string | null }[] | null;
  distribution?: Distribution[] | null;
  harvest?: { firstHarvested?: string | null; modified?: string | null } | null;
}

export function mapDataset(d: ResourceDataset) {
  return {
    id: d.id,
    uri: d.uri ?? null,
    title: text(d.title),
    description: text(d.description),
    publisher: publisher(d.publisher),
    themes: (d.theme ?? []).map((t) => t.code).filter((c): c is string => typeof c === 'string'),
    losThemes: (d.losTheme ?? []).map((t) => text(t.name)).filter((n): n is string => n !== null),
    keywords: keywords(d.keyword),
    accessRights: d.accessRights?.code ?? null,
    issued: d.issued ?? null,
    modified: d.modified ?? null,
    firstHarvested: d.harvest?.firstHarvested ?? null,
    landingPages: d.landingPage ?? [],
    languages: (d.language ?? []).map((l) => l.code).filter((c): c is string => typeof c === 'string'),
    spatial: (d.spatial ?? []).map((s) => text(s.prefLabel) ?? s.code ?? s.uri).filter((s): s is string => typeof s === 'string'),
    temporal: (d.temporal ?? []).map((t) => ({ start: t.startDate ?? null, end: t.endDate ?? null })),
    updateFrequency: text(d.accrualPeriodicity?.prefLabel) ?? d.accrualPeriodicity?.code ?? null,
    contactPoints: (d.contactPoint ?? []).map((c) => ({
      name: c.fullname ?? text(c.organizationUnit),
      email: c.email ?? null,
      url: c.hasURL ?? null,
      phone: c.hasTelephone ?? null,
    })),
    distributions: (d.distribution ?? []).map((x) => ({
      title: text(x.title),
      formats: x.fdkFormat?.length ? x.fdkFormat.map((f) => f.code ?? f.name).filter((f): f is string => typeof f === 'string') : (x.format ?? []),
      accessUrls: x.accessURL ?? [],
      downloadUrls: x.downloadURL ?? [],
      licenses: (x.license ?? []).map((l) => l.uri ?? text(l.prefLabel)).filter((l): l is string => typeof l === 'string'),
    })),
    url: datasetUrl(d.id),
  };
}

export interface CatalogueOrganization {
  organizationId?: string | null;
  name?: string | null;
  orgType?: string | null;
  orgPath?: string | null;
  subOrganizationOf?: string | null;
  prefLabel?: Localized;
}

export function mapOrganization(o: CatalogueOrganization) {
  return {
    orgnr: o.organizationId ?? null,
    navn: text(o.prefLabel) ?? o.name ?? null,
    registrertNavn: o.name ?? null,
    orgType: o.orgType ?? null,
    orgPath: o.orgPath ?? null,
    overordnet: o.subOrganizationOf ?? null,
  };
}
