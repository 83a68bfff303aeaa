// banenor: the Norwegian railway network, tool-server spec 4.4 "rail": lines.list (14 lines, a
// static reference sourced from the infrastructure owner's published key figures, because Bane NOR
// publishes no open line API: see lines.ts) and the two tools the spec marks deprecated
// (retired.ts, HTTP 410).
// UNCONFIRMED: the licence of Jernbaneverket's key figures (published on the agency's website
// without a licence statement); today's figures per line.
import { defineServer } from '../../runtime/define.js';
import { TRACK } from './icon.js';
import { linesList } from './lines.js';
import { stationDetalj, stationsList } from './retired.js';

export const server = defineServer({
  slug: 'banenor',
  prefix: 'banenor',
  name: 'Bane NOR railway lines',
  owner: 'Bane NOR',
  description:
    "The main lines of the Norwegian railway network that Bane NOR owns and runs, with their length, double track, electrification, bridges, tunnels, level crossings and stations (a static reference from the infrastructure owner's published key figures).",
  license: 'Public key figures of Jernbaneverket/Bane NOR; no licence stated (UNCONFIRMED)',
  tier: 'free',
  upstreams: [],
  countries: ['NO'],
  docs: [
    { label: 'Jernbanen i tall (Jernbaneverket, 2015)', url: 'http://www.jernbaneverket.no/Jernbanen/Jernbanen-i-tall/' },
    { label: 'Jernbanen i tall (Bane NOR)', url: 'https://www.banenor.no/om-bane-nor/jernbanen-i-tall/' },
  ],
  icon: TRACK,
  tools: [linesList, stationsList, stationDetalj],
});
