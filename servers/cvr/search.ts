// cvr.search: companies by name (or by CVR number) in the CVR distribution.
//
// POST /cvr-permanent/virksomhed/_search with a `multi_match` over the name fields
// (virksomhedMetadata.nyesteNavn.navn, weighted up; navne.navn for former names; binavne.navn for
// secondary names), all words required; a query that is a valid CVR number becomes the term query of
// company.lookup. `_source` is limited to the number, the metadata block and the advertising flag, so
// a page of 50 stays small (full records run to 100 KB each). Hits keep Elasticsearch's relevance
// order. `hits.total` is read both as a number (ES 6, as in the real samples) and as
// `{value, relation}` (ES 7+), where relation "gte" means "at least".
// Facts: UPSTREAMS.md A6 and the samples named in ../_shared/cvr.ts. UNCONFIRMED: the analysers of
// the name fields (so how partial words match).
import { defineTool } from '../../runtime/define.js';
import { isValidCvr, size, text } from '../../runtime/fields.js';
import { esTotal, type VirksomhedSource, type Vrvirksomhed } from '../_shared/cvr.js';
import { VIRKSOMHED_SEARCH, companyHeader, cvrCoverage, esSearch, formatAddress, portalUrl } from './common.js';
import { searchOutput } from './outputs.js';

const SOURCE_FIELDS = ['Vrvirksomhed.cvrNummer', 'Vrvirksomhed.reklamebeskyttet', 'Vrvirksomhed.virksomhedMetadata'];
const NAME_FIELDS = ['Vrvirksomhed.virksomhedMetadata.nyesteNavn.navn^3', 'Vrvirksomhed.navne.navn', 'Vrvirksomhed.binavne.navn'];

export function searchQuery(q: string, size: number) {
  const compact = q.replace(/\s+/g, '');
  const query = isValidCvr(compact)
    ? { term: { 'Vrvirksomhed.cvrNummer': Number(compact) } }
    : { multi_match: { query: q, fields: NAME_FIELDS, operator: 'and' } };
  return { _source: SOURCE_FIELDS, query, size };
}

function mapHit(v: Vrvirksomhed) {
  const m = v.virksomhedMetadata ?? {};
  const { cvr, name } = companyHeader(v);
  const form = m.nyesteVirksomhedsform;
  return {
    cvr,
    name,
    status: m.sammensatStatus ?? null,
    form: form ? { code: form.virksomhedsformkode, abbreviation: form.kortBeskrivelse, description: form.langBeskrivelse } : null,
    foundedDate: m.stiftelsesDato ?? null,
    industry: m.nyesteHovedbranche ? { code: m.nyesteHovedbranche.branchekode, text: m.nyesteHovedbranche.branchetekst } : null,
    address: formatAddress(m.nyesteBeliggenhedsadresse)?.text ?? null,
    advertisingProtected: v.reklamebeskyttet ?? null,
    url: portalUrl(cvr),
  };
}

export const search = defineTool({
  name: 'search',
  title: 'Search Danish companies in CVR',
  description:
    'Searches CVR, the Danish company register, by name: every word of q must occur in the current, a former or a secondary name; an 8-digit q with a valid check digit finds that company. Up to size hits by relevance, ceased companies included (check status); total counts all hits (totalExact false: at least that many). There is no paging: narrow the words to reach other companies. An empty list means no name matches all the words. Full record: cvr.company.lookup.',
  input: {
    q: text('Company name words, or an 8-digit CVR number.', 2, 200),
    size: size(50, 10),
  },
  output: searchOutput,
  refine: ({ q }, issues) => {
    if (q.trim().length < 2) issues.add(`must have at least 2 characters besides spaces (got ${JSON.stringify(q)})`, ['q']);
  },
  coverage: cvrCoverage(['company', 'legal-entity', 'search']),
  cacheTtlSeconds: 3600,
  credentials: ['CVR_ES_USER', 'CVR_ES_PASS'],
  route: '/virksomheder',
  example: { q: 'erhvervsstyrelsen' },
  run: async ({ q, size }, ctx) => {
    const query = q.trim();
    const answer = await esSearch<VirksomhedSource>(ctx, VIRKSOMHED_SEARCH, searchQuery(query, size));
    const companies = (answer.hits?.hits ?? []).map((h) => h._source?.Vrvirksomhed).filter((v): v is Vrvirksomhed => !!v).map(mapHit);
    const { total, exact } = esTotal(answer.hits?.total, companies.length);
    return { q: query, size, count: companies.length, total, totalExact: exact, companies };
  },
});
