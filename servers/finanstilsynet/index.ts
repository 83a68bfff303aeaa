// finanstilsynet: Finanstilsynet's register of licensed financial companies (virksomhetsregisteret),
// tool-server spec 4.2 "financial supervisor": konsesjon.lookup and konsesjon.search on the registry
// API v2 (UPSTREAMS.md A10; facts relied on and UNCONFIRMED points in registry.ts), and the three
// tools the spec marks deprecated (retired.ts).
// Licence: NLOD 2.0 is assumed for the register's open data (UNCONFIRMED: no licence statement was
// found in the sources read).
import { defineServer } from '../../runtime/define.js';
import { BALANCE } from '../_shared/icons/index.js';
import { konsesjonLookup, konsesjonSearch } from './konsesjon.js';
import { revisorLookup, revisorSearch, rundskrivLookup } from './retired.js';
import { FINANSTILSYNET } from './upstream.js';

export const server = defineServer({
  slug: 'finanstilsynet',
  prefix: 'finanstilsynet',
  name: 'Financial supervisory register',
  owner: 'Finanstilsynet',
  description:
    "Finanstilsynet's register of companies and persons licensed or registered for financial activity in Norway (banks, insurers, investment firms, fund managers, payment institutions, agents, auditors): who holds which active licence, with what services.",
  license: 'NLOD 2.0 (Norsk lisens for offentlige data)',
  tier: 'free',
  upstreams: [FINANSTILSYNET],
  countries: ['NO'],
  docs: [
    { label: 'Registry API (OpenAPI)', url: 'https://api.finanstilsynet.no/registry/' },
    { label: 'Virksomhetsregisteret', url: 'https://www.finanstilsynet.no/virksomhetsregisteret/' },
    { label: 'API for åpne data', url: 'https://www.finanstilsynet.no/analyser-og-statistikk/api-for-apne-data/' },
  ],
  icon: BALANCE,
  tools: [konsesjonLookup, konsesjonSearch, revisorLookup, revisorSearch, rundskrivLookup],
});
