// Shareholdings from Skatteetaten's "Aksjonær i virksomhet API" (UPSTREAMS.md A4), mapped for
// the aksjonaer.beholdning and aksjonaer.beholdning.latest tools.
//
// Mapping follows Skatteetaten/api-dokumentasjon docs/api/aksjonaerivirksomhet.md (scope, the five
// rettighetspakker, the JSON example, error codes AIV-001..008, test data 313136841/2022), the
// generated client documentation of the API (GET /{rettighetspakke}/aksjonaerer/{organisasjonsnummer}
// with optional `kalenderaar`; without it the latest available year is answered) and
// docs/om/feil.md (error body {kode, melding, korrelasjonsid}).
// - A 404 is AIV-007 (no hit for that organisation number and year) or AIV-003 (unknown URL, e.g. a
//   rettighetspakke the API does not know): both answer not_found. The upstream layer maps the
//   other codes by HTTP status: AIV-006 (400) invalid_input, AIV-004/005 (401/403) not_configured
//   (credentials rejected), AIV-001/002 (500) upstream_unavailable after retries.
// - The holder's national identity number (`personidentifikator`) is not passed on: holders are
//   identified by name, birth year and country, companies by organisation number.
// UNCONFIRMED: whether foreign holders carry neither identifier (they are typed `ukjent` then);
// whether `aksjer[].isinnummer` is always present (null when absent); whether the API publishes a
// year before the register opens for public insight in May (see latestPublishedYear).
import type { ToolContext } from '../../runtime/context.js';
import { z } from 'zod';
import { osloDate, osloYear } from '../../runtime/dates.js';
import { optNum, optStr, sourceRef } from '../../runtime/output.js';

export const UPSTREAM = 'skatteetaten-aksjonaer';
export const PATH = '/{rettighetspakke}/aksjonaerer/{orgnr}';
export const EARLIEST_YEAR = 2010;
const DOCS = 'https://skatteetaten.github.io/api-dokumentasjon/api/aksjonaerivirksomhet';
export const CREDENTIALS = ['MASKINPORTEN_CLIENT_ID', 'MASKINPORTEN_KEY', 'SKATTEETATEN_RETTIGHETSPAKKE'] as const;
/** The rettighetspakker the API accepts (docs/api/aksjonaerivirksomhet.md). */
export const RETTIGHETSPAKKER = ['finanstilsynetkontroll', 'fiskeridirektoratetkontroll', 'fiskeridirektoratetkontrollmanntall', 'kredittopplysning', 'offentligmedhjemmel'];

interface Aksjepost {
  isinnummer?: string;
  antallAksjer?: number;
  aksjeklasse?: string;
}

interface Aksjonaer {
  personidentifikator?: string;
  organisasjonsnummer?: string;
  navn?: string;
  foedselsaar?: string;
  landkode?: string;
  aksjer?: Aksjepost[];
}

/** The API's `Aksjeselskap` answer. */
export interface Aksjeselskap {
  identifikator: string;
  kalenderaar: string | number;
  totaltAntallAksjer?: number;
  aksjonaerer?: Aksjonaer[];
}

/**
 * The newest income year whose shareholdings are published. Skatteetaten opens the register for
 * insight in May after the income year (2022 opened on 15 May 2023, skatteetaten.no/deling/aksjonarregisteret),
 * so from 15 May (Oslo) the previous year, before it the year before that.
 */
export function latestPublishedYear(now: Date): number {
  const today = osloDate(now);
  const year = Number(today.slice(0, 4));
  const published = today.slice(5) >= '05-15';
  return published ? year - 1 : year - 2;
}

/** The calendar year in Norway: shareholdings exist for years that have ended. */
export function currentOsloYear(now: Date): number {
  return osloYear(now);
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function holderType(h: Aksjonaer): 'person' | 'virksomhet' | 'ukjent' {
  if (h.organisasjonsnummer) return 'virksomhet';
  if (h.personidentifikator || h.foedselsaar) return 'person';
  return 'ukjent';
}

/** What mapAksjeselskap answers (aksjonaer.beholdning and .latest). */
export const beholdningFields = {
  orgnr: z.string(),
  inntektsaar: z.number().int(),
  perDato: z.string(),
  totaltAntallAksjer: optNum(),
  antallAksjonaerer: z.number().int(),
  aksjonaerer: z.array(
    z.object({
      navn: optStr(),
      type: z.enum(['person', 'virksomhet', 'ukjent']),
      organisasjonsnummer: optStr(),
      foedselsaar: optNum(),
      landkode: optStr(),
      antallAksjer: z.number(),
      eierandelProsent: optNum(),
      aksjer: z.array(z.object({ isin: optStr(), aksjeklasse: optStr(), antallAksjer: z.number() })),
    }),
  ),
  kilde: sourceRef.extend({ api: z.string(), rettighetspakke: z.string() }),
};

export function mapAksjeselskap(a: Aksjeselskap, rettighetspakke: string) {
  const total = typeof a.totaltAntallAksjer === 'number' ? a.totaltAntallAksjer : null;
  const holders = (a.aksjonaerer ?? []).map((h) => {
    const aksjer = (h.aksjer ?? []).map((p) => ({ isin: p.isinnummer ?? null, aksjeklasse: p.aksjeklasse ?? null, antallAksjer: p.antallAksjer ?? 0 }));
    const antallAksjer = aksjer.reduce((sum, p) => sum + p.antallAksjer, 0);
    return {
      navn: h.navn ?? null,
      type: holderType(h),
      organisasjonsnummer: h.organisasjonsnummer ?? null,
      foedselsaar: h.foedselsaar ? Number(h.foedselsaar) : null,
      landkode: h.landkode ?? null,
      antallAksjer,
      eierandelProsent: total && total > 0 ? round((antallAksjer / total) * 100, 4) : null,
      aksjer,
    };
  });
  // A new array: the upstream answer itself is shared and frozen.
  const sorted = [...holders].sort((x, y) => y.antallAksjer - x.antallAksjer || (x.navn ?? '').localeCompare(y.navn ?? '', 'nb'));
  const year = Number(a.kalenderaar);
  return {
    orgnr: a.identifikator,
    inntektsaar: year,
    perDato: `${year}-12-31`,
    totaltAntallAksjer: total,
    antallAksjonaerer: sorted.length,
    aksjonaerer: sorted,
    // The one `{ register, url }` shape of a kilde; the API needs Maskinporten, so the url is its documentation.
    kilde: { register: 'Aksjonærregisteret (Skatteetaten)', url: DOCS, api: 'Aksjonær i virksomhet API v1', rettighetspakke },
  };
}

/** One call to the API; `year` undefined asks for the latest available year. */
export function fetchAksjeselskap(ctx: ToolContext, orgnr: string, year: number | undefined) {
  const rettighetspakke = ctx.env('SKATTEETATEN_RETTIGHETSPAKKE')!;
  return ctx.find<Aksjeselskap>(UPSTREAM, PATH, { params: { rettighetspakke, orgnr }, query: { kalenderaar: year } });
}
