// What Arbeidstilsynet publishes as open data, and what it does not.
//
// The open registers are files and APIs at registerdata.arbeidstilsynet.no and
// data.arbeidstilsynet.no, documented at openapi.arbeidstilsynet.no; the addresses below are the
// ones public clients of the registers read (no source this session gave them from
// Arbeidstilsynet's own documentation, so each is marked with what is known of it).
// The statistics of fatal occupational accidents (by accident type and by month) are published on
// arbeidstilsynet.no as web pages and reports (Kompass); no API and no data file of them was found
// with the look-up tools (UPSTREAMS.md B17 found none either). The fatalities and summary tools
// therefore answer 503 source_migrated (the runtime's `unavailable`): the figures are not
// available as open data, and the answer says where to read them.
import type { Coverage } from '../../runtime/define.js';

export const SITE = 'https://www.arbeidstilsynet.no';
export const REGISTER = 'Arbeidstilsynet';
export const DAY = 86_400;

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency: 'unknown' });

export interface Dataset {
  id: string;
  navn: string;
  beskrivelse: string;
  format: string | null;
  url: string | null;
  maskinlesbar: boolean;
  merknad: string | null;
}

export const DATASETS: Dataset[] = [
  {
    id: 'renholdsregisteret',
    navn: 'Renholdsregisteret',
    beskrivelse: 'Cleaning companies and whether they are approved (godkjent); buying cleaning from an unapproved company is unlawful.',
    format: 'XML',
    url: 'https://registerdata.arbeidstilsynet.no/renhold_register.xml',
    maskinlesbar: true,
    merknad: 'Updated every morning; lists companies that are not approved too.',
  },
  {
    id: 'bemanningsforetaksregisteret',
    navn: 'Bemanningsforetaksregisteret',
    beskrivelse: 'Staffing agencies registered to hire out workers.',
    format: 'JSON',
    url: 'https://registerdata.arbeidstilsynet.no/Bemanning_register.json',
    maskinlesbar: true,
    merknad: null,
  },
  {
    id: 'bilpleieregisteret',
    navn: 'Bilpleieregisteret',
    beskrivelse: 'Car-care companies (bilpleie) and their approval.',
    format: 'JSON (API)',
    url: 'https://data.arbeidstilsynet.no/bilpleieregisteret/api/virksomheter/',
    maskinlesbar: true,
    merknad: null,
  },
  {
    id: 'asbestregisteret',
    navn: 'Asbestregisteret',
    beskrivelse: 'Companies approved to remove asbestos.',
    format: 'JSON (API)',
    url: 'https://data.arbeidstilsynet.no/asbest/api/virksomheter/',
    maskinlesbar: true,
    merknad: 'Clients of it authenticate first; whether it is open without a token is unknown.',
  },
  {
    id: 'dodsulykker-ulykkestype',
    navn: 'Arbeidsskadedødsfall etter ulykkestype',
    beskrivelse: 'Fatal occupational accidents in land-based work by type of accident and year.',
    format: null,
    url: null,
    maskinlesbar: false,
    merknad: 'Published as statistics pages and reports on arbeidstilsynet.no; no open data file or API.',
  },
  {
    id: 'dodsulykker-maaned',
    navn: 'Arbeidsskadedødsfall etter måned',
    beskrivelse: 'Fatal occupational accidents in land-based work by month.',
    format: null,
    url: null,
    maskinlesbar: false,
    merknad: 'Published as statistics pages and reports on arbeidstilsynet.no; no open data file or API.',
  },
];

/** Where people read the fatal-accident statistics (the search of the authority's site: the page moves between years). */
export const STATISTICS = 'https://www.arbeidstilsynet.no/sok/?q=d%C3%B8dsulykker';

export const NOT_OPEN =
  "Arbeidstilsynet publishes its statistics of fatal occupational accidents as web pages and reports on arbeidstilsynet.no, not as open data: no API or data file of them exists, so this service cannot read the figures. Read them at arbeidstilsynet.no (search for dødsulykker); arbeidstilsynet.datasets lists the open data sets.";
