// Bankruptcy tools of the brreg-konkurs server (_konkurs_get, _konkurs_recent, _konkurs_search)
// and konkurs.bostyrer, all on Enhetsregisteret
// (https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html; UPSTREAMS.md A1, A3):
// - the entity's `konkurs` flag and `konkursdato` (live capture ikkeseb/brreg-snap
//   tests/fixtures/brreg/enhet-915330193-konkurs.json); 404/410 = not in the register;
// - new bankruptcy estates: a konkursbo is registered as its own entity with organisasjonsform KBO
//   and a fresh registreringsdatoEnhetsregisteret, searched with the documented
//   fraRegistreringsdatoEnhetsregisteret/tilRegistreringsdatoEnhetsregisteret filters;
//   UNCONFIRMED (A3) that the estate always carries the debtor's industry code and municipality,
//   so those fields are null when the estate lacks them;
// - trustees: role group BOBE (Bostyrer) of the roles answer, holder as `bostyrer` (live capture
//   roller-915330193-konkurs.json) or `person` (the documented role shape);
// - searches stop at 10 000 hits: brreg answers 400 when (page+1)*size exceeds 10 000 (A1).
import { z } from 'zod';
import { minusDays, osloDate } from '../../runtime/dates.js';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int, orgnr, page, size } from '../../runtime/fields.js';
import { orgNotFound, registeredOrgnr, requireIssuableOrgnr } from '../_shared/registered-orgnr.js';
import { ENHETER_URL, adresse, embedded, enhetUrl, kode, registerstatus, type Enhet, type HalPage, type RollerSvar } from '../_shared/enhetsregisteret.js';
import {
  ENHET_PATH,
  ENHETER_PATH,
  ROLLER_PATH,
  checkSearchWindow,
  registerCoverage,
  searchWindowRule,
} from './common.js';
import { rolleholder } from './rolleholder.js';
import { address, codeName, note, optStr, sourceRef } from '../../runtime/output.js';
import { rolleholderOutput } from './outputs.js';

const HOUR = 3600;
const coverage = registerCoverage(['company', 'bankruptcy']);

const checkLimitWindow = searchWindowRule('limit', 'shorten `days` instead of paging further');

const paging = (p: HalPage<string, unknown>['page'] | undefined) => ({
  totalt: p?.totalElements ?? 0,
  side: p?.number ?? 0,
  antallSider: p?.totalPages ?? 0,
});

const pagingOutput = { totalt: z.number().int(), side: z.number().int(), antallSider: z.number().int() };

const konkursGet = defineTool({
  name: '_konkurs_get',
  title: 'Is this company registered bankrupt?',
  description:
    'Whether a Norwegian organisation number is registered bankrupt in Enhetsregisteret, as the register shows it today (a lifted bankruptcy reads false). Every registered entity answers: not flagged bankrupt (solvent, under dissolution or deleted alike) is registrertKonkurs false with konkurs null, never not_found; erKonkursbo says the number is itself a bankruptcy estate. Only a number that is no registered entity answers not_found (detailCode ORG_NOT_FOUND): a sub-unit\'s number too, and one whose check digit fails (answered without asking the register).',
  input: { orgnr: registeredOrgnr() },
  output: z.object({
    orgnr: z.string(),
    navn: z.string(),
    registrertKonkurs: z.boolean(),
    konkurs: z
      .object({ navn: z.string(), organisasjonsform: codeName.nullable(), naeringskode: codeName.nullable(), stiftelsesdato: optStr(), konkursdato: optStr(), adresse: address.nullable() })
      .nullable(),
    status: z.enum(['aktiv', 'konkurs', 'under_avvikling', 'under_tvangsavvikling', 'slettet']),
    slettedato: optStr(),
    erKonkursbo: z.boolean(),
    kilde: sourceRef,
  }),
  coverage,
  cacheTtlSeconds: HOUR,
  route: '/konkurs/enhet/:orgnr',
  example: { orgnr: '915330193' },
  run: async ({ orgnr }, ctx) => {
    requireIssuableOrgnr(orgnr);
    const e = await ctx.find<Enhet>('brreg', ENHET_PATH, { params: { orgnr } });
    if (!e) throw orgNotFound(orgnr);
    const bankrupt = e.konkurs === true;
    return {
      orgnr: e.organisasjonsnummer,
      navn: e.navn,
      registrertKonkurs: bankrupt,
      konkurs: bankrupt
        ? {
            navn: e.navn,
            organisasjonsform: kode(e.organisasjonsform),
            naeringskode: kode(e.naeringskode1),
            stiftelsesdato: e.stiftelsesdato ?? null,
            konkursdato: e.konkursdato ?? null,
            adresse: adresse(e.forretningsadresse ?? e.postadresse),
          }
        : null,
      status: registerstatus(e),
      slettedato: e.slettedato ?? null,
      erKonkursbo: e.organisasjonsform?.kode === 'KBO',
      kilde: { register: 'Enhetsregisteret', url: enhetUrl(e.organisasjonsnummer) },
    };
  },
});

const KONKURSBO_SUFFIX = /\s+KONKURSBO$/i;

const konkursRecent = defineTool({
  name: '_konkurs_recent',
  title: 'Bankruptcies opened in the last days',
  description:
    'Bankruptcy estates (konkursbo, organisation form KBO) registered in Enhetsregisteret in the last `days` days (today in Norway is day one), newest first: when a court opens a bankruptcy, the estate is registered as its own entity within days, so this is the register\'s record of bankruptcies opened recently. debitorNavn is the estate\'s name without " KONKURSBO"; the debtor\'s organisation number is not in the estate record (find it with brreg_konkurs_search). `totalt` is exact; (page+1)*limit may not exceed 10000. An empty list means no estate was registered in the window (today\'s may still be coming).',
  input: {
    days: int({ min: 1, max: 90, default: 7, description: 'Window in days, ending today (Norwegian date).' }),
    limit: int({ min: 1, max: 100, default: 20, description: 'Estates per page.' }),
    page: page(),
  },
  refine: checkLimitWindow,
  output: z.object({
    periode: z.object({ fra: z.string(), til: z.string(), dager: z.number().int() }),
    ...pagingOutput,
    limit: z.number().int(),
    konkursbo: z.array(
      z.object({
        orgnr: z.string().describe("The estate's own number."),
        navn: z.string(),
        debitorNavn: z.string(),
        registreringsdato: optStr(),
        kommune: optStr(),
        kommunenummer: optStr(),
        naeringskode: codeName.nullable(),
      }),
    ),
    kilde: sourceRef,
  }),
  coverage,
  cacheTtlSeconds: HOUR,
  route: '/konkurs/recent',
  example: {},
  run: async ({ days, limit, page }, ctx) => {
    const til = osloDate(ctx.now());
    const fra = minusDays(til, days - 1);
    const window = { organisasjonsform: 'KBO', fraRegistreringsdatoEnhetsregisteret: fra, tilRegistreringsdatoEnhetsregisteret: til };
    const res = await ctx.get<HalPage<'enheter', Enhet>>('brreg', ENHETER_PATH, {
      query: { ...window, sort: 'registreringsdatoEnhetsregisteret,desc', size: limit, page },
    });
    const estates = embedded(res, 'enheter').map((e) => {
      const place = e.forretningsadresse ?? e.postadresse;
      return {
        orgnr: e.organisasjonsnummer,
        navn: e.navn,
        debitorNavn: e.navn.replace(KONKURSBO_SUFFIX, ''),
        registreringsdato: e.registreringsdatoEnhetsregisteret ?? null,
        kommune: place?.kommune ?? null,
        kommunenummer: place?.kommunenummer ?? null,
        naeringskode: kode(e.naeringskode1),
      };
    });
    return {
      periode: { fra, til, dager: days },
      ...paging(res.page),
      limit,
      konkursbo: estates,
      // The one `{ register, url }` shape of every kilde: the search of the whole window, as a person can open it.
      kilde: { register: 'Enhetsregisteret', url: `${ENHETER_URL}?${new URLSearchParams(window)}` },
    };
  },
});

const konkursSearch = defineTool({
  name: '_konkurs_search',
  title: 'Search bankrupt companies by name',
  description:
    'Entities that Enhetsregisteret currently flags as bankrupt (konkurs=true) whose name matches `q` (the register\'s name search, by relevance; more words widen the match). The flag includes old bankruptcies still open: check konkursdato. (page+1)*size may not exceed 10000. An empty list means no bankrupt entity matches; the company may still exist solvent (brreg.enhet.lookup, brreg_konkurs_get).',
  input: {
    q: z.string().trim().min(2).max(200).describe('Name or part of a name.'),
    size: size(100, 20),
    page: page(),
  },
  refine: checkSearchWindow,
  output: z.object({
    q: z.string(),
    ...pagingOutput,
    size: z.number().int(),
    treff: z.array(
      z.object({
        orgnr: z.string(),
        navn: z.string(),
        organisasjonsform: codeName.nullable(),
        naeringskode: codeName.nullable(),
        konkursdato: optStr(),
        stiftelsesdato: optStr(),
        kommune: optStr(),
        kommunenummer: optStr(),
        status: z.enum(['aktiv', 'konkurs', 'under_avvikling', 'under_tvangsavvikling', 'slettet']),
      }),
    ),
  }),
  coverage,
  cacheTtlSeconds: HOUR,
  route: '/konkurs/search',
  example: { q: '1VASK' },
  run: async ({ q, size, page }, ctx) => {
    const res = await ctx.get<HalPage<'enheter', Enhet>>('brreg', ENHETER_PATH, { query: { navn: q, konkurs: true, size, page } });
    return {
      q,
      ...paging(res.page),
      size,
      treff: embedded(res, 'enheter').map((e) => {
        const place = e.forretningsadresse ?? e.postadresse;
        return {
          orgnr: e.organisasjonsnummer,
          navn: e.navn,
          organisasjonsform: kode(e.organisasjonsform),
          naeringskode: kode(e.naeringskode1),
          konkursdato: e.konkursdato ?? null,
          stiftelsesdato: e.stiftelsesdato ?? null,
          kommune: place?.kommune ?? null,
          kommunenummer: place?.kommunenummer ?? null,
          status: registerstatus(e),
        };
      }),
    };
  },
});

const bostyrer = defineTool({
  name: 'konkurs.bostyrer',
  title: 'Trustees of a bankruptcy estate',
  description:
    'The trustees (bostyrer, role group BOBE) registered on a Norwegian company in Enhetsregisteret; a company under bankruptcy normally has one, a lawyer appointed by the court. observation "measured": the roles were read, so an empty list means no trustee is registered; "unmeasured": the roles lookup failed and the empty list says nothing (see `note`; try again later). A number with no roles in the register answers not_found.',
  input: { orgnr: orgnr() },
  output: z.object({
    orgnr: z.string(),
    observation: z.enum(['measured', 'unmeasured']),
    antall: z.number().int(),
    bostyrere: z.array(rolleholderOutput),
    sistEndret: optStr(),
    note,
  }),
  coverage,
  cacheTtlSeconds: HOUR,
  route: '/konkurs/bostyrer/:orgnr',
  example: { orgnr: '915330193' },
  run: async ({ orgnr }, ctx) => {
    const roles = await ctx.settle(ctx.get<RollerSvar>('brreg', ROLLER_PATH, { params: { orgnr } }));
    if (roles.status === 'not_found') throw fail.notFound(`Enhetsregisteret has no roles for ${orgnr}; the number is probably not registered.`);
    if (roles.status === 'error') {
      return {
        orgnr,
        observation: 'unmeasured' as const,
        antall: 0,
        bostyrere: [],
        sistEndret: null,
        note: `The roles lookup failed (${roles.error.code}: ${roles.error.message}); the empty list says nothing about whether a trustee is registered.`,
      };
    }
    const groups = (roles.value?.rollegrupper ?? []).filter((g) => g.type.kode === 'BOBE');
    const list = groups.flatMap((g) => (g.roller ?? []).map(rolleholder));
    return {
      orgnr,
      observation: 'measured' as const,
      antall: list.length,
      bostyrere: list,
      sistEndret: groups[0]?.sistEndret ?? null,
      note: list.length === 0 ? 'No trustee (BOBE) is registered: the company is most likely not under bankruptcy, or the trustee is not registered yet.' : undefined,
    };
  },
});

/** Tools only the brreg-konkurs server offers, in spec order. */
export const konkursServerTools = [konkursGet, konkursRecent, konkursSearch];
/** konkurs.bostyrer, shared by brreg and brreg-konkurs. */
export const konkursBostyrer = [bostyrer];
