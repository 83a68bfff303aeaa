// sanctions.lister.list: the catalogue of sanctions lists this service knows of, with the one it
// serves (the EU consolidated list) and the others named honestly as not configured or retired.
// Facts per list (UNCONFIRMED where marked): the EU list from UPSTREAMS.md A11; the UN, UK and US
// addresses are the publishers' documented download locations; the closing of OFSI's Consolidated
// List on 28 January 2026 in favour of the FCDO's UK Sanctions List is UNCONFIRMED.
// The tool never downloads anything: the EU list's index state is reported as it stands.
import { defineTool } from '../../runtime/define.js';
import { bool } from '../../runtime/fields.js';
import { FSF_LIST_URL, sanctionsIndexState } from '../_shared/sanctions-index/index.js';
import { z } from 'zod';
import { indexStateOutput } from '../_shared/sanctions-index/output.js';
import { coverage } from './common.js';

type ListStatus = 'aktiv' | 'sunset' | 'ikke_konfigurert';

interface ListEntry {
  id: string;
  name: string;
  authority: string;
  jurisdiction: string;
  status: ListStatus;
  updateFrequency: string;
  endpoint: string;
  format: string;
  licenseStatus: string;
  note: string;
}

export const LISTS: ListEntry[] = [
  {
    id: 'eu-fsf',
    name: 'EU consolidated list of persons, groups and entities subject to EU financial sanctions',
    authority: 'European Commission (Financial Sanctions Files, FSF), on behalf of the Council of the EU',
    jurisdiction: 'EU',
    status: 'aktiv',
    updateFrequency: 'changes with every Council listing or delisting (often several times a week); this service re-reads it every 6 hours',
    endpoint: FSF_LIST_URL,
    format: 'XML, FSF export format 1.1',
    licenseStatus: 'public; reuse allowed with acknowledgement under Commission Decision 2011/833/EU; only the Official Journal of the EU is authentic',
    note: 'Served by sanctions.eu.search, sanctions.eu.lookup and screening.screen from an in-memory index.',
  },
  {
    id: 'un-sc-consolidated',
    name: 'United Nations Security Council Consolidated List',
    authority: 'United Nations Security Council',
    jurisdiction: 'UN',
    status: 'ikke_konfigurert',
    updateFrequency: 'on each committee decision',
    endpoint: 'https://scsanctions.un.org/resources/xml/en/consolidated.xml',
    format: 'XML',
    licenseStatus: 'public; UN terms of use',
    note: 'Not connected. The EU transposes UN listings into the EU consolidated list (programme TAQA and others), usually within days.',
  },
  {
    id: 'uk-sanctions-list',
    name: 'UK Sanctions List',
    authority: 'Foreign, Commonwealth and Development Office (FCDO)',
    jurisdiction: 'GB',
    status: 'ikke_konfigurert',
    updateFrequency: 'on each designation',
    endpoint: 'https://www.gov.uk/government/publications/the-uk-sanctions-list',
    format: 'XML, CSV, ODS',
    licenseStatus: 'Open Government Licence v3.0',
    note: 'Not connected.',
  },
  {
    id: 'uk-ofsi-consolidated',
    name: 'OFSI Consolidated List of Financial Sanctions Targets',
    authority: 'HM Treasury, Office of Financial Sanctions Implementation (OFSI)',
    jurisdiction: 'GB',
    status: 'sunset',
    updateFrequency: 'no longer updated',
    endpoint: 'https://www.gov.uk/government/publications/financial-sanctions-consolidated-list-of-targets',
    format: 'XML, CSV (retired)',
    licenseStatus: 'Open Government Licence v3.0',
    note: 'Closed on 28 January 2026 (UNCONFIRMED); the UK Sanctions List replaces it.',
  },
  {
    id: 'us-ofac-sdn',
    name: 'Specially Designated Nationals and Blocked Persons List (SDN)',
    authority: 'U.S. Department of the Treasury, Office of Foreign Assets Control (OFAC)',
    jurisdiction: 'US',
    status: 'ikke_konfigurert',
    updateFrequency: 'on each designation',
    endpoint: 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.XML',
    format: 'XML, CSV',
    licenseStatus: 'public domain (US government work)',
    note: 'Not connected.',
  },
];

export const listerList = defineTool({
  name: 'lister.list',
  title: 'Sanctions lists: which are served',
  description:
    'The sanctions lists known to this service: status aktiv (served here), ikke_konfigurert (known, not connected) or sunset (retired by its publisher; listed only with includeSunset). The EU consolidated financial sanctions list is the one served (sanctions.eu.search, screening.screen), with the state of its index; the UN, UK and US lists are named but not connected, so a search here says nothing about them. Downloads nothing.',
  input: {
    includeSunset: bool('Also list retired (sunset) lists. Default false.'),
  },
  output: z.object({
    count: z.number().int(),
    includeSunset: z.boolean(),
    lists: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        authority: z.string(),
        jurisdiction: z.string(),
        status: z.enum(['aktiv', 'sunset', 'ikke_konfigurert']),
        updateFrequency: z.string(),
        endpoint: z.string(),
        format: z.string(),
        licenseStatus: z.string(),
        note: z.string(),
        index: indexStateOutput.optional().describe('The EU list only.'),
      }),
    ),
  }),
  coverage: { ...coverage, updateFrequency: 'static' },
  cacheTtlSeconds: 0,
  route: '/lister',
  example: {},
  run: async ({ includeSunset }, ctx) => {
    const lists = LISTS.filter((l) => includeSunset || l.status !== 'sunset');
    const state = sanctionsIndexState(ctx);
    return {
      count: lists.length,
      includeSunset,
      lists: lists.map((l) => (l.id === 'eu-fsf' ? { ...l, index: state } : l)),
    };
  },
});
