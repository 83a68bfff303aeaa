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

const link = (label: string, url: string): DocLink => ({ label, url });


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
export const UNSERVED_SOURCES: readonly SourceFacts[] = [...PLATFORM, ...PLANNED_NON_AGENCY];
