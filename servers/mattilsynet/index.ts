// mattilsynet: Mattilsynet's smilefjes food-safety inspections, tool-server spec 4.6 "food safety":
// inspeksjoner.sok (active), virksomhet.lookup (503 not_configured, as the spec fixes it) and
// kravpunkter.list (deprecated, 410).
//
// Mattilsynet has no JSON API for the inspections (UPSTREAMS.md B17; the Datahotell JSON copy at
// hotell.difi.no is archived). It publishes them as an open CSV file, which this server reads
// through the upstream layer into one in-memory index refreshed in the background (smilefjes.ts;
// runtime/file-index.ts), with conditional requests (the file is served with an ETag).
// Followed: the dataset entry on data.norge.no (288aa74c-e3d3-492e-9ede-e71503b3bfd9: CC BY 4.0,
// updated daily), Mattilsynet's "Dette ser vi etter på smilefjestilsyn" (four themes, grades 0-3,
// the worst grade decides the face) and public parsers of the file for its header, `;` delimiter,
// UTF-8 byte-order mark and ddmmyyyy dates (smilefjes.ts).
// UNCONFIRMED: that data.mattilsynet.no/smilefjes-tilsyn.csv stays the file's address (Mattilsynet's
// own smilefjes site is reported to read matnyttig.mattilsynet.no/smilefjes/tilsyn.csv, the same
// format; MATTILSYNET_BASE_URL moves the host); the coding of `tilsynsbesoektype`.
import { defineServer } from '../../runtime/define.js';
import { SMILEFJES } from './icon.js';
import { inspeksjonerSok } from './inspeksjoner.js';
import { kravpunkterList, virksomhetLookup } from './retired.js';
import { MATTILSYNET_DATA } from './upstream.js';

export const server = defineServer({
  slug: 'mattilsynet',
  prefix: 'mattilsynet',
  name: 'Food-safety inspections (smilefjes)',
  owner: 'Mattilsynet',
  description:
    "Mattilsynet's smilefjes inspections of restaurants, cafés and other food-serving places in Norway since 2016: who was inspected, when, with which grade (0-3) and face, and the grade per theme, from Mattilsynet's open data file.",
  license: 'CC BY 4.0 (Creative Commons Attribution 4.0, per the dataset entry on data.norge.no)',
  tier: 'free',
  upstreams: [MATTILSYNET_DATA],
  countries: ['NO'],
  docs: [
    { label: 'Smilefjestilsyn på serveringssteder (data.norge.no)', url: 'https://data.norge.no/datasets/288aa74c-e3d3-492e-9ede-e71503b3bfd9' },
    { label: 'Dette ser vi etter på smilefjestilsyn', url: 'https://www.mattilsynet.no/mat-og-drikke/matservering/smilefjes-tilsyn' },
    { label: 'Smilefjeskartet', url: 'https://smilefjes.mattilsynet.no' },
  ],
  icon: SMILEFJES,
  tools: [inspeksjonerSok, virksomhetLookup, kravpunkterList],
});
