// helseprofil.list and msis.list: `planned` in the tool-server spec (4.6). helseprofil.list answers
// 503 source_migrated, as the spec says; msis.list answers 501 not_implemented: it is not connected
// yet, and no credential is involved, so it must not answer not_configured (issue 25 item 16). Their
// parameters are declared with the spec's bounds so that clients see what they will take.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { int, kommunenummer } from '../../runtime/fields.js';
import { coverage } from './indikatorer.js';

const DAY = 86_400;
const limit = int({ min: 1, max: 500, default: 100, description: 'Rows, 1 to 500.' });

export const helseprofilList = defineTool({
  name: 'helseprofil.list',
  title: 'Public-health profile of a municipality (planned)',
  description:
    "Planned: the indicators of a municipality's public-health profile (folkehelseprofil) by municipality (4 digits), year and indicator. It answers 503 source_migrated: the profiles moved to FHI's folkehelseprofil application, which has no open API, so retrying does not help. The indicator tables behind the profiles are in FHI Statistikk: find them with fhi.indikatorer.list.",
  status: 'planned',
  retired: {
    code: 'source_migrated',
    message: "fhi.helseprofil.list is not available: the public-health profiles moved to FHI's folkehelseprofil application, which has no open API. Retrying does not help.",
    alternative: 'fhi.indikatorer.list lists the indicator tables of FHI Statistikk (Folkehelsestatistikk) behind the profiles.',
  },
  input: {
    municipality: kommunenummer(),
    year: int({ description: 'Year of the statistics.' }),
    indicator: z.string().min(1).describe('Indicator name or id.').optional(),
    limit,
  },
  coverage: coverage(['public-health-profile']),
  cacheTtlSeconds: DAY,
  route: '/helseprofiler/:municipality',
});

export const msisList = defineTool({
  name: 'msis.list',
  title: 'Notifiable infectious diseases, MSIS (planned)',
  description:
    'Planned: cases of notifiable infectious diseases reported to MSIS (Meldingssystem for smittsomme sykdommer) by municipality, year and disease. Not connected yet: it answers 501 not_implemented with an error that says so, and no data.',
  status: 'planned',
  retired: {
    code: 'not_implemented',
    message: 'fhi.msis.list is planned and not connected yet: this service does not read MSIS statistics. No data is returned.',
    alternative: 'FHI publishes MSIS statistics at https://statistikk.fhi.no/msis',
  },
  input: {
    municipality: kommunenummer().optional(),
    year: int({ description: 'Year of the statistics.' }),
    disease: z.string().min(1).describe('Disease name, e.g. kikhoste.').optional(),
    limit,
  },
  coverage: coverage(['infectious-disease']),
  cacheTtlSeconds: DAY,
  route: '/msis',
});
