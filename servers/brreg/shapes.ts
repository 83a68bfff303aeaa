// Types of Enhetsregisteret answers, as documented at
// https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html (UPSTREAMS.md A1).
export interface Kode {
  kode: string;
  beskrivelse: string;
}

export interface Adresse {
  land?: string;
  landkode?: string;
  postnummer?: string;
  poststed?: string;
  adresse?: string[];
  kommune?: string;
  kommunenummer?: string;
}

export interface Enhet {
  organisasjonsnummer: string;
  navn: string;
  organisasjonsform?: Kode;
  hjemmeside?: string;
  postadresse?: Adresse;
  forretningsadresse?: Adresse;
  beliggenhetsadresse?: Adresse;
  registreringsdatoEnhetsregisteret?: string;
  registrertIMvaregisteret?: boolean;
  naeringskode1?: Kode;
  naeringskode2?: Kode;
  naeringskode3?: Kode;
  antallAnsatte?: number;
  harRegistrertAntallAnsatte?: boolean;
  stiftelsesdato?: string;
  institusjonellSektorkode?: Kode;
  registrertIForetaksregisteret?: boolean;
  sisteInnsendteAarsregnskap?: string;
  konkurs?: boolean;
  konkursdato?: string;
  underAvvikling?: boolean;
  underAvviklingDato?: string;
  underTvangsavviklingEllerTvangsopplosning?: boolean;
  tvangsavvikletPgaManglendeSlettingDato?: string;
  tvangsopplostPgaManglendeDagligLederDato?: string;
  tvangsopplostPgaManglendeRevisorDato?: string;
  tvangsopplostPgaManglendeRegnskapDato?: string;
  tvangsopplostPgaMangelfulltStyreDato?: string;
  slettedato?: string;
  overordnetEnhet?: string;
  oppstartsdato?: string;
  nedleggelsesdato?: string;
  erIKonsern?: boolean;
  kapital?: { belop?: number; antallAksjer?: number; type?: string; valuta?: string; innfortDato?: string };
  telefon?: string;
  epostadresse?: string;
}

/** A HAL search page; an empty result has no `_embedded` key at all. */
export interface HalPage<K extends string, T> {
  _embedded?: Record<K, T[]>;
  page: { size: number; totalElements: number; totalPages: number; number: number };
}

// --- Roles API answer, GET /enheter/{orgnr}/roller (roller.lookup, roller.interlocks, roller.network) ---
// Live captures: ikkeseb/brreg-snap tests/fixtures/brreg/roller-*.json; sondreskarsten/tidybrreg
// tests/testthat/fixtures/mock/roles_923609016.json (the only one that carries `fratraadt`).
export interface RollerPerson {
  fodselsdato?: string;
  navn?: { fornavn?: string; mellomnavn?: string; etternavn?: string };
  erDoed?: boolean;
}

export interface RollerEnhet {
  organisasjonsnummer: string;
  organisasjonsform?: Kode;
  /** Name lines; joined with a space they give the name. */
  navn?: string[];
  erSlettet?: boolean;
  godkjenningsstatus?: string;
}

/** Holder of a BOBE (bankruptcy trustee) role: a name line, not a person record. */
export interface RollerBostyrer {
  navn?: string;
  postadresse?: Adresse;
  erDoed?: boolean;
}

export interface RollerRolle {
  type: Kode;
  person?: RollerPerson;
  enhet?: RollerEnhet;
  bostyrer?: RollerBostyrer;
  valgtAv?: Kode;
  /** Present in some answers only (seen in tidybrreg's capture, absent in ikkeseb's). */
  fratraadt?: boolean;
  avregistrert?: boolean;
  rekkefolge?: number;
}

export interface RollerGruppe {
  type: Kode;
  sistEndret?: string;
  roller?: RollerRolle[];
}

export interface RollerSvar {
  rollegrupper?: RollerGruppe[];
}
