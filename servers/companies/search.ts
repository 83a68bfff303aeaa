// companies.search: one name search over three registers, the same contract as REST spec 4.2.
//   NO: Enhetsregisteret GET /enhetsregisteret/api/enheter?navn=&page=&size= (A1), through the shared
//       response cache (the same request as brreg.enheter.search). The register pages only its first
//       10 000 hits: page*pageSize >= 10000 is refused (page-out-of-range); a window that straddles
//       the ceiling is read as the aligned upstream windows that stay under it.
//   DK: CVR distribution Elasticsearch POST /cvr-permanent/virksomhed/_search (A6), Basic auth
//       CVR_ES_USER/CVR_ES_PASS; a `match` on virksomhedMetadata.nyesteNavn.navn with operator `and`
//       (the field is analysed text). hits.total is a number (Elasticsearch 6.8).
//   FI: PRH YTJ v3 GET /companies?name=&page= (A7), fixed pages of 100 rows; the requested window is
//       cut from one or two of them.
// The CVR index refuses from+size above 3000 (an upstream limit: ../_shared/upstream-limits.ts).
// UNCONFIRMED: YTJ's `page` is 1-based (peer notes say pages start at 1; the swagger text read here
// does not say); the YTJ companySituations codes used for the status text.
import { z } from 'zod';
import type { ToolContext } from '../../runtime/context.js';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { page, size, text } from '../../runtime/fields.js';
import { esTotal, type EsAnswer, type VirksomhedSource } from '../_shared/cvr.js';
import { embedded, type Enhet as BrregEnhet, type HalPage } from '../_shared/enhetsregisteret.js';
import { CVR_WINDOW, pageWindowMessage, pastWindow } from '../_shared/upstream-limits.js';
import { BRREG_REGISTER, CVR_REGISTER, CVR_SEARCH_URL, PRH_REGISTER, brregStatus, cvrHit, iso, prhHit } from './company.js';
import {
  BRREG_ENHETER_PATH,
  BRREG_WINDOW,
  CVR_SEARCH_PATH,
  CVR_SOURCE_FIELDS,
  DAY,
  PRH_COMPANIES_PATH,
  PRH_PAGE_ROWS,
  coverage,
  displayUrl,
  requireCredentials,
} from './common.js';
import type { PrhAnswer, PrhCompany } from './shapes.js';
import { searchOutput } from './outputs.js';

export const SEARCH_COUNTRIES = ['NO', 'DK', 'FI'] as const;
export type SearchCountry = (typeof SEARCH_COUNTRIES)[number];

export interface SearchHit {
  companyId: string;
  idType: 'NO_ORGNR' | 'DK_CVR' | 'FI_YTUNNUS';
  orgnr?: string;
  name: string;
  country: SearchCountry;
  status: string;
  orgForm: string;
}

export interface SearchResult {
  total: number;
  page: number;
  pageSize: number;
  country: SearchCountry;
  companies: SearchHit[];
  canonicalUrl: string;
  source: { register: string; url: string; fetchedAt: string };
  note?: string;
}

/** A 400 of Problem type `{base_url}/errors/page-out-of-range` (REST spec 4.2 and 7). */
function pageOutOfRange(message: string) {
  return fail.invalidInput(message, { problemType: 'page-out-of-range', detailCode: 'page_out_of_range', extra: { fields: ['page'] } });
}

/**
 * Upstream (page, size) windows that together cover rows [start, end), each aligned (its first
 * row is a multiple of its size) so that it is a valid page request. Inside the 10 000-row
 * ceiling a page of the caller's own size is one window.
 */
export function alignedWindows(start: number, end: number): { page: number; size: number }[] {
  const out: { page: number; size: number }[] = [];
  let at = start;
  while (at < end) {
    let rows = end - at;
    while (at % rows !== 0) rows -= 1;
    out.push({ page: at / rows, size: rows });
    at += rows;
  }
  return out;
}

export const canonicalSearchUrl = (base: string, q: string, country: string, page: number, pageSize: number) =>
  `${base}/api/v1/companies?${new URLSearchParams({ q, country, page: String(page), pageSize: String(pageSize) }).toString()}`;

interface Window {
  q: string;
  page: number;
  pageSize: number;
}

async function searchNorway(ctx: ToolContext, { q, page, pageSize }: Window) {
  const start = page * pageSize;
  if (start >= BRREG_WINDOW) {
    throw pageOutOfRange(
      `page: page*pageSize must be below ${BRREG_WINDOW} for country NO, because Enhetsregisteret serves only the first ${BRREG_WINDOW} hits of a search (got page ${page}, pageSize ${pageSize}: ${start}); narrow q instead of paging further`,
    );
  }
  const windows = alignedWindows(start, Math.min(start + pageSize, BRREG_WINDOW));
  const answers = await Promise.all(
    windows.map((w) => ctx.request<HalPage<'enheter', BrregEnhet>>({ upstream: 'brreg', path: BRREG_ENHETER_PATH, query: { navn: q, page: w.page, size: w.size } })),
  );
  const rows = answers.flatMap((a) => embedded(a.data, 'enheter'));
  const total = answers[0].data?.page?.totalElements ?? 0;
  const companies: SearchHit[] = rows.map((e) => ({
    companyId: e.organisasjonsnummer,
    idType: 'NO_ORGNR',
    orgnr: e.organisasjonsnummer,
    name: e.navn,
    country: 'NO',
    status: brregStatus(e).status,
    orgForm: e.organisasjonsform?.kode ?? '',
  }));
  const notes: string[] = [];
  if (total > BRREG_WINDOW) notes.push(`${total} companies match, but Enhetsregisteret serves only the first ${BRREG_WINDOW}; narrow q to reach the rest.`);
  return {
    total,
    companies,
    fetchedAt: Math.min(...answers.map((a) => a.fetchedAt)),
    register: BRREG_REGISTER,
    url: displayUrl(`https://data.brreg.no${BRREG_ENHETER_PATH}`, { navn: q, page, size: pageSize }),
    notes,
  };
}

async function searchDenmark(ctx: ToolContext, { q, page, pageSize }: Window) {
  requireCredentials(ctx, 'DK', 'Danish company search (country DK)');
  const from = page * pageSize;
  if (pastWindow(CVR_WINDOW, page, pageSize)) {
    throw pageOutOfRange(`page: ${pageWindowMessage(CVR_WINDOW, { page: 'page', size: 'pageSize' }, page, pageSize, 'narrow q instead of paging further (country DK)')}`);
  }
  const body = {
    from,
    size: pageSize,
    _source: CVR_SOURCE_FIELDS,
    query: { bool: { must: [{ match: { 'Vrvirksomhed.virksomhedMetadata.nyesteNavn.navn': { query: q, operator: 'and' } } }] } },
  };
  const answer = await ctx.request<EsAnswer<VirksomhedSource>>({ upstream: 'cvr', method: 'POST', path: CVR_SEARCH_PATH, body, idempotent: true });
  const hits = answer.data?.hits;
  // `?? 0`: a total object without a value counts 0.
  const total = esTotal(hits?.total, 0).total ?? 0;
  const companies: SearchHit[] = (hits?.hits ?? []).flatMap((h) => (h._source?.Vrvirksomhed ? [cvrHit(h._source.Vrvirksomhed)] : []));
  const notes: string[] = [];
  if (total > CVR_WINDOW.window) notes.push(`${total} companies match, but the CVR index pages only the first ${CVR_WINDOW.window}; narrow q to reach the rest.`);
  return { total, companies, fetchedAt: answer.fetchedAt, register: CVR_REGISTER, url: CVR_SEARCH_URL, notes };
}

async function searchFinland(ctx: ToolContext, { q, page, pageSize }: Window) {
  const start = page * pageSize;
  const first = Math.floor(start / PRH_PAGE_ROWS);
  const last = Math.floor((start + pageSize - 1) / PRH_PAGE_ROWS);
  const upstreamPages = first === last ? [first] : [first, last];
  // YTJ pages are numbered from 1 (UNCONFIRMED, see the header).
  const answers = await Promise.all(
    upstreamPages.map((p) => ctx.request<PrhAnswer>({ upstream: 'prh', path: PRH_COMPANIES_PATH, query: { name: q, page: p + 1 } })),
  );
  const rows: PrhCompany[] = answers.flatMap((a) => a.data?.companies ?? []);
  const offset = start - first * PRH_PAGE_ROWS;
  const companies: SearchHit[] = rows.slice(offset, offset + pageSize).map(prhHit);
  const total = answers[0].data?.totalResults ?? 0;
  return {
    total,
    companies,
    fetchedAt: Math.min(...answers.map((a) => a.fetchedAt)),
    register: PRH_REGISTER,
    url: displayUrl(`https://avoindata.prh.fi/opendata-ytj-api/v3${PRH_COMPANIES_PATH}`, { name: q, page: first + 1 }),
    notes: [] as string[],
  };
}

const countryField = z
  .enum(SEARCH_COUNTRIES, {
    error: (iss) =>
      iss.input === 'SE'
        ? 'SE is not supported for name search: Swedish companies are looked up by organisation number (companies.lookup, or GET /api/v1/company/{orgnr})'
        : undefined,
  })
  .default('NO')
  .describe('Register to search: NO (Enhetsregisteret), DK (CVR) or FI (YTJ).');

export const companiesSearch = defineTool({
  name: 'search',
  title: 'Search Nordic companies by name',
  description:
    'Company name search in one national register: NO Enhetsregisteret (default), DK CVR, FI YTJ (PRH); SE has no name search (companies.lookup takes its organisation number). idType tells which lookup applies next. For NO, page*pageSize must be below 10000 (the register serves its first 10000 hits; deeper is page-out-of-range); for DK (page+1)*pageSize may not exceed 3000 (the CVR index\'s limit). DK needs CVR credentials on the server, else not_configured. total 0 means no company name matches. Full record: companies.lookup.',
  input: {
    q: text('Company name or part of it, e.g. "equinor".', 1, 200),
    country: countryField,
    pageSize: size(50, 20),
    page: page(),
  },
  output: searchOutput,
  coverage: coverage(['company', 'legal-entity', 'search'], ['NO', 'DK', 'FI']),
  cacheTtlSeconds: DAY,
  route: '/search',
  example: { q: 'kiwi', pageSize: 10 },
  run: async ({ q, country, pageSize, page }, ctx): Promise<SearchResult> => {
    const window = { q, page, pageSize };
    const found = country === 'NO' ? await searchNorway(ctx, window) : country === 'DK' ? await searchDenmark(ctx, window) : await searchFinland(ctx, window);
    const notes = [...found.notes];
    if (found.total === 0) notes.push(`No company name in ${found.register} matches "${q}".`);
    else if (found.companies.length === 0) notes.push(`Page ${page} is past the last hit (${found.total} hits with pageSize ${pageSize}).`);
    return {
      total: found.total,
      page,
      pageSize,
      country,
      companies: found.companies,
      canonicalUrl: canonicalSearchUrl(ctx.publicBaseUrl, q, country, page, pageSize),
      source: { register: found.register, url: found.url, fetchedAt: iso(found.fetchedAt) },
      ...(notes.length > 0 && { note: notes.join(' ') }),
    };
  },
});
