// arbeidstilsynet: the Norwegian Labour Inspection Authority, tool-server spec 4.6 "labour
// inspectorate": datasets, fatalities and summary. Arbeidstilsynet's open data are its registers
// (files and APIs at registerdata.arbeidstilsynet.no and data.arbeidstilsynet.no, documented at
// openapi.arbeidstilsynet.no); its fatal-accident statistics are published only as web pages and
// reports. No API or data file of them was found with the look-up tools (UPSTREAMS.md B17 found
// none either), so fatalities and summary keep the spec's status (active) and, once their input is
// valid, answer 503 source_migrated saying that the figures are not open data and where to read
// them (the runtime's `unavailable`; catalogue.ts), and every face lists them with availability
// no_readable_source. Looked up again for issue 25 item 1: the stored copy of the statistics page
// (www.arbeidstilsynet.no/om-oss/statistikk/arbeidsskadedodsfall/) carries only text around an
// embedded interactive statistics presentation ("bruk sidevelgaren ... fullskjermvising ... hald
// musepeikaren over grafane"): the figures are not in the page's HTML, so there is no layout to
// parse and none is guessed. The server calls no upstream.
// UNCONFIRMED: the register addresses (taken from public clients, not from Arbeidstilsynet's own
// documentation); whether the asbestos register is open without a token; the licence (NLOD 2.0 is
// given for the cleaning register by a public client; no statement from Arbeidstilsynet was read).
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { datasets, fatalities, summary } from './tools.js';

export const server = defineServer({
  slug: 'arbeidstilsynet',
  prefix: 'arbeidstilsynet',
  name: 'Labour inspectorate data (Arbeidstilsynet)',
  owner: 'Arbeidstilsynet',
  description:
    "What the Norwegian Labour Inspection Authority publishes as open data (its registers of cleaning companies, staffing agencies, car care and asbestos removal), and its fatal-accident statistics, which are published only as web pages and reports, not as open data.",
  license: 'NLOD 2.0 (UNCONFIRMED)',
  tier: 'free',
  upstreams: [],
  countries: ['NO'],
  docs: [
    { label: 'Open APIs of Arbeidstilsynet', url: 'https://openapi.arbeidstilsynet.no/' },
    { label: 'arbeidstilsynet.no', url: 'https://www.arbeidstilsynet.no' },
  ],
  icon: ICON,
  tools: [datasets, fatalities, summary],
});
