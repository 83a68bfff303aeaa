// Output schemas shared by the Brønnøysund tools: the shapes of mapEnhet, mapUnderenhet, the role
// holder, the accounts figures and the bankruptcy-statistics blocks (common.ts, rolleholder.ts,
// regnskap-figures.ts, konkurs-estates.ts), each written once beside the mapping it describes.
import { z } from 'zod';
import { address, codeName, optNum, optStr, sourceRef } from '../../runtime/output.js';

const registerstatus = z.enum(['aktiv', 'konkurs', 'under_avvikling', 'under_tvangsavvikling', 'slettet']);

/** mapEnhet (common.ts). */
export const enhetOutput = z.object({
  orgnr: z.string(),
  navn: z.string(),
  organisasjonsform: codeName.nullable(),
  status: registerstatus,
  stiftelsesdato: optStr(),
  registreringsdato: optStr(),
  naeringskode: codeName.nullable(),
  naeringskoder: z.array(codeName),
  antallAnsatte: optNum(),
  forretningsadresse: address.nullable(),
  postadresse: address.nullable(),
  hjemmeside: optStr(),
  institusjonellSektor: codeName.nullable(),
  flagg: z.object({
    konkurs: z.boolean(),
    konkursdato: optStr(),
    underAvvikling: z.boolean(),
    underAvviklingDato: optStr(),
    underTvangsavviklingEllerTvangsopplosning: z.boolean(),
    slettet: z.boolean(),
    slettedato: optStr(),
  }),
  registrertIMvaregisteret: z.boolean(),
  registrertIForetaksregisteret: z.boolean(),
  sisteInnsendteAarsregnskap: optStr(),
  erIKonsern: z.boolean().nullable(),
  kilde: sourceRef,
});

/** mapUnderenhet (common.ts). */
export const underenhetOutput = z.object({
  orgnr: z.string(),
  navn: z.string(),
  overordnetEnhet: optStr(),
  organisasjonsform: codeName.nullable(),
  status: z.enum(['aktiv', 'nedlagt', 'slettet']),
  oppstartsdato: optStr(),
  nedleggelsesdato: optStr(),
  registreringsdato: optStr(),
  naeringskode: codeName.nullable(),
  naeringskoder: z.array(codeName),
  antallAnsatte: optNum(),
  beliggenhetsadresse: address.nullable(),
  postadresse: address.nullable(),
  hjemmeside: optStr(),
  registrertIMvaregisteret: z.boolean(),
  kilde: sourceRef,
});

/** A role code: `kode` as the spec names it (PROKURA, REVISOR), `registerKode` as the register writes it (PROK, REVI). */
export const rolleKodeOutput = z.object({ kode: z.string(), registerKode: z.string(), beskrivelse: z.string() });

/** rolleholder (rolleholder.ts). */
export const rolleholderFields = {
  rolle: rolleKodeOutput,
  valgtAv: codeName.nullable(),
  fratraadt: z.boolean(),
  avregistrert: z.boolean(),
  holder: z.enum(['person', 'enhet', 'bostyrer', 'ukjent']),
  navn: optStr(),
  fodselsdato: optStr(),
  orgnr: optStr(),
  erDoed: z.boolean(),
  postadresse: address.nullable(),
};
export const rolleholderOutput = z.object(rolleholderFields);

/** nokkeltall (regnskap-figures.ts): amounts in `valuta`; the three ratios are fractions (0.38 = 38 %). */
export const nokkeltallOutput = z.object({
  valuta: optStr(),
  driftsinntekter: optNum(),
  salgsinntekter: optNum(),
  driftskostnader: optNum(),
  driftsresultat: optNum(),
  nettoFinans: optNum(),
  resultatFoerSkatt: optNum(),
  aarsresultat: optNum(),
  sumEiendeler: optNum(),
  bankinnskuddOgKontanter: optNum(),
  egenkapital: optNum(),
  gjeld: optNum(),
  kortsiktigGjeld: optNum(),
  langsiktigGjeld: optNum(),
  egenkapitalandel: optNum(),
  gjeldsandel: optNum(),
  driftsmargin: optNum(),
});

const regnskapstype = z.enum(['SELSKAP', 'KONSERN']);

/** regnskapRef (regnskap-figures.ts): the identity of one statement. */
export const regnskapRefFields = {
  id: z.string(),
  journalnr: optStr(),
  regnskapstype,
  aar: z.number().int(),
  periode: z.object({ fraDato: z.string(), tilDato: z.string() }),
  valuta: optStr(),
  oppstillingsplan: optStr(),
  avviklingsregnskap: z.boolean(),
};

/** sammendrag (regnskap-figures.ts). */
export const sammendragFields = {
  ...regnskapRefFields,
  andreRegnskapstyperSammeAar: z.array(regnskapstype),
  nokkeltall: nokkeltallOutput,
};

// --- bankruptcy statistics (konkurs-stats.ts, konkurs-estates.ts, konkurs-periods.ts) ---

export const yearRangeOutput = z.object({ fraAar: z.number().int(), tilAar: z.number().int(), from: z.string(), to: z.string() });

/** kboCoverage: how complete the estate counts of the period are. */
export const kboCoverageFields = {
  basis: z.string(),
  completeFrom: z.string(),
  undercounted: z.boolean(),
  caveat: z.string(),
};
export const kboCoverageOutput = z.object(kboCoverageFields);

/** summary(listing): `total` exact, `counted` estates read into the buckets. */
export const listingFields = {
  total: z.number().int(),
  counted: z.number().int(),
  truncated: z.boolean(),
};

export const countOutput = z.number().int();

export const industryCountOutput = z.object({ naeringskode: optStr(), beskrivelse: optStr(), count: countOutput });
