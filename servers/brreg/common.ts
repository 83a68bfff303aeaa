// Pieces shared by the Brønnøysund tools: paths, coverage and the mapping of an Enhet.
// Shapes follow the Enhetsregisteret documentation (UPSTREAMS.md A1) and live captures of it.
import type { Coverage } from '../../runtime/define.js';
import type { Adresse, Enhet, Kode } from './shapes.js';

export const ENHET_PATH = '/enhetsregisteret/api/enheter/{orgnr}';
export const ENHETER_PATH = '/enhetsregisteret/api/enheter';
export const ROLLER_PATH = '/enhetsregisteret/api/enheter/{orgnr}/roller';
export const UNDERENHETER_PATH = '/enhetsregisteret/api/underenheter';
export const REGNSKAP_PATH = '/regnskapsregisteret/regnskap/{orgnr}';

export const DAY = 86_400;

export const registerCoverage = (dataTypes: string[], updateFrequency: Coverage['updateFrequency'] = 'daily'): Coverage => ({
  geography: ['NO'],
  dataTypes,
  updateFrequency,
});

export const enhetUrl = (orgnr: string) => `https://data.brreg.no/enhetsregisteret/api/enheter/${orgnr}`;

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

export type Registerstatus = 'aktiv' | 'konkurs' | 'under_avvikling' | 'under_tvangsavvikling' | 'slettet';

/** One status word from the register's flags; deletion outranks bankruptcy, which outranks winding-up. */
export function registerstatus(e: Enhet): Registerstatus {
  if (e.slettedato) return 'slettet';
  if (e.konkurs) return 'konkurs';
  if (e.underTvangsavviklingEllerTvangsopplosning) return 'under_tvangsavvikling';
  if (e.underAvvikling) return 'under_avvikling';
  return 'aktiv';
}

export function mapEnhet(e: Enhet) {
  return {
    orgnr: e.organisasjonsnummer,
    navn: e.navn,
    organisasjonsform: kode(e.organisasjonsform),
    status: registerstatus(e),
    stiftelsesdato: e.stiftelsesdato ?? null,
    registreringsdato: e.registreringsdatoEnhetsregisteret ?? null,
    naeringskode: kode(e.naeringskode1),
    naeringskoder: [e.naeringskode1, e.naeringskode2, e.naeringskode3].filter((k): k is Kode => !!k).map((k) => kode(k)!),
    antallAnsatte: e.harRegistrertAntallAnsatte === false ? null : (e.antallAnsatte ?? null),
    forretningsadresse: adresse(e.forretningsadresse),
    postadresse: adresse(e.postadresse),
    hjemmeside: e.hjemmeside ?? null,
    institusjonellSektor: kode(e.institusjonellSektorkode),
    flagg: {
      konkurs: e.konkurs ?? false,
      konkursdato: e.konkursdato ?? null,
      underAvvikling: e.underAvvikling ?? false,
      underAvviklingDato: e.underAvviklingDato ?? null,
      underTvangsavviklingEllerTvangsopplosning: e.underTvangsavviklingEllerTvangsopplosning ?? false,
      slettet: Boolean(e.slettedato),
      slettedato: e.slettedato ?? null,
    },
    registrertIMvaregisteret: e.registrertIMvaregisteret ?? false,
    registrertIForetaksregisteret: e.registrertIForetaksregisteret ?? false,
    sisteInnsendteAarsregnskap: e.sisteInnsendteAarsregnskap ?? null,
    erIKonsern: e.erIKonsern ?? null,
    kilde: { register: 'Enhetsregisteret', url: enhetUrl(e.organisasjonsnummer) },
  };
}

/** Items of a HAL search page; an empty result has no `_embedded` key at all. */
export function embedded<T>(page: { _embedded?: Record<string, T[]> } | null | undefined, key: string): T[] {
  return page?._embedded?.[key] ?? [];
}
