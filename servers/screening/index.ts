// screening: sanctions screening of a person or organisation name against the EU consolidated
// financial sanctions list, with scores and reasons (platform server; SERVERS.md). It reads the
// list from the index it shares with the sanksjoner server (servers/_shared/sanctions-index,
// never from servers/sanksjoner itself); the method is documented in match.ts and by
// screening.about. UNCONFIRMED: the list facts of UPSTREAMS.md A11 (see servers/sanksjoner).
import { defineServer } from '../../runtime/define.js';
import { SCREEN } from '../_shared/icons/index.js';
import { aboutTool, screenTool } from './tools.js';
import { EU_FSF } from '../_shared/sanctions-index/upstream.js';

export const server = defineServer({
  slug: 'screening',
  prefix: 'screening',
  name: 'Sanctions screening',
  owner: 'Nordic open data host (platform)',
  description:
    'Screens a person or company name (with optional birth date or year and country) against the EU consolidated financial sanctions list: ranked candidates with a score from 0 to 1, the matched name, the fields that matched and why, robust to accents, alphabets, transliteration, word order and initials.',
  license: 'Data: EU consolidated list, public, reuse with acknowledgement (Commission Decision 2011/833/EU); scores are this service\'s own',
  tier: 'free',
  upstreams: [EU_FSF],
  countries: ['EU'],
  docs: [
    { label: 'EU consolidated financial sanctions list (data.europa.eu)', url: 'https://data.europa.eu/data/datasets/consolidated-list-of-persons-groups-and-entities-subject-to-eu-financial-sanctions' },
  ],
  platform: true,
  icon: SCREEN,
  tools: [screenTool, aboutTool],
});
