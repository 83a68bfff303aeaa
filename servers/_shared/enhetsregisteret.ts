// Enhetsregisteret (the Norwegian Entity Register at data.brreg.no): the types of its answers and the
// pure helpers that read them, shared by the servers that call it (brreg, enhetsregisteret-speil,
// companies). Shapes follow the Enhetsregisteret API documentation
// https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html (UPSTREAMS.md A1) and the
// live captures named at each block. Each server keeps its own mapping of these where its answer
// differs on purpose.
import { defineUpstream } from '../../runtime/define.js';

// --- Units: GET /enheter/{orgnr}, /underenheter/{orgnr} and the search pages of both ---

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

/** A legal entity (enhet) or a sub-unit (underenhet): the fields of both, each optional where either lacks it. */
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
  /** UNCONFIRMED: not in the recorded answers (read when present). */
  mobil?: string;
  /** UNCONFIRMED: not in the recorded answers (read when present). */
  epostadresse?: string;
}

/** A HAL search page; an empty result has no `_embedded` key at all. */
export interface HalPage<K extends string, T> {
  _embedded?: Record<K, T[]>;
  page: { size: number; totalElements: number; totalPages: number; number: number };
}

/** One row of /oppdateringer/enheter (live capture: ikkeseb/brreg-snap tests/fixtures/brreg/oppdateringer-*.json). */
export interface Oppdatering {
  oppdateringsid: number;
  dato: string;
  organisasjonsnummer: string;
  endringstype: string;
  endringer?: { op: string; path: string; value?: unknown }[];
  _links?: { enhet?: { href: string } };
}

// --- Roles: GET /enheter/{orgnr}/roller ---
// python-brreg `_responses.py`; live captures ikkeseb/brreg-snap tests/fixtures/brreg/roller-*.json and
// sondreskarsten/tidybrreg tests/testthat/fixtures/mock/roles_923609016.json (the only one that
// carries `fratraadt`). A holder is a `person`, an `enhet`, or, for the trustee group BOBE in the
// capture roller-915330193-konkurs.json, a `bostyrer{navn,postadresse,erDoed}`.
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

// --- Helpers ---

export const ENHETER_URL = 'https://data.brreg.no/enhetsregisteret/api/enheter';
export const enhetUrl = (orgnr: string) => `${ENHETER_URL}/${orgnr}`;
export const underenhetUrl = (orgnr: string) => `https://data.brreg.no/enhetsregisteret/api/underenheter/${orgnr}`;

export function kode(k: Kode | undefined): { kode: string; beskrivelse: string } | null {
  return k ? { kode: k.kode, beskrivelse: k.beskrivelse } : null;
}

export function adresse(a: Adresse | undefined) {
  if (!a) return null;
  return {
    adresse: a.adresse ?? [],
    postnummer: a.postnummer ?? null,
    poststed: a.poststed ?? null,
    kommune: a.kommune ?? null,
    kommunenummer: a.kommunenummer ?? null,
    land: a.land ?? null,
    landkode: a.landkode ?? null,
  };
}

/** Items of a HAL search page; an empty result has no `_embedded` key at all. */
export function embedded<T>(page: { _embedded?: Record<string, T[]> } | null | undefined, key: string): T[] {
  return page?._embedded?.[key] ?? [];
}

export type Registerstatus = 'aktiv' | 'konkurs' | 'under_avvikling' | 'under_tvangsavvikling' | 'slettet';

/** One status word of a legal entity from the register's flags; deletion outranks bankruptcy, which outranks winding-up. */
export function registerstatus(e: Enhet): Registerstatus {
  if (e.slettedato) return 'slettet';
  if (e.konkurs) return 'konkurs';
  if (e.underTvangsavviklingEllerTvangsopplosning) return 'under_tvangsavvikling';
  if (e.underAvvikling) return 'under_avvikling';
  return 'aktiv';
}

/** One status word of a sub-unit: deletion outranks closing down. */
export function underenhetstatus(u: Enhet): 'slettet' | 'nedlagt' | 'aktiv' {
  return u.slettedato ? 'slettet' : u.nedleggelsesdato ? 'nedlagt' : 'aktiv';
}

/** Enhetsregisteret (data.brreg.no), called by brreg, brreg-konkurs, enhetsregisteret-speil and companies. */
export const BRREG = defineUpstream({
  id: 'brreg',
  name: 'Brønnøysundregistrene (Enhetsregisteret, Regnskapsregisteret)',
  baseUrl: 'https://data.brreg.no',
  envVar: 'BRREG_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html',
  maxConcurrent: 8,
  maxBodyBytes: 8 * 1024 * 1024,
});
