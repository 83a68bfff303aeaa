// Entity tools besides lookup: enhet.underenheter and enheter.search.
// Mapping follows the Enhetsregisteret API documentation
// (https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html; UPSTREAMS.md A1): the search
// endpoints /underenheter and /enheter answer a HAL page `_embedded.<key>[]` + `page{}`, an empty result
// has no `_embedded` key, and only the first 10 000 hits can be paged ((page+1)*size > 10000 is HTTP 400).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { kommunenummer, naceCode, orgnr, page, size, text } from '../../runtime/fields.js';
import { note, pageBlock } from '../../runtime/output.js';
import { embedded, type Enhet, type HalPage } from '../_shared/enhetsregisteret.js';
import { enhetOutput, underenhetOutput } from './outputs.js';
import {
  DAY,
  ENHET_PATH,
  ENHETER_PATH,
  SEARCH_WINDOW,
  UNDERENHETER_PATH,
  checkSearchWindow,
  mapEnhet,
  mapUnderenhet,
  pageInfo,
  registerCoverage,
} from './common.js';
import { quoted } from '../../runtime/validation.js';

export const enhetUnderenheter = defineTool({
  name: 'enhet.underenheter',
  title: 'Sub-units of a Norwegian legal entity',
  description:
    'Sub-units (underenheter: establishments, branches, shops) of one legal entity in Enhetsregisteret, one page at a time: where a company operates. (page+1)*size may not exceed 10000 (the register pages only its first 10000 hits). An empty list with totalElements 0 means the entity exists and has no sub-units; a number that is not a legal entity (such as a sub-unit\'s) answers not_found.',
  input: { orgnr: orgnr('Organisation number of the parent legal entity (hovedenhet).'), size: size(100, 100), page: page() },
  refine: checkSearchWindow,
  output: z.object({
    overordnetEnhet: z.string(),
    underenheter: z.array(underenhetOutput),
    count: z.number().int(),
    ...pageBlock,
    note,
  }),
  coverage: registerCoverage(['company', 'sub-unit', 'establishment']),
  cacheTtlSeconds: DAY,
  route: '/enheter/:orgnr/underenheter',
  example: { orgnr: '984661185' },
  run: async ({ orgnr, size, page }, ctx) => {
    const answer = await ctx.get<HalPage<'underenheter', Enhet>>('brreg', UNDERENHETER_PATH, {
      query: { overordnetEnhet: orgnr, size, page },
    });
    const items = embedded(answer, 'underenheter').map(mapUnderenhet);
    const paging = pageInfo(answer?.page, page, size);
    let note: string | undefined;
    if (paging.totalElements === 0) {
      // The search answers an empty page for any number; only the entity itself tells whether it exists.
      const parent = await ctx.find<Enhet>('brreg', ENHET_PATH, { params: { orgnr } });
      if (!parent) {
        throw fail.notFound(`${orgnr} is not a legal entity (hovedenhet) in Enhetsregisteret; a sub-unit number has no sub-units of its own`);
      }
      note = `${parent.navn} (${orgnr}) is registered and has no sub-units.`;
    } else if (items.length === 0) {
      note = `Page ${page} is past the last page (${paging.totalPages} page(s) of size ${paging.size}, ${paging.totalElements} sub-units).`;
    }
    return { overordnetEnhet: orgnr, underenheter: items, count: items.length, ...paging, ...(note && { note }) };
  },
});

const orgForm = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-ZÆØÅ]{2,5}(,[A-ZÆØÅ]{2,5})*$/, {
    error: (iss) => `must be an organisation form code such as AS, ASA, ENK or NUF, or several joined by commas (got ${quoted(iss.input)})`,
  })
  .describe('Organisation form code such as AS, ASA, ENK, NUF, SA; several joined by commas (AS,ASA).')
  .optional();

export const enheterSearch = defineTool({
  name: 'enheter.search',
  title: 'Search Norwegian legal entities',
  description:
    'Searches legal entities (hovedenheter) in Enhetsregisteret: one page of matches, each as enhet.lookup answers it. Filters combine with AND; kommunenummer is the business address\'s municipality, naeringskode a NACE code or a prefix (62 = the whole division). Without any filter the search pages through the whole register. (page+1)*size may not exceed 10000: the register serves only the first 10000 hits of a search, so narrow the filters to reach the rest. totalElements 0 means no entity matches all filters. With an organisation number, use enhet.lookup.',
  input: {
    navn: text('Text in the registered name, e.g. "kiwi".').optional(),
    organisasjonsform: orgForm,
    kommunenummer: kommunenummer('Municipality of the business address, e.g. 0301 (Oslo).').optional(),
    naeringskode: naceCode('NACE code or prefix, e.g. 62 or 62.010.').optional(),
    page: page(),
    size: size(100, 20),
  },
  refine: checkSearchWindow,
  output: z.object({ enheter: z.array(enhetOutput), count: z.number().int(), ...pageBlock, note }),
  coverage: registerCoverage(['company', 'legal-entity', 'search']),
  cacheTtlSeconds: DAY,
  route: '/enheter',
  example: { organisasjonsform: 'ASA', size: 5 },
  run: async ({ navn, organisasjonsform, kommunenummer, naeringskode, page, size }, ctx) => {
    const answer = await ctx.get<HalPage<'enheter', Enhet>>('brreg', ENHETER_PATH, {
      query: { navn, organisasjonsform, kommunenummer, naeringskode, page, size },
    });
    const items = embedded(answer, 'enheter').map(mapEnhet);
    const paging = pageInfo(answer?.page, page, size);
    const notes: string[] = [];
    if (!navn && !organisasjonsform && !kommunenummer && !naeringskode) {
      notes.push('No filter was given, so this pages through the whole register; add navn, organisasjonsform, kommunenummer or naeringskode.');
    }
    if (paging.totalElements === 0) notes.push('No legal entity matches all the given filters.');
    else if (items.length === 0) notes.push(`Page ${page} is past the last page (${paging.totalPages} page(s) of size ${paging.size}).`);
    if (paging.totalElements > SEARCH_WINDOW) {
      notes.push(`${paging.totalElements} entities match, but only the first ${SEARCH_WINDOW} can be paged; narrow the filters to reach the rest.`);
    }
    return { enheter: items, count: items.length, ...paging, ...(notes.length > 0 && { note: notes.join(' ') }) };
  },
});

export const enhetExtraTools = [enhetUnderenheter, enheterSearch];
