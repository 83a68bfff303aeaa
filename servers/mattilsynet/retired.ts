// The two mattilsynet tools that answer no data, as tool-server spec 4.6 fixes them:
// - virksomhet.lookup answers 503 not_configured (the spec: "source lacks the number"). It is
//   declared `unavailable` with that code, so that every face lists it as it answers: status
//   not_configured, availability no_readable_source (no credential unlocks it; issue 25 item 16). Note
//   for operators: the current smilefjes file does carry an `orgnummer` column per inspection (it is
//   in inspeksjoner.sok's rows); a lookup by it is what this tool would become.
// - kravpunkter.list is deprecated: HTTP 410 api_sunset. Mattilsynet still publishes the
//   requirement points (kravpunkter) behind the grades as a second CSV, which this service does not read.
import { defineTool } from '../../runtime/define.js';
import { orgnr } from '../../runtime/fields.js';
import { HOUR, coverage } from './inspeksjoner.js';

export const virksomhetLookup = defineTool({
  name: 'virksomhet.lookup',
  title: 'Food-safety inspections of a company (not available)',
  description:
    "Not available: always answers 503 not_configured with no data. It was meant to list the smilefjes inspections of one company by organisation number (orgnummer, 9 digits), a lookup this service does not offer. To find a company's inspections, search mattilsynet.inspeksjoner.sok by the name of its place (or its postcode) and read `orgnummer` in each row.",
  unavailable: {
    code: 'not_configured',
    message: 'mattilsynet.virksomhet.lookup is not available: this service offers no lookup of smilefjes inspections by organisation number. Retrying does not help. No data is returned.',
    alternative: 'mattilsynet.inspeksjoner.sok (q: the name of the place, or its postcode); each inspection carries the orgnummer the file gives.',
  },
  input: { orgnummer: orgnr('Norwegian organisation number of the company, 9 digits.').optional() },
  example: { orgnummer: '923609016' },
  coverage: coverage(['food-safety-inspection']),
  cacheTtlSeconds: HOUR,
  route: '/virksomhet',
});

export const kravpunkterList = defineTool({
  name: 'kravpunkter.list',
  title: 'Smilefjes requirement points (retired)',
  description:
    'Retired: listed the requirement points (kravpunkter) that smilefjes inspectors check under the four themes (routines and management, premises and equipment, food handling and preparation, labelling and traceability). It answers HTTP 410 api_sunset with no data. The grade per theme of each inspection is in mattilsynet.inspeksjoner.sok (temaer).',
  status: 'deprecated',
  retired: {
    code: 'api_sunset',
    message: 'mattilsynet.kravpunkter.list is retired. No data is returned.',
    alternative: 'mattilsynet.inspeksjoner.sok gives the grade per theme of every inspection; Mattilsynet describes the requirement points at https://www.mattilsynet.no/mat-og-drikke/matservering/smilefjes-tilsyn',
  },
  input: {},
  coverage: coverage(['food-safety-requirement']),
  cacheTtlSeconds: HOUR,
  route: '/kravpunkter',
});
