// cvr.annual_reports: links to a company's published annual reports.
//
// How the links are built: the company is first read from CVR (as company.lookup does), so an unknown
// number answers not_found. Then Erhvervsstyrelsen's publication index on the same host,
// POST /offentliggoerelser/_search, is asked for the company's publications of type "regnskab"
// (terms on `cvrNummer` and `offentliggoerelsestype`, newest first). Each publication gives the
// accounting period and its documents; `dokumentUrl` is the document's own link on
// regnskaber.virk.dk, the portal's document store (PDF for people, XBRL/iXBRL for machines), answered
// as published. The portal link is the company's page on datacvr.virk.dk, whose "Regnskaber" section
// lists the same reports; it is built from the CVR number alone.
// Facts: UPSTREAMS.md A6; publication index shape as documented and used by public clients
// (`cvrNummer`, `sagsNummer`, `offentliggoerelsestype`, `offentliggoerelsesTidspunkt`, `omgoerelse`,
// `regnskab.regnskabsperiode{startDato,slutDato}`, `dokumenter[]{dokumentType,dokumentMimeType,dokumentUrl}`).
// UNCONFIRMED: the index is reported to answer without credentials; it is called through the `cvr`
// upstream, which sends the configured Basic credentials to the same host.
import { defineTool } from '../../runtime/define.js';
import { cvrNumber } from '../../runtime/fields.js';
import { esTotal, type Offentliggoerelse } from '../_shared/cvr.js';
import { DAY, PUBLICATIONS_SEARCH, companyHeader, cvrCoverage, esSearch, fetchCompany, portalUrl } from './common.js';
import { reportsOutput } from './outputs.js';

/** The publications asked for: the newest 50 annual-report publications. */
export const MAX_REPORTS = 50;

export function reportsQuery(cvr: string) {
  return {
    query: { bool: { must: [{ term: { cvrNummer: Number(cvr) } }, { term: { offentliggoerelsestype: 'regnskab' } }] } },
    sort: [{ offentliggoerelsesTidspunkt: { order: 'desc' } }],
    size: MAX_REPORTS,
  };
}

function formatOf(mime: string | null | undefined, url: string | null | undefined): string {
  const m = (mime ?? '').toLowerCase();
  const u = (url ?? '').toLowerCase().split('?')[0];
  if (m === 'application/pdf' || u.endsWith('.pdf')) return 'PDF';
  if (m === 'application/xhtml+xml' || m === 'text/html' || /\.x?html?$/.test(u)) return 'iXBRL';
  if (m === 'application/xml' || m === 'text/xml' || u.endsWith('.xml')) return 'XBRL';
  if (m.startsWith('image/')) return 'image';
  return m || 'unknown';
}

export function mapReport(p: Offentliggoerelse) {
  const period = p.regnskab?.regnskabsperiode ?? {};
  return {
    periodStart: period.startDato ?? null,
    periodEnd: period.slutDato ?? null,
    publishedAt: p.offentliggoerelsesTidspunkt ?? null,
    correction: p.omgoerelse === true,
    caseNumber: p.sagsNummer ?? null,
    documents: (p.dokumenter ?? [])
      .filter((d) => !!d.dokumentUrl)
      .map((d) => ({ type: d.dokumentType ?? null, format: formatOf(d.dokumentMimeType, d.dokumentUrl), mimeType: d.dokumentMimeType ?? null, url: d.dokumentUrl! })),
  };
}

export const annualReports = defineTool({
  name: 'annual_reports',
  title: 'Annual reports of a Danish company',
  description:
    'Links to the annual reports a Danish company has published, by CVR number, newest first (at most 50): period, publication time, whether it corrects an earlier filing, and its documents (PDF, XBRL, iXBRL) on regnskaber.virk.dk as Erhvervsstyrelsen\'s publication index gives them; portalUrl is the company\'s page on datacvr.virk.dk. The figures are inside the documents (the XBRL files as tagged facts). An empty list means no annual report is published under this number: normal for sole proprietorships, associations, public bodies and new companies. Unknown numbers answer not_found.',
  input: { cvr: cvrNumber() },
  output: reportsOutput,
  coverage: { geography: ['DK'], dataTypes: ['company', 'annual-accounts', 'documents'], updateFrequency: 'daily' },
  cacheTtlSeconds: DAY,
  credentials: ['CVR_ES_USER', 'CVR_ES_PASS'],
  route: '/virksomhed/:cvr/regnskaber',
  example: { cvr: '35682872' },
  run: async ({ cvr }, ctx) => {
    // The company first: an unknown number is not_found rather than an empty list.
    const company = await fetchCompany(ctx, cvr);
    const answer = await esSearch<Offentliggoerelse>(ctx, PUBLICATIONS_SEARCH, reportsQuery(cvr));
    const hits = answer.hits?.hits ?? [];
    const reports = hits.map((h) => h._source).filter((s): s is Offentliggoerelse => !!s).map(mapReport);
    const { total } = esTotal(answer.hits?.total, reports.length);
    return {
      ...companyHeader(company),
      count: reports.length,
      total,
      truncated: total > reports.length,
      reports,
      portalUrl: portalUrl(cvr),
      howLinksAreBuilt:
        "Document links are dokumentUrl values from Erhvervsstyrelsen's publication index (offentliggoerelser, type regnskab), unchanged; portalUrl is https://datacvr.virk.dk/enhed/virksomhed/ followed by the CVR number.",
      ...(reports.length === 0 && { note: 'No annual report is published under this CVR number.' }),
    };
  },
});
