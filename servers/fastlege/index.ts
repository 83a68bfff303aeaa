// fastlege: the GP lists of the Norwegian fastlege scheme (Helfo), tool-server spec 4.6 "general
// practitioners": fastleger.list and fastleger.kapasitet. Helfo publishes no documented open API or
// data file for the lists (UPSTREAMS.md B17, and no more was found with the look-up tools this
// session); the tools read the public GP search of helsenorge.no, which publishes the same
// agreements, as its own "Bytte fastlege" page calls it (request and facts in avtaler.ts).
// UNCONFIRMED: the meaning of AntallPlasser/LedigePlasser/Valgbar; the answer to Kommuner null; how
// the service refuses blocked addresses (taken as HTTP 403 → 503 upstream_blocked); a published
// request rate (none found); the licence (no statement found).
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { fastlegerKapasitet, fastlegerList } from './tools.js';
import { FASTLEGE } from './upstream.js';

export const server = defineServer({
  slug: 'fastlege',
  prefix: 'helfo',
  name: 'General practitioners (Helfo)',
  owner: 'Helfo',
  description:
    'The general practitioners (fastleger) of every Norwegian municipality under the fastlege scheme that Helfo administers, with list ceilings and free places as helsenorge.no publishes them, and the capacity totals of a municipality.',
  license: 'UNCONFIRMED (no licence statement found for the published GP lists)',
  tier: 'free',
  upstreams: [FASTLEGE],
  countries: ['NO'],
  docs: [
    { label: 'Bytte fastlege (helsenorge.no)', url: 'https://tjenester.helsenorge.no/bytte-fastlege' },
  ],
  icon: ICON,
  tools: [fastlegerList, fastlegerKapasitet],
});
