// data.europa.eu's search API (piveau hub-search): requests, answers and their mapping.
//
// Follows: the hub-search OpenAPI 5.3.11 published at https://data.europa.eu/api/hub/search/ (read
// as harvested in api-evangelist/eu-open-data-portal openapi/_original/
// eu-open-data-portal-hub-search-openapi.yaml):
// - POST /search with the Query body {q, filters: ["dataset"], facets: {<facet>: [values]}, limit
//   (0-1000), page (0-based), aggregation}. Facet values within one facet are ORed, facets are ANDed
//   (facetOperator OR, facetGroupOperator AND by default). POST is used because a client reports
//   that GET with a non-empty `facets` parameter answers 400 (UPSTREAMS.md B15).
// - GET /datasets/{id} answers {success, result: Dataset}; 404 answers {success: false, message}.
// - Dataset fields: title/description {<lang>: text}, country {id, label, resource}, catalog {id},
//   publisher {name, homepage}, categories [{id, label {<lang>}, resource}], keywords [{label,
//   language}], distributions [{id, title, format {id, label}, access_url[], download_url[],
//   license {label, resource}, media_type}], landing_page [{resource}], temporal [{gte, lte}],
//   accrual_periodicity {label}, language [{label}], contact_point [{name, email, url[]}], is_hvd,
//   issued, modified.
// - GET /vocabularies/data-theme answers the EU data theme vocabulary as {result: {count, results:
//   [{id, pref_label: {<lang>}, resource}]}} (the shape piveau hub-ui's DataEuropaFormatter reads from
//   this very URL; the OpenAPI leaves the answer undescribed). The vocabulary is the Publications
//   Office's data-theme authority table: the 13 themes plus OP_DATPRO ("Provisional data").
// - Dataset ids: the shape piveau gives them (ids.ts, with its sources), checked before use.
// UNCONFIRMED:
// - The case of facet values: country as lower-case ISO alpha-2 (the index's country.id, e.g.
//   "de") and categories as the upper-case theme codes (as peers send them).
// - No captured answer was found (ondata/ckan-mcp-server's fixture is synthetic); the recordings
//   follow the OpenAPI's Dataset model.
// - The public page https://data.europa.eu/data/datasets/{id}.
import type { Coverage } from '../../runtime/define.js';

export const REGISTER = 'data.europa.eu';
export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['EU'], dataTypes, updateFrequency: 'daily' });

/** The themes of the spec (the data-theme vocabulary less OP_DATPRO). */
export const THEMES = ['AGRI', 'ECON', 'EDUC', 'ENER', 'ENVI', 'GOVE', 'HEAL', 'INTR', 'JUST', 'REGI', 'SOCI', 'TECH', 'TRAN'] as const;

type Texts = Record<string, string | null | undefined> | null | undefined;

/** English first, then the first language that has a text. */
export function pick(texts: Texts): string | null {
  if (!texts || typeof texts !== 'object') return null;
  if (typeof texts.en === 'string' && texts.en.trim()) return texts.en;
  return Object.values(texts).find((t): t is string => typeof t === 'string' && t.trim() !== '') ?? null;
}

const label = (v: { label?: unknown } | null | undefined): string | null =>
  !v ? null : typeof v.label === 'string' ? v.label : pick(v.label as Texts);

/** The theme code of a category: the last segment of its authority URI, else its id. */
export const themeCode = (c: { id?: string | null; resource?: string | null }) =>
  (c.resource?.split('/').pop() || c.id || '').toUpperCase() || null;

interface Distribution {
  id?: string;
  title?: Texts;
  format?: { id?: string | null; label?: string | null } | null;
  access_url?: string[] | null;
  download_url?: string[] | null;
  license?: { label?: string | null; resource?: string | null } | null;
  media_type?: string | null;
}

export interface HubDataset {
  id: string;
  title?: Texts;
  description?: Texts;
  country?: { id?: string | null; label?: string | null } | null;
  catalog?: { id?: string | null } | null;
  publisher?: { name?: string | null; homepage?: string | null } | null;
  categories?: { id?: string | null; resource?: string | null }[] | null;
  keywords?: { label?: string | null; language?: string | null }[] | null;
  distributions?: Distribution[] | null;
  landing_page?: { resource?: string | null }[] | null;
  temporal?: { gte?: string | null; lte?: string | null }[] | null;
  accrual_periodicity?: { label?: unknown } | null;
  language?: { label?: unknown }[] | null;
  contact_point?: { name?: string | null; email?: string | null; url?: string[] | null }[] | null;
  is_hvd?: boolean | null;
  issued?: string | null;
  modified?: string | null;
}

export interface SearchAnswer {
  result?: { count?: number; results?: HubDataset[] | null } | null;
}

export const datasetUrl = (id: string) => `https://data.europa.eu/data/datasets/${encodeURIComponent(id)}`;

const formats = (d: HubDataset) => [
  ...new Set((d.distributions ?? []).map((x) => x.format?.label ?? x.format?.id).filter((f): f is string => typeof f === 'string' && f !== '')),
];

export function mapSummary(d: HubDataset) {
  return {
    id: d.id,
    title: pick(d.title),
    description: pick(d.description),
    country: d.country?.id ? { code: d.country.id.toUpperCase(), name: d.country.label ?? null } : null,
    catalogue: d.catalog?.id ?? null,
    publisher: d.publisher?.name ?? null,
    themes: (d.categories ?? []).map(themeCode).filter((c): c is string => c !== null),
    formats: formats(d),
    highValue: d.is_hvd ?? null,
    issued: d.issued ?? null,
    modified: d.modified ?? null,
    url: datasetUrl(d.id),
  };
}

export function mapDataset(d: HubDataset) {
  return {
    ...mapSummary(d),
    keywords: [...new Set((d.keywords ?? []).map((k) => k.label).filter((k): k is string => typeof k === 'string'))],
    landingPages: (d.landing_page ?? []).map((p) => p.resource).filter((r): r is string => typeof r === 'string'),
    temporal: (d.temporal ?? []).map((t) => ({ start: t.gte ?? null, end: t.lte ?? null })),
    updateFrequency: label(d.accrual_periodicity),
    languages: (d.language ?? []).map(label).filter((l): l is string => l !== null),
    contactPoints: (d.contact_point ?? []).map((c) => ({ name: c.name ?? null, email: c.email ?? null, url: c.url?.[0] ?? null })),
    distributions: (d.distributions ?? []).map((x) => ({
      id: x.id ?? null,
      title: pick(x.title),
      format: x.format?.label ?? x.format?.id ?? null,
      accessUrls: x.access_url ?? [],
      downloadUrls: x.download_url ?? [],
      license: x.license?.label ?? x.license?.resource ?? null,
    })),
  };
}

export interface Vocabulary {
  result?: { count?: number; results?: { id?: string | null; pref_label?: Texts; resource?: string | null }[] | null } | null;
}
