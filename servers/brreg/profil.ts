// brreg.profil: entity, roles and latest accounts of one organisation number in one answer, each
// part fetched on its own so that one failing source leaves the others standing. Enhetsregisteret
// (https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html; UPSTREAMS.md A1) for the
// entity and its roles, Regnskapsregisteret (UPSTREAMS.md A2) for the accounts; the key figures are
// the ones brreg.regnskap.summary gives (regnskap-figures.ts).
import type { Settled } from '../../runtime/context.js';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { orgnr } from '../../runtime/fields.js';
import type { Enhet, RollerSvar } from '../_shared/enhetsregisteret.js';
import { DAY, ENHET_PATH, REGNSKAP_PATH, ROLLER_PATH, mapEnhet, registerCoverage } from './common.js';
import { sammendrag, type Regnskap } from './regnskap-figures.js';
import { rolleholder, specRoleName } from './rolleholder.js';
import { z } from 'zod';
import { optStr } from '../../runtime/output.js';
import { enhetOutput, rolleholderFields, sammendragFields } from './outputs.js';

const sourceStatus = z.enum(['ok', 'error', 'not_found']);

type SourceStatus = 'ok' | 'error' | 'not_found';

const status = (s: Settled<unknown>): SourceStatus => s.status;

const profil = defineTool({
  name: 'profil',
  title: 'Company profile: entity, roles and latest accounts',
  description:
    'One Norwegian organisation number in one answer: the entity (as brreg.enhet.lookup), its roles and the key figures of its latest filed accounts (as brreg.regnskap.summary, SELSKAP preferred); a first overview, with brreg.regnskap.* and brreg.roller.* for detail. `_sources` gives each part\'s status: not_found (the register has nothing, e.g. no accounts) or error (details in `_errors`) leave that part null; the answer succeeds when one part is ok. A number unknown to every source answers not_found.',
  input: { orgnr: orgnr() },
  output: z.object({
    orgnr: z.string(),
    navn: optStr(),
    enhet: enhetOutput.nullable(),
    roller: z.array(z.object({ gruppe: z.string(), gruppeRegisterKode: z.string(), gruppeBeskrivelse: z.string(), ...rolleholderFields })).nullable(),
    regnskap: z.object(sammendragFields).nullable(),
    _sources: z.object({ enhet: sourceStatus, roller: sourceStatus, regnskap: sourceStatus }),
    _errors: z.record(z.string(), z.object({ code: z.string(), message: z.string() })).optional(),
  }),
  coverage: registerCoverage(['company', 'roles', 'annual-accounts']),
  cacheTtlSeconds: DAY,
  route: '/profil/:orgnr',
  example: { orgnr: '923609016' },
  run: async ({ orgnr }, ctx) => {
    const params = { orgnr };
    const [enhet, roller, regnskap] = await Promise.all([
      ctx.settle(ctx.get<Enhet>('brreg', ENHET_PATH, { params })),
      ctx.settle(ctx.get<RollerSvar>('brreg', ROLLER_PATH, { params })),
      ctx.settle(ctx.get<Regnskap[]>('brreg-regnskap', REGNSKAP_PATH, { params })),
    ]);
    const accounts = regnskap.status === 'ok' ? sammendrag(regnskap.value ?? []) : null;
    const sources: Record<'enhet' | 'roller' | 'regnskap', SourceStatus> = {
      enhet: status(enhet),
      roller: status(roller),
      // A 200 with an empty list files nothing, the same as a 404.
      regnskap: regnskap.status === 'ok' && !accounts ? 'not_found' : status(regnskap),
    };
    const errors = Object.fromEntries(
      (
        [
          ['enhet', enhet],
          ['roller', roller],
          ['regnskap', regnskap],
        ] as const
      ).flatMap(([name, s]) => (s.status === 'error' ? [[name, s.error]] : [])),
    );
    if (!Object.values(sources).includes('ok')) {
      if (sources.enhet === 'not_found') throw fail.notFound(`${orgnr} is not in Enhetsregisteret, and no roles or accounts are registered for it.`);
      const first = Object.entries(errors)[0];
      throw fail.upstream(`No source answered for ${orgnr}: ${first ? `${first[0]}: ${first[1].message}` : 'unknown failure'}`);
    }
    const rollegrupper = roller.status === 'ok' ? (roller.value?.rollegrupper ?? []) : null;
    return {
      orgnr,
      navn: enhet.status === 'ok' ? enhet.value.navn : null,
      enhet: enhet.status === 'ok' ? mapEnhet(enhet.value) : null,
      roller:
        rollegrupper === null
          ? null
          : rollegrupper.flatMap((g) => (g.roller ?? []).map((r) => ({ gruppe: specRoleName(g.type.kode), gruppeRegisterKode: g.type.kode, gruppeBeskrivelse: g.type.beskrivelse, ...rolleholder(r) }))),
      regnskap: accounts,
      _sources: sources,
      ...(Object.keys(errors).length > 0 && { _errors: errors }),
    };
  },
});

export const profilTools = [profil];
