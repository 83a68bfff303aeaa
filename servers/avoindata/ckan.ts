// avoindata.fi's CKAN action API: requests, the answer envelope and its errors, and the mapping.
//
// Follows: the CKAN API guide (https://docs.ckan.org/en/latest/api/index.html) and the action
// reference (ckan.logic.action.get: package_search with q, fq, rows, start, facet.field,
// facet.limit; package_show with id), avoindata's endpoint https://www.avoindata.fi/data/api/3/action
// (UPSTREAMS.md B15; paasim/simpleada R/ada.R calls package_search and package_show there).
// Relied on:
// - Every answer is the envelope {help, success, result} or {help, success: false, error:
//   {__type, message | <field>: [messages]}}. CKAN's API view (ckan/views/api.py) sends Not Found
//   Error with HTTP 404, Validation Error and Search Error with 409, Search Query Error and
//   Integrity Error with 400, Authorization Error with 403; an error envelope on 200 is possible
//   from plugins and older versions. The tools read the envelopes of 400 and 409 themselves
//   (CKAN_ERRORS, the upstream layer's `answer`), so a validation error names its field; 404
//   comes back as null (find) and 403 is the layer's upstream_blocked.
// - package_search answers {count, results[], search_facets: {<field>: {title, items[{name,
//   display_name, count}]}}}; facet.limit -1 means every value (CKAN docs: "A negative value means
//   unlimited"). Tags are filtered with Solr fq on the `tags` field.
// UNCONFIRMED:
// - avoindata's largest `rows` (CKAN's default ckan.search.rows_max is 1000, more than the tool asks)
//   and whether it caps `start` (the spec's 0-10000 is kept).
// - The fluent *_translated fields (title_translated, notes_translated {fi, sv, en}) of avoindata's
//   schema; the core title and notes are read first.
// - The public page https://www.avoindata.fi/data/en_GB/dataset/{name}.
import type { Coverage } from '../../runtime/define.js';

/** The statuses on which CKAN sends its error envelope with details the tools read themselves. */
export const CKAN_ERRORS = [400, 409] as const;
import { fail } from '../../runtime/errors.js';

export const REGISTER = 'avoindata.fi';
export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['FI'], dataTypes, updateFrequency: 'daily' });

export interface CkanEnvelope<T> {
  success?: boolean;
  result?: T;
  error?: Record<string, unknown> & { __type?: string; message?: string };
}

/** CKAN's parameter names as this service's tools name them, for validation errors. */
const FIELD: Record<string, string> = { fq: 'tags', rows: 'rows', start: 'start', q: 'q', id: 'id' };

/**
 * The `result` of a CKAN answer, or the error its envelope carries: not found → 404, validation →
 * 400 naming the fields, anything else → 502. `null` is a 404 the upstream layer already read.
 */
export function ckanResult<T>(body: CkanEnvelope<T> | null, what: string): T {
  if (body === null) throw fail.notFound(`avoindata.fi has no ${what}`);
  if (body.success === true) return body.result as T;
  const error = body.error ?? {};
  const type = typeof error.__type === 'string' ? error.__type : 'unknown error';
  if (type === 'Not Found Error') throw fail.notFound(`avoindata.fi has no ${what}`);
  if (type === 'Validation Error') {
    const fields = Object.keys(error).filter((k) => k !== '__type');
    const detail = fields.map((k) => `${FIELD[k] ?? k}: ${[error[k]].flat().join('; ')}`).join(', ');
    throw fail.invalidInput(`avoindata.fi refused the request: ${detail || 'validation error'}`, { extra: { fields: fields.map((k) => FIELD[k] ?? k) } });
  }
  if (type === 'Search Query Error') {
    const message = typeof error.message === 'string' ? error.message : type;
    throw fail.invalidInput(`avoindata.fi could not run the search for q or tags: ${message}`, { extra: { fields: ['q', 'tags'] } });
  }
  const message = typeof error.message === 'string' ? `: ${error.message}` : '';
  throw fail.upstream(`avoindata.fi answered ${type}${message}`);
}

/** The Solr filter of a comma list of tags: every tag must be present. */
export function tagFilter(tags: string | undefined): { fq?: string; tags: string[] } {
  const list = (tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (list.length === 0) return { tags: [] };
  const quoted = list.map((t) => `tags:"${t.replace(/["\\]/g, '\\$&')}"`);
  return { fq: quoted.join(' AND '), tags: list };
}

type Translated = Record<string, string | null | undefined> | null | undefined;

interface Resource {
  id?: string;
  name?: string | null;
  format?: string | null;
  url?: string | null;
  description?: string | null;
}

export interface Package {
  id: string;
  name: string;
  title?: string | null;
  title_translated?: Translated;
  notes?: string | null;
  notes_translated?: Translated;
  organization?: { name?: string | null; title?: string | null } | null;
  license_title?: string | null;
  license_id?: string | null;
  tags?: { name?: string | null; display_name?: string | null }[] | null;
  resources?: Resource[] | null;
  metadata_created?: string | null;
  metadata_modified?: string | null;
  num_resources?: number | null;
}

export interface SearchResult {
  count?: number;
  results?: Package[] | null;
  search_facets?: Record<string, { title?: string; items?: { name?: string; display_name?: string; count?: number }[] | null }> | null;
}

const translated = (t: Translated): string | null => {
  if (!t || typeof t !== 'object') return null;
  for (const lang of ['fi', 'en', 'sv']) if (typeof t[lang] === 'string' && t[lang]!.trim()) return t[lang]!;
  return null;
};

const nonEmpty = (s: string | null | undefined) => (typeof s === 'string' && s.trim() ? s : null);

export const datasetUrl = (name: string) => `https://www.avoindata.fi/data/en_GB/dataset/${encodeURIComponent(name)}`;

export function mapPackage(p: Package) {
  const resources = p.resources ?? [];
  return {
    id: p.id,
    name: p.name,
    title: nonEmpty(p.title) ?? translated(p.title_translated),
    description: nonEmpty(p.notes) ?? translated(p.notes_translated),
    organization: p.organization ? { name: p.organization.name ?? null, title: p.organization.title ?? null } : null,
    license: p.license_title ?? p.license_id ?? null,
    tags: (p.tags ?? []).map((t) => t.display_name ?? t.name).filter((t): t is string => typeof t === 'string'),
    formats: [...new Set(resources.map((r) => r.format?.trim()).filter((f): f is string => !!f))],
    created: p.metadata_created ?? null,
    modified: p.metadata_modified ?? null,
    url: datasetUrl(p.name),
  };
}

export function mapResource(r: Resource) {
  return { name: r.name ?? null, format: nonEmpty(r.format), url: r.url ?? null, description: nonEmpty(r.description) };
}
