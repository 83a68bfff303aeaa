// Entity tools: lookup of one entity and its sub-units, and search.
// Enhetsregisteret API (https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html; UPSTREAMS.md A1).
import { defineTool } from '../../runtime/define.js';
import { orgnr } from '../../runtime/fields.js';
import type { Enhet } from '../_shared/enhetsregisteret.js';
import { DAY, ENHET_PATH, mapEnhet, registerCoverage } from './common.js';
import { enhetOutput } from './outputs.js';

export const enhetLookup = defineTool({
  name: 'enhet.lookup',
  title: 'Look up a Norwegian legal entity',
  description:
    'One entity from Enhetsregisteret by its organisation number. Not in the register: not_found.',
  input: { orgnr: orgnr() },
  output: enhetOutput,
  coverage: registerCoverage(['company', 'legal-entity']),
  cacheTtlSeconds: DAY,
  route: '/enheter/:orgnr',
  example: { orgnr: '923609016' },
  run: async ({ orgnr }, ctx) => mapEnhet(await ctx.get<Enhet>('brreg', ENHET_PATH, { params: { orgnr } })),
});
