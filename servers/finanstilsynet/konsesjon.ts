// konsesjon.lookup and konsesjon.search: licences in Finanstilsynet's register (mapping and the
// facts relied on: see registry.ts).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { orgnr, page, text } from '../../runtime/fields.js';
import { note, optStr, sourceRef } from '../../runtime/output.js';
import { FILTER_PATH, HOUR, PAGE_SIZE, SOURCE, coverage, mapEntity, type FtPage } from './registry.js';

export const STATUSES = ['aktiv', 'tilbakekalt', 'utløpt'] as const;

export const konsesjonFields = {
  navn: text('Name or part of a name of the licensed company or person.'),
  orgnr: orgnr('Norwegian organisation number of the company: 9 digits with a valid check digit.'),
  status: z
    .enum(STATUSES)
    .describe(
      'Licence status: aktiv, tilbakekalt (revoked) or utløpt (expired). The open register publishes active licences only, so tilbakekalt and utløpt always answer an empty list with a note.',
    ),
  // The spec bounds neither navn nor type: any text is passed on (the upstream answers an unknown
  // type code with an empty list).
  type: text('Licence type code of the register, for example BANK (bank), FFOR (investment firm), FOAVALIN (AIF manager); case-insensitive. A code the register does not use matches nothing.'),
};

// mapLicence and mapEntity (registry.ts).
const licenceOutput = z.object({
  type: optStr(),
  navn: optStr(),
  navnEngelsk: optStr(),
  hjemmel: optStr(),
  status: z.literal('aktiv'),
  registrert: optStr(),
  rolle: optStr().describe('konsesjonshaver, filial or agent.'),
  konsesjonshaver: z.object({ id: z.number().int(), navn: optStr() }).nullable(),
  tilsynsmyndighet: z.object({ navn: optStr(), land: optStr() }).nullable(),
  klassifisering: z.object({ kode: optStr(), navn: optStr() }).nullable(),
  tjenester: z.array(z.object({ id: z.number().int(), kode: optStr(), navn: optStr() })),
  sikkerhetsstillelse: z.boolean().nullable(),
  merknad: optStr(),
});

const virksomhetFields = {
  orgnr: optStr(),
  navn: z.string(),
  enhetstype: z.enum(['foretak', 'person']),
  finanstilsynetId: optStr(),
  leiKode: optStr(),
  revisornummer: optStr(),
  adresser: z.array(z.object({ type: optStr().describe('forretning or post.'), adresse: optStr(), postnummer: optStr(), poststed: optStr(), land: optStr() })),
  merknad: optStr(),
};

export const konsesjonLookup = defineTool({
  name: 'konsesjon.lookup',
  title: 'Licences of a Norwegian company (Finanstilsynet)',
  description:
    'The licences Finanstilsynet\'s register (virksomhetsregisteret) lists for one company by organisation number, with the services in each and the company\'s role (konsesjonshaver, or filial or agent of another licence holder): whether a company may offer financial services in Norway. Active licences only. A company not in the register answers registrert false and no licences: it holds no licence that Finanstilsynet registers (not an error; it says nothing about other registers).',
  input: { orgnr: orgnr() },
  output: z.object({
    orgnr: z.string(),
    registrert: z.boolean(),
    virksomhet: z.object(virksomhetFields).nullable(),
    konsesjoner: z.array(licenceOutput),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['financial-licence', 'supervised-entity']),
  cacheTtlSeconds: HOUR,
  route: '/konsesjoner/:orgnr',
  example: { orgnr: '984851006' },
  run: async ({ orgnr }, ctx) => {
    const answer = await ctx.get<FtPage>('finanstilsynet', FILTER_PATH, { query: { query: orgnr, page: 1, pageSize: PAGE_SIZE } });
    // The filter is a free-text query: keep only the entity that has exactly this number.
    const entity = (answer.legalEntities ?? []).find((e) => e.organisationNumber === orgnr);
    if (!entity) {
      return {
        orgnr,
        registrert: false,
        virksomhet: null,
        konsesjoner: [],
        note: `${orgnr} is not in Finanstilsynet's register: the company holds no licence or registration that Finanstilsynet records. This says nothing about other registers.`,
        kilde: SOURCE,
      };
    }
    const { konsesjoner, ...virksomhet } = mapEntity(entity);
    return { orgnr, registrert: true, virksomhet, konsesjoner, kilde: SOURCE };
  },
});

export const konsesjonSearch = defineTool({
  name: 'konsesjon.search',
  title: "Search Finanstilsynet's licence register",
  description:
    'Searches Finanstilsynet\'s register of licensed financial companies and persons (banks, insurers, investment firms, fund managers, payment and e-money institutions, agents, auditors, accountants, debt collectors...); give at least one filter. Pages of 50 entities, each with its licences. The open register publishes active licences only: status tilbakekalt or utløpt answers an empty list with a note, which does not mean no licence was ever revoked. An empty list otherwise means nothing matched.',
  input: {
    navn: konsesjonFields.navn.optional(),
    orgnr: konsesjonFields.orgnr.optional(),
    status: konsesjonFields.status.optional(),
    type: konsesjonFields.type.optional(),
    page: page('Page of 50 entities, 0-based.'),
  },
  output: z.object({
    filter: z.object({ navn: optStr(), orgnr: optStr(), status: z.enum(STATUSES).nullable(), type: optStr(), page: z.number().int() }),
    total: z.number().int(),
    count: z.number().int(),
    hasMore: z.boolean(),
    virksomheter: z.array(z.object({ ...virksomhetFields, konsesjoner: z.array(licenceOutput) })),
    note,
    kilde: sourceRef,
  }),
  refine: (input, issues) => {
    if (input.navn === undefined && input.orgnr === undefined && input.status === undefined && input.type === undefined) {
      issues.add('give at least one of navn, orgnr, status, type');
    }
  },
  coverage: coverage(['financial-licence', 'supervised-entity']),
  cacheTtlSeconds: HOUR,
  route: '/konsesjoner',
  example: { type: 'BANK' },
  run: async ({ navn, orgnr, status, type, page }, ctx) => {
    const filter = { navn: navn ?? null, orgnr: orgnr ?? null, status: status ?? null, type: type?.toUpperCase() ?? null, page };
    if (status === 'tilbakekalt' || status === 'utløpt') {
      return {
        filter,
        total: 0,
        count: 0,
        hasMore: false,
        virksomheter: [],
        note: `Finanstilsynet's open register publishes active licences only; ${status === 'utløpt' ? 'expired' : 'revoked'} licences are not available, so this list is empty whatever the register's history holds. Ask Finanstilsynet for historical licences.`,
        kilde: SOURCE,
      };
    }
    // The register searches one free-text query: the organisation number when given (exact), else
    // the name; a name given alongside a number is then checked here.
    const query = orgnr ?? navn;
    const answer = await ctx.get<FtPage>('finanstilsynet', FILTER_PATH, {
      query: { query, licenceTypes: filter.type ?? undefined, page: page + 1, pageSize: PAGE_SIZE },
    });
    let entities = answer.legalEntities ?? [];
    if (orgnr !== undefined) entities = entities.filter((e) => e.organisationNumber === orgnr);
    if (orgnr !== undefined && navn !== undefined) {
      const wanted = navn.toLocaleLowerCase('nb');
      entities = entities.filter((e) => e.name.toLocaleLowerCase('nb').includes(wanted));
    }
    const total = orgnr !== undefined ? entities.length : (answer.total ?? entities.length);
    return {
      filter,
      total,
      count: entities.length,
      hasMore: orgnr === undefined && (page + 1) * PAGE_SIZE < total,
      virksomheter: entities.map(mapEntity),
      ...(entities.length === 0 && { note: 'No entity in the register matches these filters.' }),
      kilde: SOURCE,
    };
  },
});
