// Pieces shared by the Brønnøysund tools: paths, coverage and the mapping of an Enhet.
// Shapes and the small readers of them are in ../_shared/enhetsregisteret.ts (UPSTREAMS.md A1).
import type { Coverage } from '../../runtime/define.js';
import { ENHETSREGISTERET_WINDOW, pageWindowMessage, pastWindow } from '../_shared/upstream-limits.js';
import { adresse, enhetUrl, kode, registerstatus, underenhetUrl, underenhetstatus, type Enhet, type Kode } from '../_shared/enhetsregisteret.js';

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

/** All industry codes of a unit, main code first. */
const naeringskoder = (e: Enhet) => [e.naeringskode1, e.naeringskode2, e.naeringskode3].filter((k): k is Kode => !!k).map((k) => kode(k)!);

/** The employee count; null when the register says none is registered (harRegistrertAntallAnsatte false). */
const antallAnsatte = (e: Enhet) => (e.harRegistrertAntallAnsatte === false ? null : (e.antallAnsatte ?? null));

export function mapEnhet(e: Enhet) {
  return {
    orgnr: e.organisasjonsnummer,
    navn: e.navn,
    organisasjonsform: kode(e.organisasjonsform),
    status: registerstatus(e),
    stiftelsesdato: e.stiftelsesdato ?? null,
    registreringsdato: e.registreringsdatoEnhetsregisteret ?? null,
    naeringskode: kode(e.naeringskode1),
    naeringskoder: naeringskoder(e),
    antallAnsatte: antallAnsatte(e),
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

// --- Paging window and sub-unit mapping (enhet.underenheter, enheter.search) ---
// brreg serves at most the first 10 000 hits of a search and answers HTTP 400 when
// (page+1)*size exceeds that: an upstream limit (../_shared/upstream-limits.ts, README "Upstream limits").
export const SEARCH_WINDOW = ENHETSREGISTERET_WINDOW.window;

/**
 * A `refine` rule: rejects a page window brreg would answer with HTTP 400, naming both fields and
 * saying that the limit is the upstream's. `sizeField` names the page-size field of the tool (`size`, or `limit`).
 */
export function searchWindowRule(sizeField: 'size' | 'limit' = 'size', hint = 'narrow the filters instead of paging further') {
  return (input: { page: number } & Partial<Record<'size' | 'limit', number>>, issues: { add(message: string, path?: string[]): void }): void => {
    const size = input[sizeField] ?? 0;
    if (pastWindow(ENHETSREGISTERET_WINDOW, input.page, size)) {
      issues.add(pageWindowMessage(ENHETSREGISTERET_WINDOW, { page: 'page', size: sizeField }, input.page, size, hint), ['page']);
    }
  };
}

export const checkSearchWindow = searchWindowRule('size');


/** Paging fields of a HAL page, with whether another page can be fetched within the window. */
export function pageInfo(p: { size: number; totalElements: number; totalPages: number; number: number } | undefined, page: number, size: number) {
  const totalElements = p?.totalElements ?? 0;
  const reachable = Math.min(totalElements, SEARCH_WINDOW);
  return {
    page: p?.number ?? page,
    size: p?.size ?? size,
    totalElements,
    totalPages: p?.totalPages ?? 0,
    hasMore: (page + 1) * size < reachable,
  };
}

export function mapUnderenhet(u: Enhet) {
  return {
    orgnr: u.organisasjonsnummer,
    navn: u.navn,
    overordnetEnhet: u.overordnetEnhet ?? null,
    organisasjonsform: kode(u.organisasjonsform),
    status: underenhetstatus(u),
    oppstartsdato: u.oppstartsdato ?? null,
    nedleggelsesdato: u.nedleggelsesdato ?? null,
    registreringsdato: u.registreringsdatoEnhetsregisteret ?? null,
    naeringskode: kode(u.naeringskode1),
    naeringskoder: naeringskoder(u),
    antallAnsatte: antallAnsatte(u),
    beliggenhetsadresse: adresse(u.beliggenhetsadresse),
    postadresse: adresse(u.postadresse),
    hjemmeside: u.hjemmeside ?? null,
    registrertIMvaregisteret: u.registrertIMvaregisteret ?? false,
    kilde: { register: 'Enhetsregisteret', url: underenhetUrl(u.organisasjonsnummer) },
  };
}
