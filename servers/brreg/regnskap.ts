// Accounts tools (regnskap.liste, regnskap.dokument, regnskap.summary, regnskap.trend) on
// Regnskapsregisteret's open API (UPSTREAMS.md A2). The mapping follows the API's OpenAPI
// description (brreg/regnskapsregister-api regnskapsregister.yaml: `GET /regnskap/{orgnr}` with
// optional `regnskapstype`, a JSON array; `GET /regnskap/{orgnr}/{id}`, one object; 404 with an
// empty body when nothing matches) and live captures of 2026-09-23 (ikkeseb/brreg-snap
// tests/fixtures/brreg/regnskap-*.json: 404 = nothing filed, 500 = bank/insurance plans BANK/FORS).
// Relied on but UNCONFIRMED: how many years the list holds (one year per type in most captures,
// three for Equinor), so every tool reports what it found rather than assuming either; regnskap.liste
// keeps the latest year only, as the spec says, and names the earlier years it leaves out.
import { z } from 'zod';
import type { ToolContext } from '../../runtime/context.js';
import { defineTool } from '../../runtime/define.js';
import { ACCOUNTS } from '../_shared/icons/index.js';
import { fail } from '../../runtime/errors.js';
import { int, orgnr } from '../../runtime/fields.js';
import { DAY, REGNSKAP_PATH, registerCoverage } from './common.js';
import {
  REGNSKAP_DOKUMENT_PATH,
  REGNSKAPSTYPER,
  newestFirst,
  nokkeltall,
  regnskapRef,
  regnskapUrl,
  regnskapsaar,
  sammendrag,
  type Regnskap,
  type Regnskapstype,
} from './regnskap-figures.js';
import { note, optNum, optStr, sourceRef } from '../../runtime/output.js';
import { nokkeltallOutput, regnskapRefFields, sammendragFields } from './outputs.js';
import { quoted } from '../../runtime/validation.js';

/** An object of amounts, each null where the filing reports nothing. */
const amounts = (names: readonly string[]) => z.object(Object.fromEntries(names.map((name) => [name, optNum()])));

/** The lines of a full statement (statement() below), by section. */
const STATEMENT_LINES = {
  resultatregnskap: [
    'salgsinntekter', 'sumDriftsinntekter', 'loennskostnad', 'sumDriftskostnad', 'driftsresultat', 'sumFinansinntekter', 'rentekostnadSammeKonsern',
    'annenRentekostnad', 'sumFinanskostnad', 'nettoFinans', 'ordinaertResultatFoerSkattekostnad', 'ordinaertResultatSkattekostnad', 'ekstraordinaerePoster',
    'skattekostnadEkstraordinaertResultat', 'aarsresultat', 'totalresultat',
  ],
  eiendeler: ['goodwill', 'sumVarer', 'sumFordringer', 'sumInvesteringer', 'sumBankinnskuddOgKontanter', 'sumOmloepsmidler', 'sumAnleggsmidler', 'sumEiendeler'],
  egenkapitalOgGjeld: ['sumInnskuttEgenkapital', 'sumOpptjentEgenkapital', 'sumEgenkapital', 'sumKortsiktigGjeld', 'sumLangsiktigGjeld', 'sumGjeld', 'sumEgenkapitalGjeld'],
} as const;

const coverage = registerCoverage(['annual-accounts', 'financial-statements'], 'annual');

const regnskapstype = (omitted: string) =>
  z
    .enum(REGNSKAPSTYPER)
    .describe(`SELSKAP: the company's own statement; KONSERN: the group's. ${omitted}`)
    .optional();

const kilde = (orgnr: string) => ({ register: 'Regnskapsregisteret', url: regnskapUrl(orgnr) });

const LIMITS =
  "Regnskapsregisteret's open API holds only the latest filed accounts (from 2018), with no year parameter; banks and insurers (BANK/FORS plans) answer upstream_unavailable.";

/** Every statement filed for the number (optionally of one type); [] when nothing is filed (404). */
async function filed(ctx: ToolContext, orgnr: string, type?: Regnskapstype): Promise<Regnskap[]> {
  const list = await ctx.find<Regnskap[]>('brreg-regnskap', REGNSKAP_PATH, { params: { orgnr }, query: { regnskapstype: type } });
  return newestFirst((list ?? []).filter((r) => !type || r.regnskapstype === type));
}

/** The statements of the latest accounting year in a newest-first list, and the years left out. */
function latestYear(list: Regnskap[]) {
  const aar = list.length > 0 ? regnskapsaar(list[0]) : null;
  const latest = list.filter((r) => regnskapsaar(r) === aar);
  const earlierYears = [...new Set(list.filter((r) => regnskapsaar(r) !== aar).map(regnskapsaar))];
  return { aar, latest, earlierYears };
}

const regnskapListe = defineTool({
  name: 'regnskap.liste',
  title: 'List the latest filed annual accounts',
  icon: ACCOUNTS,
  description:
    `The latest filed annual accounts of a Norwegian organisation number in Regnskapsregisteret: the statements of the most recent year, SELSKAP (the company's own) before KONSERN (the group's), unless regnskapstype picks one (then the latest year of that type). A statement's id is what brreg.regnskap.dokument takes; \`tidligereAar\` names earlier years the register holds (brreg.regnskap.trend compares years). ${LIMITS} An empty list means nothing is filed for that number (or of that type): sole proprietorships, sub-units and many small entities file no accounts here.`,
  input: { orgnr: orgnr(), regnskapstype: regnskapstype('Omit for both types of the latest year.') },
  output: z.object({
    orgnr: z.string(),
    regnskapstype: z.enum(['SELSKAP', 'KONSERN']).nullable(),
    aar: z.number().int().nullable(),
    count: z.number().int(),
    regnskap: z.array(z.object({ ...regnskapRefFields, nokkeltall: nokkeltallOutput })),
    tidligereAar: z.array(z.number().int()),
    note,
    kilde: sourceRef,
  }),
  coverage,
  cacheTtlSeconds: DAY,
  route: '/regnskap/:orgnr',
  example: { orgnr: '923609016' },
  run: async ({ orgnr, regnskapstype }, ctx) => {
    const { aar, latest, earlierYears } = latestYear(await filed(ctx, orgnr, regnskapstype));
    const note =
      aar === null
        ? `Regnskapsregisteret has no filed accounts${regnskapstype ? ` of type ${regnskapstype}` : ''} for ${orgnr}.`
        : earlierYears.length > 0
          ? `Only the latest filed accounts (${aar}) are listed; the register also holds ${earlierYears.join(', ')}: use brreg.regnskap.trend to compare years.`
          : undefined;
    return {
      orgnr,
      regnskapstype: regnskapstype ?? null,
      aar,
      count: latest.length,
      regnskap: latest.map((r) => ({ ...regnskapRef(r), nokkeltall: nokkeltall(r) })),
      tidligereAar: earlierYears,
      note,
      kilde: kilde(orgnr),
    };
  },
});

const n = (v: number | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The full statement, field by field; null where the filing reports nothing. */
function statement(r: Regnskap) {
  const res = r.resultatregnskapResultat;
  const drift = res?.driftsresultat;
  const finans = res?.finansresultat;
  const ekg = r.egenkapitalGjeld;
  const e = r.eiendeler;
  return {
    resultatregnskap: {
      salgsinntekter: n(drift?.driftsinntekter?.salgsinntekter),
      sumDriftsinntekter: n(drift?.driftsinntekter?.sumDriftsinntekter),
      loennskostnad: n(drift?.driftskostnad?.loennskostnad),
      sumDriftskostnad: n(drift?.driftskostnad?.sumDriftskostnad),
      driftsresultat: n(drift?.driftsresultat),
      sumFinansinntekter: n(finans?.finansinntekt?.sumFinansinntekter),
      rentekostnadSammeKonsern: n(finans?.finanskostnad?.rentekostnadSammeKonsern),
      annenRentekostnad: n(finans?.finanskostnad?.annenRentekostnad),
      sumFinanskostnad: n(finans?.finanskostnad?.sumFinanskostnad),
      nettoFinans: n(finans?.nettoFinans),
      ordinaertResultatFoerSkattekostnad: n(res?.ordinaertResultatFoerSkattekostnad),
      ordinaertResultatSkattekostnad: n(res?.ordinaertResultatSkattekostnad),
      ekstraordinaerePoster: n(res?.ekstraordinaerePoster),
      skattekostnadEkstraordinaertResultat: n(res?.skattekostnadEkstraordinaertResultat),
      aarsresultat: n(res?.aarsresultat),
      totalresultat: n(res?.totalresultat),
    },
    balanse: {
      eiendeler: {
        goodwill: n(e?.goodwill ?? ekg?.goodwill),
        sumVarer: n(e?.sumVarer),
        sumFordringer: n(e?.sumFordringer),
        sumInvesteringer: n(e?.sumInvesteringer),
        sumBankinnskuddOgKontanter: n(e?.sumBankinnskuddOgKontanter),
        sumOmloepsmidler: n(e?.omloepsmidler?.sumOmloepsmidler),
        sumAnleggsmidler: n(e?.anleggsmidler?.sumAnleggsmidler),
        sumEiendeler: n(e?.sumEiendeler),
      },
      egenkapitalOgGjeld: {
        sumInnskuttEgenkapital: n(ekg?.egenkapital?.innskuttEgenkapital?.sumInnskuttEgenkaptial),
        sumOpptjentEgenkapital: n(ekg?.egenkapital?.opptjentEgenkapital?.sumOpptjentEgenkapital),
        sumEgenkapital: n(ekg?.egenkapital?.sumEgenkapital),
        sumKortsiktigGjeld: n(ekg?.gjeldOversikt?.kortsiktigGjeld?.sumKortsiktigGjeld),
        sumLangsiktigGjeld: n(ekg?.gjeldOversikt?.langsiktigGjeld?.sumLangsiktigGjeld),
        sumGjeld: n(ekg?.gjeldOversikt?.sumGjeld),
        sumEgenkapitalGjeld: n(ekg?.sumEgenkapitalGjeld),
      },
    },
  };
}

const regnskapDokument = defineTool({
  name: 'regnskap.dokument',
  title: 'Get one annual accounts statement in full',
  icon: ACCOUNTS,
  description:
    `One filed annual accounts statement in full: income statement, balance sheet, accounting rules, audit status and derived key figures. Amounts are in the statement's currency (\`valuta\`; some report in USD or EUR); null means the filing does not report that line. An id that does not belong to the organisation number answers not_found. ${LIMITS}`,
  input: {
    orgnr: orgnr(),
    id: z
      .string()
      .regex(/^\d{1,10}$/, { error: (iss) => `must be a string of 1 to 10 digits, an id from brreg.regnskap.liste (got ${quoted(iss.input)})` })
      .describe('Statement id from brreg.regnskap.liste, e.g. "7192427".'),
  },
  output: z.object({
    orgnr: z.string(),
    ...regnskapRefFields,
    virksomhet: z.object({ orgnr: z.string(), organisasjonsform: optStr(), morselskap: z.boolean().nullable() }),
    regnskapsprinsipper: z.object({ regnskapsregler: optStr(), smaaForetak: z.boolean().nullable() }),
    revisjon: z.object({ ikkeRevidertAarsregnskap: z.boolean().nullable(), fravalgRevisjon: z.boolean().nullable() }),
    resultatregnskap: amounts(STATEMENT_LINES.resultatregnskap),
    balanse: z.object({ eiendeler: amounts(STATEMENT_LINES.eiendeler), egenkapitalOgGjeld: amounts(STATEMENT_LINES.egenkapitalOgGjeld) }),
    nokkeltall: nokkeltallOutput,
    kilde: sourceRef,
  }),
  coverage,
  cacheTtlSeconds: 30 * DAY,
  route: '/regnskap/:orgnr/dokument/:id',
  example: { orgnr: '923609016', id: '7192427' },
  run: async ({ orgnr, id }, ctx) => {
    const r = await ctx.find<Regnskap>('brreg-regnskap', REGNSKAP_DOKUMENT_PATH, { params: { orgnr, id } });
    if (!r) throw fail.notFound(`Regnskapsregisteret has no statement ${id} for ${orgnr}; list the filed ones with brreg.regnskap.liste.`);
    return {
      orgnr,
      ...regnskapRef(r),
      virksomhet: {
        orgnr: r.virksomhet?.organisasjonsnummer ?? orgnr,
        organisasjonsform: r.virksomhet?.organisasjonsform ?? null,
        morselskap: r.virksomhet?.morselskap ?? null,
      },
      regnskapsprinsipper: {
        regnskapsregler: r.regnkapsprinsipper?.regnskapsregler ?? null,
        smaaForetak: r.regnkapsprinsipper?.smaaForetak ?? null,
      },
      revisjon: {
        ikkeRevidertAarsregnskap: r.revisjon?.ikkeRevidertAarsregnskap ?? null,
        fravalgRevisjon: r.revisjon?.fravalgRevisjon ?? null,
      },
      ...statement(r),
      nokkeltall: nokkeltall(r),
      kilde: { register: 'Regnskapsregisteret', url: `${regnskapUrl(orgnr)}/${id}` },
    };
  },
});

const regnskapSummary = defineTool({
  name: 'regnskap.summary',
  title: 'Key figures of the latest annual accounts',
  icon: ACCOUNTS,
  description:
    `Key figures of a Norwegian company's latest filed accounts, with the statement id. Ratios are fractions (0.38 = 38 %): egenkapitalandel = equity / total assets, gjeldsandel = debt / total assets, driftsmargin = operating result / revenue; null where a figure is missing. Amounts are in \`valuta\` (not always NOK). A year with both statement types gives SELSKAP and names the other in andreRegnskapstyperSammeAar. Nothing filed answers not_found. ${LIMITS}`,
  input: { orgnr: orgnr(), regnskapstype: regnskapstype('Omit to prefer SELSKAP when the latest year has both.') },
  output: z.object({ orgnr: z.string(), ...sammendragFields, kilde: sourceRef }),
  coverage,
  cacheTtlSeconds: 30 * DAY,
  route: '/regnskap/:orgnr/summary',
  example: { orgnr: '923609016' },
  run: async ({ orgnr, regnskapstype }, ctx) => {
    const summary = sammendrag(await filed(ctx, orgnr, regnskapstype));
    if (!summary) {
      throw fail.notFound(`Regnskapsregisteret has no filed accounts${regnskapstype ? ` of type ${regnskapstype}` : ''} for ${orgnr}.`);
    }
    return { orgnr, ...summary, kilde: kilde(orgnr) };
  },
});

const TREND_FIGURES = ['driftsinntekter', 'driftsresultat', 'aarsresultat', 'egenkapital', 'gjeld', 'sumEiendeler'] as const;

/** Change from `prev` to `cur` in percent of |prev|, one decimal; null when not comparable. */
function growth(cur: number | null, prev: number | null): number | null {
  if (cur === null || prev === null || prev === 0) return null;
  return Math.round(((cur - prev) / Math.abs(prev)) * 1000) / 10;
}

const regnskapTrend = defineTool({
  name: 'regnskap.trend',
  title: 'Year-over-year development of annual accounts',
  icon: ACCOUNTS,
  description:
    `Year-over-year growth (percent against the previous calendar year) of a Norwegian company's revenue, operating result, net result, equity, debt and total assets over up to \`years\` accounting years ending with the latest filed one, oldest first. Usually only one year exists, so growth is then null: read \`coverage\` (years requested, found, missing) before drawing conclusions. One statement type throughout (regnskapstype, else SELSKAP when filed, else KONSERN). Growth is null when a year lacks the figure or is missing, the earlier value is 0 or the currencies differ. Nothing filed answers an empty series. ${LIMITS}`,
  input: {
    orgnr: orgnr(),
    years: int({ min: 1, max: 10, default: 5, description: 'Accounting years back from the latest filed year.' }),
    regnskapstype: regnskapstype('Omit to follow SELSKAP when filed, else KONSERN.'),
  },
  output: z.object({
    orgnr: z.string(),
    regnskapstype: z.enum(['SELSKAP', 'KONSERN']).nullable(),
    serie: z.array(
      z.object({
        ...regnskapRefFields,
        nokkeltall: amounts(TREND_FIGURES),
        vekstProsent: amounts(TREND_FIGURES).describe('Growth against the previous year, in percent.'),
        sammenlignetMed: z.number().int().nullable(),
      }),
    ),
    coverage: z.object({
      yearsRequested: z.number().int(),
      yearsFound: z.array(z.number().int()),
      yearsMissing: z.array(z.number().int()),
      fraAar: z.number().int().nullable(),
      tilAar: z.number().int().nullable(),
      complete: z.boolean(),
      note: z.string(),
    }),
    kilde: sourceRef,
  }),
  coverage,
  cacheTtlSeconds: DAY,
  route: '/regnskap/:orgnr/trend',
  example: { orgnr: '923609016' },
  run: async ({ orgnr, years, regnskapstype }, ctx) => {
    const list = await filed(ctx, orgnr, regnskapstype);
    const type: Regnskapstype | null = regnskapstype ?? (list.some((r) => r.regnskapstype === 'SELSKAP') ? 'SELSKAP' : list[0]?.regnskapstype ?? null);
    const latest = list.length > 0 ? regnskapsaar(list[0]) : null;
    // One statement per year: the list is newest first, so the first seen for a year wins.
    const byYear = new Map<number, Regnskap>();
    for (const r of list) {
      const aar = regnskapsaar(r);
      if (r.regnskapstype === type && latest !== null && aar > latest - years && !byYear.has(aar)) byYear.set(aar, r);
    }
    const found = [...byYear.keys()].sort((a, b) => a - b);
    const serie = found.map((aar) => {
      const r = byYear.get(aar)!;
      const figures = nokkeltall(r);
      const prev = byYear.get(aar - 1);
      const prevFigures = prev && prev.valuta === r.valuta ? nokkeltall(prev) : null;
      return {
        ...regnskapRef(r),
        nokkeltall: Object.fromEntries(TREND_FIGURES.map((k) => [k, figures[k]])),
        vekstProsent: Object.fromEntries(TREND_FIGURES.map((k) => [k, prevFigures ? growth(figures[k], prevFigures[k]) : null])),
        sammenlignetMed: prevFigures ? aar - 1 : null,
      };
    });
    const window = latest === null ? [] : Array.from({ length: years }, (_, i) => latest - years + 1 + i);
    return {
      orgnr,
      regnskapstype: type,
      serie,
      coverage: {
        yearsRequested: years,
        yearsFound: found,
        yearsMissing: window.filter((y) => !byYear.has(y)),
        fraAar: window[0] ?? null,
        tilAar: latest,
        complete: latest !== null && found.length === years,
        note:
          latest === null
            ? `Regnskapsregisteret has no filed accounts${regnskapstype ? ` of type ${regnskapstype}` : ''} for ${orgnr}.`
            : found.length < 2
              ? 'Only one accounting year is available from the open API, so no growth can be computed; older years exist only as PDF copies.'
              : `${found.length} of ${years} requested years found.`,
      },
      kilde: kilde(orgnr),
    };
  },
});

export const regnskapTools = [regnskapListe, regnskapDokument, regnskapSummary, regnskapTrend];
