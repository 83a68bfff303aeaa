// aksjonaerregisteret: the Norwegian shareholder register (Skatteetaten), tool-server spec 4.2
// "shareholder": beholdning, beholdning.latest, aksjeklasser.list, config.status.
//
// Upstream: Skatteetaten "Aksjonær i virksomhet API" (UPSTREAMS.md A4), base
// https://aksjonaerivirksomhet.api.skatteetaten.no/v1, GET /{rettighetspakke}/aksjonaerer/{orgnr}?kalenderaar=YYYY,
// a Maskinporten token with scope skatteetaten:aksjonaer, and a rettighetspakke granted by
// Skatteetaten (SKATTEETATEN_RETTIGHETSPAKKE). Mapping and error codes: see beholdning.ts.
// The five share classes of aksjeklasser.list: see reference.ts (partly UNCONFIRMED).
import { z } from 'zod';
import { defineServer, defineTool, type Coverage } from '../../runtime/define.js';
import { HOLDINGS } from '../_shared/icons/index.js';
import { fail } from '../../runtime/errors.js';
import { orgnr } from '../../runtime/fields.js';
import { CREDENTIALS, EARLIEST_YEAR, RETTIGHETSPAKKER, beholdningFields, currentOsloYear, fetchAksjeselskap, latestPublishedYear, mapAksjeselskap } from './beholdning.js';
import { AKSJEKLASSER, AKSJEKLASSER_NOTE } from './reference.js';
import { MASKINPORTEN } from '../../runtime/upstream/catalogue.js';
import { SKATTEETATEN_AKSJONAER } from './upstream.js';

const YEAR = 365 * 86_400;
const DAY = 86_400;
const coverage: Coverage = { geography: ['NO'], dataTypes: ['shareholders', 'ownership'], updateFrequency: 'annual' };

const beholdning = defineTool({
  name: 'beholdning',
  title: 'Shareholders of a Norwegian company for an income year',
  description:
    "The shareholders of a Norwegian limited company (AS/ASA) at 31 December of an income year, from Skatteetaten's shareholder register (Aksjonærregisteret): for each holder the name, type (person, virksomhet or ukjent), organisation number of company holders, birth year of persons, country code, number of shares, ownership share in percent of all shares (eierandelProsent) and the shares per class and ISIN; plus the company's total number of shares. Holders are sorted by shares, largest first. `orgnr` (9 digits) and `inntektsaar` (2010 or later, and a year that has ended) are both required; a year is published in May of the following year. A company or year the register has no data for answers not_found (Skatteetaten code AIV-007). National identity numbers are never returned. Use aksjonaer.beholdning.latest when you just want the newest year.",
  input: {
    orgnr: orgnr(),
    inntektsaar: z.number().int().min(EARLIEST_YEAR).max(9999).describe(`Income year: the holdings at 31 December of this year. ${EARLIEST_YEAR} or later.`),
  },
  output: z.object(beholdningFields),
  credentials: CREDENTIALS,
  coverage,
  cacheTtlSeconds: YEAR,
  route: '/beholdning/:orgnr',
  example: { orgnr: '313136841', inntektsaar: 2022 },
  run: async ({ orgnr, inntektsaar }, ctx) => {
    const lastEnded = currentOsloYear(ctx.now()) - 1;
    if (inntektsaar > lastEnded) {
      throw fail.invalidInput(`inntektsaar: must be a year that has ended, at most ${lastEnded} (got ${inntektsaar}); holdings are reported at 31 December`);
    }
    const a = await fetchAksjeselskap(ctx, orgnr, inntektsaar);
    if (!a) {
      throw fail.notFound(`Aksjonærregisteret has no shareholders for ${orgnr} in ${inntektsaar} (AIV-007): the company may not be a limited company, or the year is not published`, {
        detailCode: 'AIV-007',
      });
    }
    return mapAksjeselskap(a, ctx.env('SKATTEETATEN_RETTIGHETSPAKKE')!);
  },
});

const beholdningLatest = defineTool({
  name: 'beholdning.latest',
  title: 'Shareholders of a Norwegian company, latest published year',
  description:
    "The shareholders of a Norwegian limited company (AS/ASA) for the newest income year Skatteetaten's shareholder register has published for it (the register chooses the year; `inntektsaar` in the answer says which). Same answer as aksjonaer.beholdning: holders with name, type, organisation number of company holders, birth year of persons, country code, shares, ownership share in percent and shares per class and ISIN, sorted largest first, and the company's total shares. Holdings are as at 31 December; a year is published in May of the following year, so the newest year is usually last year or the year before. `orgnr` (9 digits) is required. A company the register has no data for answers not_found (AIV-007). National identity numbers are never returned.",
  input: { orgnr: orgnr() },
  output: z.object({ ...beholdningFields, aarValgtAv: z.literal('register') }),
  credentials: CREDENTIALS,
  coverage,
  // The newest year moves once a year: a day keeps the answer fresh after a publication.
  cacheTtlSeconds: DAY,
  route: '/beholdning/:orgnr/latest',
  example: { orgnr: '313136841' },
  run: async ({ orgnr }, ctx) => {
    const a = await fetchAksjeselskap(ctx, orgnr, undefined);
    if (!a) throw fail.notFound(`Aksjonærregisteret has no shareholders for ${orgnr} in any published year (AIV-007)`, { detailCode: 'AIV-007' });
    return { ...mapAksjeselskap(a, ctx.env('SKATTEETATEN_RETTIGHETSPAKKE')!), aarValgtAv: 'register' as const };
  },
});

const aksjeklasser = defineTool({
  name: 'aksjeklasser.list',
  title: 'Share classes (reference)',
  description:
    'A static reference of the five share classes (aksjeklasser) that Norwegian limited companies report to the shareholder register: ordinary shares (ordinaer, the usual single class), A shares, B shares, preference shares and other classes defined by the articles. Each has a code, a Norwegian name and what it means. Use it to read the `aksjeklasse` of aksjonaer.beholdning answers; the register passes a company\'s own class name through, so values outside this list can occur. Needs no credentials and calls no upstream.',
  input: {},
  output: z.object({ antall: z.number().int(), aksjeklasser: z.array(z.object({ kode: z.string(), navn: z.string(), beskrivelse: z.string() })), merknad: z.string() }),
  coverage: { geography: ['NO'], dataTypes: ['reference', 'shareholders'], updateFrequency: 'static' },
  cacheTtlSeconds: YEAR,
  route: '/aksjeklasser',
  example: {},
  run: async () => ({ antall: AKSJEKLASSER.length, aksjeklasser: AKSJEKLASSER, merknad: AKSJEKLASSER_NOTE }),
});

const configStatus = defineTool({
  name: 'config.status',
  title: 'Shareholder register: configuration status',
  description:
    "Whether this service can query Skatteetaten's shareholder register: `configured` is true when MASKINPORTEN_CLIENT_ID, MASKINPORTEN_KEY and SKATTEETATEN_RETTIGHETSPAKKE are set (`missing` names the absent ones; no value is ever shown except the rettighetspakke's name). Also gives `earliestYear` (2010, the first year the tools accept) and `latestYear`, the newest income year the register has published by today (holdings at 31 December are published in May of the following year). Call it before aksjonaer.beholdning to avoid a 503 not_configured answer. Makes no upstream call.",
  input: {},
  output: z.object({
    configured: z.boolean(),
    earliestYear: z.number().int(),
    latestYear: z.number().int(),
    missing: z.array(z.string()),
    rettighetspakke: z.string().nullable(),
    rettighetspakkeKjent: z.boolean().nullable(),
    gyldigeRettighetspakker: z.array(z.string()),
    scope: z.string(),
    note: z.string(),
  }),
  coverage: { geography: ['NO'], dataTypes: ['configuration'], updateFrequency: 'realtime' },
  cacheTtlSeconds: 0,
  route: '/config/status',
  example: {},
  run: async (_input, ctx) => {
    const missing = CREDENTIALS.filter((name) => ctx.env(name) === undefined);
    const pakke = ctx.env('SKATTEETATEN_RETTIGHETSPAKKE') ?? null;
    return {
      configured: missing.length === 0,
      earliestYear: EARLIEST_YEAR,
      latestYear: latestPublishedYear(ctx.now()),
      missing,
      rettighetspakke: pakke,
      rettighetspakkeKjent: pakke === null ? null : RETTIGHETSPAKKER.includes(pakke),
      gyldigeRettighetspakker: RETTIGHETSPAKKER,
      scope: 'skatteetaten:aksjonaer',
      note: missing.length === 0 ? 'aksjonaer.beholdning and aksjonaer.beholdning.latest call the register.' : `aksjonaer.beholdning and aksjonaer.beholdning.latest answer 503 not_configured until ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} set.`,
    };
  },
});

export const server = defineServer({
  slug: 'aksjonaerregisteret',
  prefix: 'aksjonaer',
  name: 'Shareholder register',
  owner: 'Skatteetaten',
  description:
    "Shareholders of Norwegian limited companies at 31 December of each income year since 2010, from Skatteetaten's shareholder register (Aksjonærregisteret) through the Aksjonær i virksomhet API, with ownership shares and share classes. Needs a Maskinporten client and a rettighetspakke granted by Skatteetaten.",
  license: 'Restricted: Skatteetaten grants access per rettighetspakke (not an open licence)',
  tier: 'free',
  upstreams: [SKATTEETATEN_AKSJONAER, MASKINPORTEN],
  countries: ['NO'],
  docs: [
    { label: 'Aksjonær i virksomhet API', url: 'https://skatteetaten.github.io/api-dokumentasjon/api/aksjonaerivirksomhet' },
    { label: 'OpenAPI (SwaggerHub)', url: 'https://app.swaggerhub.com/apis/skatteetaten/aksjonaer-i-virksomhet-api' },
    { label: 'Aksjonærregisteret', url: 'https://www.skatteetaten.no/deling/aksjonarregisteret/' },
  ],
  icon: HOLDINGS,
  tools: [beholdning, beholdningLatest, aksjeklasser, configStatus],
});
