// notices.search and notice.get on Doffin's one real public operation, GET /public/v2/search.
//
// Follows: the Doffin public API v2 as UPSTREAMS.md A12 records it (developer portal
// https://dof-notices-prod-api.developer.azure-api.net; TS types of the search answer, file id
// 57937903375; a peer test citing the portal's PublicNoticeHitDto, file id 70594486735).
// Relied on:
// - Query parameters numHitsPerPage, page (1-based), sortBy=PUBLICATION_DATE_DESC, searchString,
//   cpvCode (repeatable), issueDateFrom / issueDateTo (YYYY-MM-DD).
// - Answer {numHitsTotal, numHitsAccessible, hits[]}; a hit has id, buyer[]{id, organizationId,
//   name}, heading, description, locationId[], estimatedValue{currencyCode, amount}, type, allTypes[],
//   status, issueDate, publicationDate, deadline, receivedTenders, cpvCodes[], lots[]{heading,
//   description, winner[]}, doffinClassicUrl, limitedDataFlag. numHitsAccessible is capped at 1000.
// - The connector path /notices answers 404 upstream (spec 2.3), so notice.get searches for the id.
// UNCONFIRMED:
// - That issueDateFrom/To filter on the date a notice was published (the API has no other date
//   filter; a peer reports that unknown parameter names are silently ignored).
// - That the free-text searchString finds a notice by its id (notice.get says not_found otherwise).
// - That cpvCode matches the codes below a division code such as 72000000.
// - The largest numHitsPerPage accepted (100 is asked at most).
// - The public notice page https://doffin.no/notices/{id} (used when doffinClassicUrl is absent).
// - There is no buyer filter in the API: buyerOrgnr is applied here to the newest 100 hits.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int, isoDate, orgnr } from '../../runtime/fields.js';
import { note, optNum, optStr, sourceRef } from '../../runtime/output.js';
import { CREDENTIALS, coverage } from './common.js';
import { quoted } from '../../runtime/validation.js';

const SEARCH_PATH = '/public/v2/search';
/** Hits fetched when the buyer filter has to be applied here. */
const BUYER_SCAN = 100;

interface Organisation {
  id?: string;
  organizationId?: string | null;
  name?: string | null;
}

interface Hit {
  id: string;
  buyer?: Organisation[] | null;
  heading?: string | null;
  description?: string | null;
  locationId?: string[] | null;
  estimatedValue?: { currencyCode?: string; amount?: number } | null;
  type?: string | null;
  allTypes?: string[] | null;
  status?: string | null;
  issueDate?: string | null;
  publicationDate?: string | null;
  deadline?: string | null;
  receivedTenders?: number | null;
  cpvCodes?: string[] | null;
  lots?: { heading?: string | null; description?: string | null; winner?: Organisation[] | null }[] | null;
  doffinClassicUrl?: string | null;
  limitedDataFlag?: boolean | null;
}

interface SearchPage {
  numHitsTotal?: number;
  numHitsAccessible?: number;
  hits?: Hit[] | null;
}

const org = (o: Organisation) => ({ name: o.name ?? null, orgnr: o.organizationId ?? null });

function noticeUrl(hit: Hit): string {
  if (hit.doffinClassicUrl) return hit.doffinClassicUrl;
  const url = new URL('https://doffin.no/notices/');
  url.pathname += encodeURIComponent(hit.id);
  return url.href;
}

function mapHit(hit: Hit, full: boolean) {
  const description = hit.description ?? null;
  return {
    id: hit.id,
    heading: hit.heading ?? null,
    description: full || description === null || description.length <= 400 ? description : `${description.slice(0, 399)}…`,
    type: hit.type ?? null,
    allTypes: hit.allTypes ?? [],
    status: hit.status ?? null,
    buyers: (hit.buyer ?? []).map(org),
    issueDate: hit.issueDate ?? null,
    publicationDate: hit.publicationDate ?? null,
    deadline: hit.deadline ?? null,
    estimatedValue: hit.estimatedValue?.amount !== undefined ? { amount: hit.estimatedValue.amount, currency: hit.estimatedValue.currencyCode ?? null } : null,
    cpvCodes: hit.cpvCodes ?? [],
    locationIds: hit.locationId ?? [],
    receivedTenders: hit.receivedTenders ?? null,
    ...(full
      ? { lots: (hit.lots ?? []).map((l) => ({ heading: l.heading ?? null, description: l.description ?? null, winners: (l.winner ?? []).map(org) })) }
      : { lotCount: (hit.lots ?? []).length }),
    limitedData: hit.limitedDataFlag ?? false,
    url: noticeUrl(hit),
  };
}

/** The register, as each answer names it; the upstream request itself is in the runtime's provenance. */
const REGISTER = 'Doffin (DFØ)';

const organisation = z.object({ name: optStr(), orgnr: optStr() });

/** mapHit: a search hit has lotCount, the full notice (notice.get) lots. */
const noticeFields = {
  id: z.string(),
  heading: optStr(),
  description: optStr(),
  type: optStr(),
  allTypes: z.array(z.string()),
  status: optStr(),
  buyers: z.array(organisation),
  issueDate: optStr(),
  publicationDate: optStr(),
  deadline: optStr(),
  estimatedValue: z.object({ amount: z.number(), currency: optStr() }).nullable(),
  cpvCodes: z.array(z.string()),
  locationIds: z.array(z.string()),
  receivedTenders: optNum(),
  limitedData: z.boolean(),
  url: z.string(),
};

/** A CPV code or prefix as Doffin's cpvCode wants it: 8 digits, no check digit (72 → 72000000). */
export function cpvFilter(value: string): string {
  return value.replace(/-\d$/, '').padEnd(8, '0');
}

export const noticesSearch = defineTool({
  name: 'notices.search',
  title: 'Search Norwegian public procurement notices (Doffin)',
  description:
    'Searches Doffin, Norway\'s national database of public procurement notices (tenders, contract awards, prior information), newest first, by publication date, CPV code or prefix (doffin.cpv.divisjoner) and buyer. Descriptions are shortened; doffin.notice.get gives the full notice with lots and winners. total counts the matching notices; Doffin lets at most 1000 be read. Doffin has no buyer filter, so buyerOrgnr is applied to the newest 100 matching notices (the answer says so). An empty list means no notice matched.',
  input: {
    publishedFrom: isoDate('Earliest publication date, YYYY-MM-DD (inclusive).').optional(),
    publishedTo: isoDate('Latest publication date, YYYY-MM-DD (inclusive).').optional(),
    cpv: z
      .string()
      .regex(/^\d{2,8}(-\d)?$/, { error: (iss) => `must be a CPV code or prefix of 2 to 8 digits, optionally with its check digit, e.g. 72 or 72212000-4 (got ${quoted(iss.input)})` })
      .describe('CPV code or prefix (check digit optional), e.g. 45 or 72212000.')
      .optional(),
    buyerOrgnr: orgnr('Organisation number of the buying organisation.').optional(),
    limit: int({ min: 1, max: 100, default: 20, description: 'Number of notices.' }),
  },
  output: z.object({
    filters: z.object({ publishedFrom: optStr(), publishedTo: optStr(), cpv: optStr(), buyerOrgnr: optStr() }),
    total: z.number().int(),
    accessible: optNum().describe('How many of total Doffin lets be read (at most 1000).'),
    count: z.number().int(),
    limit: z.number().int(),
    notices: z.array(z.object({ ...noticeFields, description: optStr().describe('Shortened to 400 characters.'), lotCount: z.number().int() })),
    note,
    source: sourceRef,
  }),
  refine: (input, issues) => {
    if (input.publishedFrom && input.publishedTo && input.publishedFrom > input.publishedTo) {
      issues.add(`publishedFrom (${input.publishedFrom}) must not be after publishedTo (${input.publishedTo})`, ['publishedFrom']);
    }
  },
  credentials: CREDENTIALS,
  coverage: coverage(['procurement-notice', 'tender']),
  cacheTtlSeconds: 900,
  route: '/notices',
  example: { cpv: '72', limit: 2 },
  run: async ({ publishedFrom, publishedTo, cpv, buyerOrgnr, limit }, ctx) => {
    const answer = await ctx.get<SearchPage>('doffin', SEARCH_PATH, {
      query: {
        numHitsPerPage: buyerOrgnr ? BUYER_SCAN : limit,
        page: 1,
        sortBy: 'PUBLICATION_DATE_DESC',
        issueDateFrom: publishedFrom,
        issueDateTo: publishedTo,
        cpvCode: cpv ? cpvFilter(cpv) : undefined,
      },
    });
    const hits = answer.hits ?? [];
    const kept = buyerOrgnr ? hits.filter((h) => (h.buyer ?? []).some((b) => b.organizationId === buyerOrgnr)) : hits;
    const notices = kept.slice(0, limit).map((h) => mapHit(h, false));
    const filters = { publishedFrom: publishedFrom ?? null, publishedTo: publishedTo ?? null, cpv: cpv ? cpvFilter(cpv) : null, buyerOrgnr: buyerOrgnr ?? null };
    return {
      filters,
      total: buyerOrgnr ? kept.length : (answer.numHitsTotal ?? hits.length),
      accessible: answer.numHitsAccessible ?? null,
      count: notices.length,
      limit,
      notices,
      ...(buyerOrgnr && {
        note: `Doffin's search has no buyer filter: the notices of ${buyerOrgnr} were picked from the newest ${hits.length} notices matching the other filters (of ${answer.numHitsTotal ?? hits.length}). Narrow the dates to reach older ones.`,
      }),
      source: { register: REGISTER, url: 'https://doffin.no' },
    };
  },
});

export const noticeGet = defineTool({
  name: 'notice.get',
  title: 'One Doffin procurement notice',
  description:
    'One public procurement notice from Doffin by its id (as notices.search gives it), in full, with lots and their winners. Doffin\'s API has no notice-by-id operation (its /notices path answers 404), so the notice is found through the search operation; an id the search does not find answers not_found.',
  input: {
    noticeId: z
      .string()
      .regex(/^\d{4}-\d{3,9}$/, { error: (iss) => `must be a Doffin notice id YYYY-NNNNNN, e.g. 2024-100123 (got ${quoted(iss.input)})` })
      .describe('Doffin notice id, YYYY-NNNNNN, e.g. 2024-100123.'),
  },
  output: z.object({
    notice: z.object({ ...noticeFields, lots: z.array(z.object({ heading: optStr(), description: optStr(), winners: z.array(organisation) })) }),
    source: sourceRef,
  }),
  credentials: CREDENTIALS,
  coverage: coverage(['procurement-notice', 'tender', 'contract-award']),
  cacheTtlSeconds: 3600,
  route: '/notices/:noticeId',
  example: { noticeId: '2026-105123' },
  run: async ({ noticeId }, ctx) => {
    const answer = await ctx.get<SearchPage>('doffin', SEARCH_PATH, { query: { searchString: noticeId, numHitsPerPage: 10, page: 1 } });
    const hit = (answer.hits ?? []).find((h) => h.id === noticeId);
    if (!hit) throw fail.notFound(`Doffin has no notice ${noticeId}: a search for the id found no notice with exactly that id.`);
    const notice = mapHit(hit, true);
    return { notice, source: { register: REGISTER, url: notice.url } };
  },
});
