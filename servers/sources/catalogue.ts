// The source catalogue's own data: every source key (REST spec 2.5) that no server of the registry
// serves yet, with owner, countries, licence and documentation, and the platform keys that the
// service itself answers without a server (`connectors`, `metrics`, `config`, served by the data
// backend, runtime/rest/platform-keys.ts). Sources with a server are described by the registry
// (ctx.platform.servers()), never here.
//
// Where the facts come from: owners and upstreams of SERVERS.md; licences and documentation links
// of UPSTREAMS.md (B1 to B17), and these pages read for this table: Kartverket CC BY 4.0
// (https://www.kartverket.no/api-og-data/vilkar-for-bruk), MET Norway CC BY 4.0 and NLOD
// (https://www.met.no/en/free-meteorological-data/Licensing-and-crediting), Entur NLOD
// (https://developer.entur.org/pages-intro-setup-and-access), Stortinget NLOD
// (https://data.stortinget.no/om-datatjenesten/bruksvilkar/). Every other licence, and the owner
// of most keys not named after an agency (REST spec 2.5 gives only the key), is UNCONFIRMED: such
// entries say so in `unconfirmed`, and the answer carries that list to the client.
import type { Country, DocLink } from '../../runtime/define.js';

export type SourceStatus = 'connected' | 'planned' | 'scraping';
export type SourceCategory = 'agency' | 'non-agency' | 'platform';

export interface SourceFacts {
  key: string;
  name: string;
  status: SourceStatus;
  category: SourceCategory;
  owner: string;
  countries: Country[];
  license: string;
  docs: DocLink[];
  /** For a SERVERS.md server not built yet: its slug, tool prefix and spec section. */
  plannedServer?: { slug: string; prefix: string; spec: string };
  /** For platform keys the data backend answers: the `endepunkt` values it serves. */
  endpoints?: string[];
  note?: string;
  /** Facts of this entry that no source confirmed (`owner`, `license`, `docs`). */
  unconfirmed?: ('owner' | 'license' | 'docs')[];
}

/** REST spec 2.5: the keys not named after an agency (a source with a server may carry one, as `konkurs` does). */
export const NON_AGENCY_KEYS: readonly string[] = [
  'ais',
  'bygg-anlegg',
  'eksportor',
  'fisheries',
  'fri-nettleie',
  'konkurs',
  'kommunedatabasen',
  'kostra',
  'lakselus',
  'lovtidend',
  'luftkvalitet',
  'lysingsblad',
  'politiloggen',
  'regjeringen',
  'rss-news',
  'stromprise',
  'brreg-endringer',
];

/** REST spec 2.5: the platform keys. */
export const PLATFORM_KEYS: readonly string[] = [
  'connectors',
  'data-quality',
  'audit',
  'companies',
  'persons',
  'kg',
  'sync',
  'config',
  'sync-state',
  'storage',
  'discovery',
  'lineage',
  'backup',
  'metrics',
  'dashboard',
];

const PLATFORM_OWNER = 'Nordic open data host (platform)';
const PLATFORM_LICENSE = 'Proprietary (REST spec 9): service metadata, no third-party data';
const ALL: Country[] = ['NO', 'SE', 'DK', 'FI', 'IS', 'EU'];
const NLOD = 'NLOD 2.0 (Norsk lisens for offentlige data)';
const CC_BY = 'CC BY 4.0';
const UNKNOWN_LICENSE = 'Not confirmed: see the owner’s terms';

const planned = (
  key: string,
  name: string,
  owner: string,
  countries: Country[],
  license: string,
  docs: DocLink[],
  spec: string,
  prefix: string,
  extra: Partial<SourceFacts> = {},
): SourceFacts => ({
  key,
  name,
  status: 'planned',
  category: 'agency',
  owner,
  countries,
  license,
  docs,
  plannedServer: { slug: key, prefix, spec },
  ...(license === UNKNOWN_LICENSE ? { unconfirmed: ['license'] } : {}),
  ...extra,
});

const link = (label: string, url: string): DocLink => ({ label, url });

/** SERVERS.md servers that are not built yet (tool-server spec 4.3 to 4.6). */
const PLANNED_SERVERS: SourceFacts[] = [
  planned('kartverket', 'Addresses and place names', 'Kartverket', ['NO'], CC_BY, [link('Adresser API', 'https://ws.geonorge.no/adresser/v1'), link('Stedsnavn API', 'https://ws.geonorge.no/stedsnavn/v1'), link('Terms of use', 'https://www.kartverket.no/api-og-data/vilkar-for-bruk')], '4.3 address (2)', 'kartverket'),
  planned('matrikkel', 'Cadastre (Matrikkelen)', 'Kartverket', ['NO'], UNKNOWN_LICENSE, [], '4.3 cadastre (1)', 'matrikkel', { note: 'Needs MATRIKKEL_USER and MATRIKKEL_PASSWORD (access by agreement).', unconfirmed: ['license', 'docs'] }),
  planned('artsdatabanken', 'Species observations (Artskart)', 'Artsdatabanken', ['NO'], CC_BY, [link('Artskart public API', 'https://artskart.artsdatabanken.no/publicapi/help'), link('Taxon API', 'https://artsdatabanken.no/Pages/180034')], '4.3 species map (5)', 'artsdatabanken', { unconfirmed: ['license'] }),
  planned('naturbase', 'Protected areas (Naturbase)', 'Miljødirektoratet', ['NO'], UNKNOWN_LICENSE, [link('vern MapServer', 'https://kartkatalog.miljodirektoratet.no/MapService/Details/vern')], '4.3 protected areas (2)', 'miljodir'),
  planned('met', 'Weather forecasts (MET Norway)', 'Meteorologisk institutt', ['NO'], `${CC_BY} and NLOD`, [link('Locationforecast 2.0', 'https://api.met.no/weatherapi/locationforecast/2.0/documentation'), link('Sunrise 3.0', 'https://api.met.no/weatherapi/sunrise/3.0/documentation'), link('Licensing', 'https://www.met.no/en/free-meteorological-data/Licensing-and-crediting')], '4.3 weather (3)', 'met'),
  planned('frost', 'Climate observations (Frost)', 'Meteorologisk institutt', ['NO'], `${CC_BY} and NLOD`, [link('Frost API', 'https://frost.met.no'), link('Terms of use', 'https://frost.met.no/termsofuse2.html')], '4.3 climate (3)', 'frost', { note: 'Needs FROST_CLIENT_ID.' }),
  planned('smhi', 'Swedish weather (SMHI)', 'SMHI', ['SE'], UNKNOWN_LICENSE, [link('metobs API', 'https://opendata-download-metobs.smhi.se/api/version/1.0.json')], '4.3 Swedish weather (4)', 'smhi'),
  planned('vegvesen', 'Roads and vehicles (Statens vegvesen)', 'Statens vegvesen', ['NO'], NLOD, [link('Trafikkdata API', 'https://trafikkdata-api.atlas.vegvesen.no')], '4.3 road (4)', 'vegvesen', { note: 'The vehicle lookup needs SVV_API_KEY.' }),
  planned('avinor', 'Airports and flights (Avinor)', 'Avinor', ['NO'], UNKNOWN_LICENSE, [link('Flight data feeds', 'https://m.avinor.no/en/corporate/services/flydata')], '4.4 airports (4)', 'avinor'),
  planned('entur', 'Public transport (Entur)', 'Entur', ['NO'], NLOD, [link('Journey Planner and Geocoder', 'https://developer.entur.org/pages-intro-overview'), link('Licences', 'https://developer.entur.org/pages-intro-setup-and-access')], '4.4 public transport (3)', 'entur'),
  planned('banenor', 'Rail (Bane NOR)', 'Bane NOR', ['NO'], UNKNOWN_LICENSE, [], '4.4 rail (3; two answer 410)', 'banenor', { unconfirmed: ['license', 'docs'] }),
  planned('ais', 'Ship tracking (AIS)', 'Kystverket / BarentsWatch', ['NO'], UNKNOWN_LICENSE, [link('BarentsWatch AIS', 'https://live.ais.barentswatch.no/index.html')], '4.4 ship tracking (3)', 'ais', { category: 'non-agency', note: 'Needs BARENTSWATCH_CLIENT_ID and BARENTSWATCH_CLIENT_SECRET.' }),
  planned('kystverket', 'Coast: ports and navigational warnings', 'Kystverket', ['NO'], UNKNOWN_LICENSE, [link('Kystverket open data', 'https://data.kystverket.no/dataset/nsr-lokasjoner')], '4.4 coast (3)', 'kystverket'),
  planned('akvakultur', 'Aquaculture register', 'Fiskeridirektoratet', ['NO'], `${NLOD}; attribution "Kilde: Fiskeridirektoratet"`, [link('pub-aqua API', 'https://api.fiskeridir.no/pub-aqua/api/swagger-ui/index.html')], '4.4 aquaculture (3)', 'fiskeridir'),
  planned('sodir', 'Petroleum (FactPages)', 'Sokkeldirektoratet', ['NO'], NLOD, [link('FactPages', 'https://factpages.sodir.no')], '4.4 petroleum (4)', 'sodir'),
  planned('statnett', 'Grid operator (Statnett)', 'Statnett', ['NO'], UNKNOWN_LICENSE, [], '4.4 grid operator (3, all deprecated)', 'statnett', { note: 'Upstream retired: all three tools are deprecated in the spec.', unconfirmed: ['license', 'docs'] }),
  planned('ssb', 'Statistics Norway (SSB)', 'Statistisk sentralbyrå', ['NO'], CC_BY, [link('PxWebApi v2', 'https://www.ssb.no/api/api-mot-statistikkbanken--brukerveiledning')], '4.5 statistics (5)', 'ssb'),
  planned('dst', 'Statistics Denmark (StatBank)', 'Danmarks Statistik', ['DK'], CC_BY, [link('StatBank API', 'https://www.dst.dk/en/Statistik/hjaelp-til-statistikbanken/api')], '4.5 Danish statistics (3)', 'dst'),
  planned('norges-bank', 'Central bank rates (Norges Bank)', 'Norges Bank', ['NO'], UNKNOWN_LICENSE, [link('SDMX data API', 'https://data.norges-bank.no/api/data')], '4.5 central bank (3)', 'norgesbank'),
  planned('euronext', 'Oslo Børs (Euronext)', 'Euronext Oslo Børs', ['NO'], UNKNOWN_LICENSE, [link('Euronext live', 'https://live.euronext.com')], '4.5 exchange (3)', 'oslobors', { note: 'Unofficial website endpoints; stability unconfirmed (UPSTREAMS.md A14).' }),
  planned('jobtech', 'Swedish job ads (JobTech)', 'Arbetsförmedlingen', ['SE'], UNKNOWN_LICENSE, [link('JobSearch API', 'https://jobsearch.api.jobtechdev.se')], '4.6 Swedish jobs (3)', 'jobtech'),
  planned('arbeidstilsynet', 'Labour inspectorate data', 'Arbeidstilsynet', ['NO'], UNKNOWN_LICENSE, [], '4.6 labour inspectorate (3)', 'arbeidstilsynet', { unconfirmed: ['license', 'docs'] }),
  planned('fhi', 'Public health statistics (FHI)', 'Folkehelseinstituttet', ['NO'], UNKNOWN_LICENSE, [link('Statistikk Open API', 'https://statistikk-data.fhi.no/api/open/v1/')], '4.6 public health (3; two planned)', 'fhi'),
  planned('dsb', 'Fire statistics (DSB)', 'DSB', ['NO'], UNKNOWN_LICENSE, [], '4.6 fire statistics (3)', 'dsb', { unconfirmed: ['license', 'docs'] }),
  planned('fastlege', 'General practitioners (Helfo)', 'Helfo', ['NO'], UNKNOWN_LICENSE, [], '4.6 general practitioners (2)', 'helfo', { unconfirmed: ['license', 'docs'] }),
  planned('hpr', 'Health personnel register (HPR)', 'Helsedirektoratet', ['NO'], UNKNOWN_LICENSE, [link('HPR API', 'https://api.offentlig.hpr.nhn.no')], '4.6 health personnel (1)', 'hpr', { note: 'Needs a Maskinporten token (scope nhn:hpr/basic).' }),
  planned('legemidler', 'Medicines (FEST)', 'Direktoratet for medisinske produkter', ['NO'], UNKNOWN_LICENSE, [link('FEST FHIR API', 'https://api.legemiddelverket.no/fhir-r4/')], '4.6 medicines (3)', 'dmp', { note: 'Needs DMP_API_KEY.' }),
  planned('mattilsynet', 'Food safety inspections (smilefjes)', 'Mattilsynet', ['NO'], UNKNOWN_LICENSE, [link('Smilefjes CSV', 'https://data.mattilsynet.no/smilefjes-tilsyn.csv')], '4.6 food safety (3)', 'mattilsynet'),
  planned('kulturdirektoratet', 'Culture grants', 'Kulturdirektoratet', ['NO'], UNKNOWN_LICENSE, [], '4.6 culture grants (3)', 'kulturdir', { unconfirmed: ['license', 'docs'] }),
  planned('data-norge', 'National data catalogue (data.norge.no)', 'Digitaliseringsdirektoratet', ['NO'], UNKNOWN_LICENSE, [link('FDK search API', 'https://data.norge.no/nb/technical/api/search')], '4.6 national catalogue (3)', 'datanorge'),
  planned('avoindata', 'Finnish data catalogue (avoindata.fi)', 'Digi- ja väestötietovirasto', ['FI'], UNKNOWN_LICENSE, [link('CKAN action API', 'https://www.avoindata.fi/data/api/3/action/package_search')], '4.6 Finnish catalogue (3)', 'avoindata'),
  planned('data-europa', 'EU data catalogue (data.europa.eu)', 'Publications Office of the EU', ['EU'], UNKNOWN_LICENSE, [link('Hub search', 'https://data.europa.eu/api/hub/search/search')], '4.6 EU catalogue (3)', 'dataeuropa'),
  planned('data-europa-mqa', 'EU metadata quality scores (MQA)', 'Publications Office of the EU', ['EU'], UNKNOWN_LICENSE, [link('MQA', 'https://data.europa.eu/api/mqa/cache/datasets')], '4.6 EU quality scores (5)', 'mqa'),
  planned('data-europa-sparql', 'EU SPARQL endpoint', 'Publications Office of the EU', ['EU'], UNKNOWN_LICENSE, [link('SPARQL endpoint', 'https://data.europa.eu/sparql')], '4.6 EU SPARQL (3)', 'eusparql'),
  planned('stortinget', 'Parliament (Stortinget)', 'Stortinget', ['NO'], NLOD, [link('data.stortinget.no', 'https://data.stortinget.no/eksport/'), link('Terms of use', 'https://data.stortinget.no/om-datatjenesten/bruksvilkar/')], '4.6 parliament (5)', 'stortinget'),
  planned('dawa', 'Danish buildings (BBR via DAWA)', 'Klimadatastyrelsen', ['DK'], UNKNOWN_LICENSE, [], '4.6 Danish buildings (3, all 410 api_sunset)', 'bbr', { note: 'Upstream retired: all three tools answer 410 api_sunset in the spec.', unconfirmed: ['license', 'docs'] }),
];

const nonAgency = (key: string, name: string, owner: string | undefined, extra: Partial<SourceFacts> = {}): SourceFacts => ({
  key,
  name,
  status: 'planned',
  category: 'non-agency',
  owner: owner ?? 'Not confirmed',
  countries: ['NO'],
  license: UNKNOWN_LICENSE,
  docs: [],
  unconfirmed: owner ? ['license', 'docs'] : ['owner', 'license', 'docs'],
  ...extra,
});

/** Keys of REST spec 2.5 not named after an agency, without a server yet. */
const PLANNED_NON_AGENCY: SourceFacts[] = [
  nonAgency('bygg-anlegg', 'Building and construction', undefined),
  nonAgency('eksportor', 'Exporters', undefined),
  nonAgency('fisheries', 'Fisheries', 'Fiskeridirektoratet', { unconfirmed: ['owner', 'license', 'docs'] }),
  nonAgency('fri-nettleie', 'Grid tariffs (fri nettleie)', undefined),
  nonAgency('kommunedatabasen', 'Kommunedatabasen (municipal data)', 'Sikt', { unconfirmed: ['owner', 'license', 'docs'] }),
  nonAgency('kostra', 'KOSTRA municipal statistics', 'Statistisk sentralbyrå', { license: CC_BY, unconfirmed: ['docs'] }),
  nonAgency('lakselus', 'Sea lice counts', undefined),
  nonAgency('lovtidend', 'Norsk Lovtidend', 'Lovdata', { unconfirmed: ['owner', 'license', 'docs'] }),
  nonAgency('luftkvalitet', 'Air quality', undefined),
  nonAgency('lysingsblad', 'Norsk lysingsblad (public notices)', 'Brønnøysundregistrene'),
  nonAgency('politiloggen', 'Police log (politiloggen)', 'Politiet'),
  nonAgency('regjeringen', 'Government publications (regjeringen.no)', undefined),
  nonAgency('rss-news', 'News feeds (RSS)', 'Various publishers', { unconfirmed: ['license', 'docs'] }),
  nonAgency('stromprise', 'Electricity prices', undefined),
  nonAgency('brreg-endringer', 'Enhetsregisteret change feed', 'Brønnøysundregistrene', {
    license: NLOD,
    docs: [link('Enhetsregisteret API (oppdateringer)', 'https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html')],
    note: 'The feed already drives GET /api/v1/companies/{orgnr}/events; as a proxy source it is not connected yet.',
    unconfirmed: undefined,
  }),
];

const platformKey = (key: string, name: string, extra: Partial<SourceFacts> = {}): SourceFacts => ({
  key,
  name,
  status: 'planned',
  category: 'platform',
  owner: PLATFORM_OWNER,
  countries: ALL,
  license: PLATFORM_LICENSE,
  docs: [],
  ...extra,
});

/**
 * Platform keys without a server: three answered by the data backend itself (connected), the
 * others planned. `companies` and `discovery` are servers and come from the registry.
 */
const PLATFORM: SourceFacts[] = [
  platformKey('connectors', 'Connectors with status', { status: 'connected', endpoints: ['list', '{slug}'], note: 'Every connector server with its tools’ status and upstream health.' }),
  platformKey('metrics', 'Per-connector metrics', { status: 'connected', endpoints: ['summary'], note: 'Calls, errors and latency per connector since the process started.' }),
  platformKey('config', 'Public configuration', { status: 'connected', endpoints: ['public'], note: 'Rate-limit tiers, request limits and the API version.' }),
  platformKey('data-quality', 'Data quality'),
  platformKey('audit', 'Audit log'),
  platformKey('persons', 'Persons'),
  platformKey('kg', 'Knowledge graph'),
  platformKey('sync', 'Synchronisation'),
  platformKey('sync-state', 'Synchronisation state'),
  platformKey('storage', 'Storage'),
  platformKey('lineage', 'Data lineage'),
  platformKey('backup', 'Backup'),
  platformKey('dashboard', 'Dashboard'),
];

/** Every source key the registry does not describe, in the order they are listed. */
export const UNSERVED_SOURCES: readonly SourceFacts[] = [...PLATFORM, ...PLANNED_SERVERS, ...PLANNED_NON_AGENCY];
