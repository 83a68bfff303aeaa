// Regnskapsregisteret answers and the key figures drawn from them, shared by brreg.regnskap.* and
// brreg.profil (one extraction, so a summary and a profile never disagree).
// Shapes follow the API's OpenAPI description (brreg/regnskapsregister-api,
// src/main/resources/specification/regnskapsregister.yaml) and live captures of 2026-09-23
// (ikkeseb/brreg-snap tests/fixtures/brreg/regnskap-*.json); UPSTREAMS.md A2. The misspellings
// `regnkapsprinsipper` and `sumInnskuttEgenkaptial` are the upstream's own and are read as such.
import { REGNSKAP_PATH } from './common.js';

export const REGNSKAPSTYPER = ['SELSKAP', 'KONSERN'] as const;
export type Regnskapstype = (typeof REGNSKAPSTYPER)[number];

export const REGNSKAP_DOKUMENT_PATH = `${REGNSKAP_PATH}/{id}`;
export const regnskapUrl = (orgnr: string) => `https://data.brreg.no/regnskapsregisteret/regnskap/${orgnr}`;

type Num = number | undefined;

/** One filed statement as `GET /regnskapsregisteret/regnskap/{orgnr}` lists it. */
export interface Regnskap {
  id: number;
  journalnr?: string;
  regnskapstype: Regnskapstype;
  virksomhet?: { organisasjonsnummer?: string; organisasjonsform?: string; morselskap?: boolean };
  regnskapsperiode: { fraDato: string; tilDato: string };
  valuta?: string;
  avviklingsregnskap?: boolean;
  oppstillingsplan?: string;
  revisjon?: { ikkeRevidertAarsregnskap?: boolean; fravalgRevisjon?: boolean };
  regnkapsprinsipper?: { smaaForetak?: boolean; regnskapsregler?: string };
  egenkapitalGjeld?: {
    goodwill?: number;
    sumEgenkapitalGjeld?: number;
    egenkapital?: {
      sumEgenkapital?: number;
      opptjentEgenkapital?: { sumOpptjentEgenkapital?: number };
      innskuttEgenkapital?: { sumInnskuttEgenkaptial?: number };
    };
    gjeldOversikt?: {
      sumGjeld?: number;
      kortsiktigGjeld?: { sumKortsiktigGjeld?: number };
      langsiktigGjeld?: { sumLangsiktigGjeld?: number };
    };
  };
  eiendeler?: {
    goodwill?: number;
    sumVarer?: number;
    sumFordringer?: number;
    sumInvesteringer?: number;
    sumBankinnskuddOgKontanter?: number;
    sumEiendeler?: number;
    omloepsmidler?: { sumOmloepsmidler?: number };
    anleggsmidler?: { sumAnleggsmidler?: number };
  };
  resultatregnskapResultat?: {
    ordinaertResultatFoerSkattekostnad?: number;
    ordinaertResultatSkattekostnad?: number;
    ekstraordinaerePoster?: number;
    skattekostnadEkstraordinaertResultat?: number;
    aarsresultat?: number;
    totalresultat?: number;
    finansresultat?: {
      nettoFinans?: number;
      finansinntekt?: { sumFinansinntekter?: number };
      finanskostnad?: { rentekostnadSammeKonsern?: number; annenRentekostnad?: number; sumFinanskostnad?: number };
    };
    driftsresultat?: {
      driftsresultat?: number;
      driftsinntekter?: { salgsinntekter?: number; sumDriftsinntekter?: number };
      driftskostnad?: { loennskostnad?: number; sumDriftskostnad?: number };
    };
  };
}

const val = (n: Num): number | null => (typeof n === 'number' && Number.isFinite(n) ? n : null);

/** a / b rounded to 4 decimals; null when either is missing or b is 0. */
export function ratio(a: number | null, b: number | null): number | null {
  if (a === null || b === null || b === 0) return null;
  return Math.round((a / b) * 10_000) / 10_000;
}

/** The accounting year: the year the period ends (a July–June year belongs to its June). */
export const regnskapsaar = (r: Regnskap): number => Number(r.regnskapsperiode.tilDato.slice(0, 4));

/** Newest period first; within a period SELSKAP before KONSERN; then the highest id. */
export function newestFirst(list: readonly Regnskap[]): Regnskap[] {
  return [...list].sort((a, b) => {
    if (a.regnskapsperiode.tilDato !== b.regnskapsperiode.tilDato) return a.regnskapsperiode.tilDato < b.regnskapsperiode.tilDato ? 1 : -1;
    if (a.regnskapstype !== b.regnskapstype) return a.regnskapstype === 'SELSKAP' ? -1 : 1;
    return b.id - a.id;
  });
}

/** Key figures of one statement, in its own currency (`valuta`; not always NOK). */
export function nokkeltall(r: Regnskap) {
  const res = r.resultatregnskapResultat;
  const ekg = r.egenkapitalGjeld;
  const eiendeler = val(r.eiendeler?.sumEiendeler) ?? val(ekg?.sumEgenkapitalGjeld);
  const egenkapital = val(ekg?.egenkapital?.sumEgenkapital);
  const gjeld = val(ekg?.gjeldOversikt?.sumGjeld);
  const driftsinntekter = val(res?.driftsresultat?.driftsinntekter?.sumDriftsinntekter);
  const driftsresultat = val(res?.driftsresultat?.driftsresultat);
  return {
    valuta: r.valuta ?? null,
    driftsinntekter,
    salgsinntekter: val(res?.driftsresultat?.driftsinntekter?.salgsinntekter),
    driftskostnader: val(res?.driftsresultat?.driftskostnad?.sumDriftskostnad),
    driftsresultat,
    nettoFinans: val(res?.finansresultat?.nettoFinans),
    resultatFoerSkatt: val(res?.ordinaertResultatFoerSkattekostnad),
    aarsresultat: val(res?.aarsresultat),
    sumEiendeler: eiendeler,
    bankinnskuddOgKontanter: val(r.eiendeler?.sumBankinnskuddOgKontanter),
    egenkapital,
    gjeld,
    kortsiktigGjeld: val(ekg?.gjeldOversikt?.kortsiktigGjeld?.sumKortsiktigGjeld),
    langsiktigGjeld: val(ekg?.gjeldOversikt?.langsiktigGjeld?.sumLangsiktigGjeld),
    /** Equity ratio: equity / total assets. */
    egenkapitalandel: ratio(egenkapital, eiendeler),
    /** Debt ratio: debt / total assets. */
    gjeldsandel: ratio(gjeld, eiendeler),
    /** Operating margin: operating result / operating revenue. */
    driftsmargin: ratio(driftsresultat, driftsinntekter),
  };
}

export type Nokkeltall = ReturnType<typeof nokkeltall>;

/** Identity of a statement: what an agent needs to cite it or fetch it with regnskap.dokument. */
export function regnskapRef(r: Regnskap) {
  return {
    id: String(r.id),
    journalnr: r.journalnr ?? null,
    regnskapstype: r.regnskapstype,
    aar: regnskapsaar(r),
    periode: { fraDato: r.regnskapsperiode.fraDato, tilDato: r.regnskapsperiode.tilDato },
    valuta: r.valuta ?? null,
    oppstillingsplan: r.oppstillingsplan ?? null,
    avviklingsregnskap: r.avviklingsregnskap ?? false,
  };
}

/**
 * Key figures of the latest accounting year: the SELSKAP (company) statement when that year has
 * one, else the KONSERN (group) statement. `null` when the list is empty. Used by
 * brreg.regnskap.summary and brreg.profil.
 */
export function sammendrag(list: readonly Regnskap[]) {
  const sorted = newestFirst(list);
  const valgt = sorted[0];
  if (!valgt) return null;
  const aar = regnskapsaar(valgt);
  const andreTyper = [...new Set(sorted.filter((r) => regnskapsaar(r) === aar && r.regnskapstype !== valgt.regnskapstype).map((r) => r.regnskapstype))];
  return {
    ...regnskapRef(valgt),
    andreRegnskapstyperSammeAar: andreTyper,
    nokkeltall: nokkeltall(valgt),
  };
}
