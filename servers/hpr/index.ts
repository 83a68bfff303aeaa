// hpr: Helsepersonellregisteret (HPR), tool-server spec 4.6 "health personnel": hpr.oppslag, one
// health professional by HPR number, not_configured until Maskinporten credentials are set.
//
// Upstream: Norsk helsenett's "Helsepersonellregisteret Offentlig API" at https://api.offentlig.hpr.nhn.no
// (UPSTREAMS.md B17), secured with Maskinporten: the runtime's `maskinporten` scheme gets a token for
// scope nhn:hpr/basic with MASKINPORTEN_CLIENT_ID and MASKINPORTEN_KEY (and MASKINPORTEN_KID,
// MASKINPORTEN_ENV when needed). Followed: NHN's developer-portal page for the API (environments,
// scopes: nhn:hpr/basic holds the register's open data and is free to any Norwegian organisation
// through Maskinporten's self-service; nhn:hpr/extended and nhn:hpr/export need Helsedirektoratet's
// approval) and, for the answer, NAV's production clients of the same API (oppslag.ts).
// UNCONFIRMED: the basic scope's path GET /v1/personer/{hprNummer} and which person fields it
// leaves out (oppslag.ts); the API's request rate (none published); the register's licence (the
// register is public by law, helsepersonelloven § 49; no licence text for the API was found).
import { defineServer } from '../../runtime/define.js';
import { MASKINPORTEN } from '../../runtime/upstream/catalogue.js';
import { HEALTH_BADGE } from './icon.js';
import { hprOppslag } from './oppslag.js';
import { NHN_HPR } from './upstream.js';

export const server = defineServer({
  slug: 'hpr',
  prefix: 'hpr',
  name: 'Health personnel register (HPR)',
  owner: 'Helsedirektoratet',
  description:
    "Helsepersonellregisteret, Helsedirektoratet's register of health personnel authorised or licensed in Norway, through Norsk helsenett's Maskinporten-secured API: a professional's approvals, specialities and rights by HPR number.",
  license: 'Public register (helsepersonelloven § 49); API terms of Norsk helsenett; licence of the data UNCONFIRMED',
  tier: 'free',
  upstreams: [NHN_HPR, MASKINPORTEN],
  countries: ['NO'],
  docs: [
    { label: 'Helsepersonellregisteret Offentlig API (NHN)', url: 'https://utviklerportal.nhn.no/informasjonstjenester/helsepersonellregisteret/helsepersonellregisteret/helsepersonellregisteret-offentlig-api/docs/hpr-offentlig-apimd' },
    { label: 'Swagger (test environment)', url: 'https://api.offentlig.test.hpr.nhn.no/swagger/index.html' },
    { label: 'Helsepersonellregisteret (Helsedirektoratet)', url: 'https://www.helsedirektoratet.no/tema/statistikk-registre-og-rapporter/helsedata-og-helseregistre/helsepersonellregisteret-hpr' },
  ],
  icon: HEALTH_BADGE,
  tools: [hprOppslag],
});
