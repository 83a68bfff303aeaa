// sanksjoner: the EU consolidated financial sanctions list (tool-server spec 4.2, sanctions), from
// the Commission's Financial Sanctions Files full XML export (UPSTREAMS.md A11;
// https://webgate.ec.europa.eu/fsd/fsf). The list is one large XML file: it is downloaded through
// the upstream layer, parsed as a stream and kept as an in-memory index shared with the screening
// server (servers/_shared/sanctions-index), refreshed every 6 hours; tools answer from the index.
// UNCONFIRMED: the export's Content-Type; peers report anti-bot 403 answers since mid-2026 (then
// the tools answer upstream_blocked until a first download succeeds, or keep the last good list).
import { defineServer } from '../../runtime/define.js';
import { SHIELD } from '../_shared/icons/index.js';
import { listerList } from './lister.js';
import { euLookup } from './lookup.js';
import { euSearch } from './search.js';
import { EU_FSF } from '../_shared/sanctions-index/upstream.js';

export const server = defineServer({
  slug: 'sanksjoner',
  prefix: 'sanctions',
  name: 'EU financial sanctions',
  owner: 'European Commission (FSF)',
  description:
    'The EU consolidated list of persons, groups, entities and vessels subject to EU financial sanctions (asset freezes under every CFSP regime): search by name, identifier, type and regime, full records, and the catalogue of sanctions lists.',
  license: 'EU consolidated list: public, reuse with acknowledgement (Commission Decision 2011/833/EU); only the Official Journal of the EU is authentic',
  tier: 'free',
  upstreams: [EU_FSF],
  countries: ['EU'],
  docs: [
    { label: 'EU consolidated financial sanctions list (data.europa.eu)', url: 'https://data.europa.eu/data/datasets/consolidated-list-of-persons-groups-and-entities-subject-to-eu-financial-sanctions' },
    { label: 'Financial Sanctions Files (FSF)', url: 'https://webgate.ec.europa.eu/fsd/fsf' },
    { label: 'EU Sanctions Map', url: 'https://www.sanctionsmap.eu' },
  ],
  icon: SHIELD,
  tools: [euSearch, euLookup, listerList],
});
