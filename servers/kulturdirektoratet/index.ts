// kulturdirektoratet: grants from Kulturdirektoratet (formerly Norsk kulturråd: Norsk kulturfond,
// Fond for lyd og bilde, Statens kunstnerstipend and other schemes), tool-server spec 4.6 "culture
// grants": grants.list, grants.by_year and ordninger.list.
//
// No source this service can read exists (searched again for this server; UPSTREAMS.md B17 found
// none either): Kulturdirektoratet publishes its grant decisions only in the "vedtak" search of
// kulturdirektoratet.no, a web application whose CSV export is a form action behind a session
// cookie and a CSRF token (no stable address, no API, no open data file), and its grant schemes only
// as web pages (kulturdirektoratet.no/tilskuddsordninger). data.norge.no lists no dataset of either.
// The old søknadslister of kulturradet.no moved into that application. So the three tools keep the
// status the spec gives them (active) and are `unavailable` (runtime/define.ts): once their input
// is valid they answer 503 source_migrated (tool-server spec 7: "source moved to an application
// without an open API", retrying does not help), with the address where a person can read the
// data; they call no upstream and never invent a grant.
// Their parameters are declared with the spec's bounds, so clients see what they will take. Every
// face lists them with availability no_readable_source (runtime/define.ts ToolAvailability): no
// green badge, no install panel, no example.
// Looked up again for issue 25 items 1 and 2. UNCONFIRMED and not built: a public scraper
// (Tilskuddskompasset, hent_kulturdirektoratet_innhold.py) reads the scheme pages as server-rendered
// HTML: links `/tilskuddsordninger/<slug>` on the list page, and on each scheme page an <h1> title
// and, under an <h2> "Søknadsfrist", a <ul> of <time datetime="…"> deadlines. ordninger.list could
// be built on that (one list page plus one page per scheme, about 67), but the list page's own
// layout (names, deadlines on it) was not confirmed, so it stays unavailable here. A third-party
// source list also names a CSV export of the vedtak search (/actions/download-determination-csv/…),
// its address cut off in the stored copy; it is the form action behind a session described above.
import { z } from 'zod';
import { defineServer, defineTool, type Coverage } from '../../runtime/define.js';
import { int } from '../../runtime/fields.js';
import { ARTS_GRANT } from './icon.js';

const VEDTAK_URL = 'https://www.kulturdirektoratet.no/vedtak';
const ORDNINGER_URL = 'https://www.kulturdirektoratet.no/tilskuddsordninger';
const coverage: Coverage = { geography: ['NO'], dataTypes: ['culture-grant'], updateFrequency: 'unknown' };
const DAY = 86_400;

const WHY =
  "Kulturdirektoratet publishes its grant decisions only in the vedtak search of kulturdirektoratet.no (a web application without an open API or open data file), so this service has no source to read.";

const unavailable = (tool: string, what: string, url: string) => ({
  code: 'source_migrated' as const,
  message: `kulturdir.${tool} is not available: ${what} are published only in Kulturdirektoratet's web application, without an open API or open data file. Retrying does not help. No data is returned.`,
  alternative: url,
});

const fields = {
  q: z.string().min(1).describe('Words in the applicant, project title or summary.'),
  year: z.number().int().describe('Year of the grant (bevilgningsår).'),
  municipality: z.string().min(1).describe('Municipality of the applicant, name or number.'),
  county: z.string().min(1).describe('County of the applicant.'),
  scheme: z.string().min(1).describe('Grant scheme (tilskuddsordning), name or code.'),
};

const grantsList = defineTool({
  name: 'grants.list',
  title: 'Culture grants',
  description: `Grants awarded by Kulturdirektoratet (Norsk kulturfond, Fond for lyd og bilde and other schemes) filtered by q, year, municipality, county and scheme, limit 1-100. ${WHY} People can search the decisions at ${VEDTAK_URL}.`,
  unavailable: unavailable('grants.list', 'grant decisions', VEDTAK_URL),
  example: { year: 2025, limit: 20 },
  input: {
    q: fields.q.optional(),
    year: fields.year.optional(),
    municipality: fields.municipality.optional(),
    county: fields.county.optional(),
    scheme: fields.scheme.optional(),
    limit: int({ min: 1, max: 100, default: 20, description: 'Grants to return.' }),
  },
  coverage,
  cacheTtlSeconds: DAY,
  route: '/tilskudd',
});

const grantsByYear = defineTool({
  name: 'grants.by_year',
  title: 'Culture grants of a year',
  description: `The grants Kulturdirektoratet awarded in one year (year required), optionally for one scheme, limit 1-100. ${WHY} People can search the decisions by year at ${VEDTAK_URL}.`,
  unavailable: unavailable('grants.by_year', 'grant decisions', VEDTAK_URL),
  example: { year: 2025 },
  input: {
    year: fields.year,
    scheme: fields.scheme.optional(),
    limit: int({ min: 1, max: 100, default: 100, description: 'Grants to return.' }),
  },
  coverage,
  cacheTtlSeconds: DAY,
  route: '/tilskudd/aar',
});

const ordningerList = defineTool({
  name: 'ordninger.list',
  title: 'Culture grant schemes',
  description: `Kulturdirektoratet's grant schemes (tilskuddsordninger) with their deadlines. The schemes are published only as pages of kulturdirektoratet.no, without an open API or data file; read them at ${ORDNINGER_URL}.`,
  unavailable: unavailable('ordninger.list', 'the grant schemes', ORDNINGER_URL),
  example: {},
  input: {},
  coverage: { ...coverage, dataTypes: ['culture-grant-scheme'] },
  cacheTtlSeconds: DAY,
  route: '/ordninger',
});

export const server = defineServer({
  slug: 'kulturdirektoratet',
  prefix: 'kulturdir',
  name: 'Culture grants (Kulturdirektoratet)',
  owner: 'Kulturdirektoratet',
  description:
    'Grants for art and culture from Kulturdirektoratet (formerly Norsk kulturråd) and its grant schemes. Not available: the decisions are published only in a web application without an open API or open data file, so every tool answers 503 source_migrated with the address where people can read them.',
  license: 'No open licence published for the grant decisions (UNCONFIRMED)',
  tier: 'free',
  upstreams: [],
  countries: ['NO'],
  docs: [
    { label: 'Vedtak (grant decisions)', url: VEDTAK_URL },
    { label: 'Tilskuddsordninger (grant schemes)', url: ORDNINGER_URL },
  ],
  icon: ARTS_GRANT,
  availability: { label: 'degraded', note: 'Kulturdirektoratet publishes grant decisions only in its web application, without an open API or open data file; every tool answers 503 source_migrated.' },
  tools: [grantsList, grantsByYear, ordningerList],
});
