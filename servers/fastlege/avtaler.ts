// Helsenorge's public search of fastlege agreements (AvtaleSokPublic) and its mapping.
//
// Follows: the request and answer as Helsenorge's own "Bytte fastlege" page sends and reads them,
// seen in public clients of it (POST /proxy/fastlegeinternal/api/v1/AvtaleSokPublic with
// {Kommuner, Bydeler, LegekontorNavn, LegeNavn}; answer {Resultater: {Resultater: [{Fastlege:
// {Fornavn, Etternavn}, Legekontor: {Navn, Adresse, Postnr, Poststed, Telefon}, AntallPlasser,
// LedigePlasser, Valgbar}]}}). Helfo publishes no documented API for the lists.
// UNCONFIRMED: that AntallPlasser is the list ceiling (listetak) and LedigePlasser the free places
// on it, so that the patients on the list are their difference; that Valgbar marks a list open to
// new patients; what Kommuner null answers (read as: no municipality filter); how the service
// refuses addresses it blocks (a 403, which the upstream layer reports as 503 upstream_blocked).
import type { Coverage } from '../../runtime/define.js';
import type { ToolContext } from '../../runtime/context.js';

export const UPSTREAM = 'helsenorge-fastlege';
export const REGISTER = 'Fastlegeordningen (Helfo, via helsenorge.no)';
export const SEARCH_URL = 'https://tjenester.helsenorge.no/bytte-fastlege';
export const HOUR = 3600;

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency: 'daily' });

interface Avtale {
  Fastlege?: { Fornavn?: string | null; Etternavn?: string | null } | null;
  Legekontor?: { Navn?: string | null; Adresse?: string | null; Postnr?: string | null; Poststed?: string | null; Telefon?: string | null } | null;
  AntallPlasser?: number | null;
  LedigePlasser?: number | null;
  Valgbar?: boolean | null;
}

interface SokSvar {
  Resultater?: { Resultater?: Avtale[] | null } | null;
}

const clean = (v: string | null | undefined) => {
  const s = (v ?? '').toString().trim();
  return s === '' ? null : s;
};
const num = (v: number | null | undefined) => (typeof v === 'number' ? v : null);

export function mapAvtale(a: Avtale) {
  const lege = a.Fastlege;
  const kontor = a.Legekontor;
  const listetak = num(a.AntallPlasser);
  const ledige = num(a.LedigePlasser);
  return {
    lege: [clean(lege?.Fornavn), clean(lege?.Etternavn)].filter(Boolean).join(' ') || null,
    legekontor: clean(kontor?.Navn),
    adresse: clean(kontor?.Adresse),
    postnummer: clean(kontor?.Postnr),
    poststed: clean(kontor?.Poststed),
    telefon: clean(kontor?.Telefon),
    listetak,
    ledigePlasser: ledige,
    paListe: listetak !== null && ledige !== null ? Math.max(0, listetak - ledige) : null,
    apenListe: typeof a.Valgbar === 'boolean' ? a.Valgbar : ledige !== null ? ledige > 0 : null,
  };
}

export type Fastlege = ReturnType<typeof mapAvtale>;

/** The agreements of one municipality, or of the whole country without one. */
export async function searchAgreements(ctx: ToolContext, kommunenummer: string | undefined): Promise<Fastlege[]> {
  const res = await ctx.request<SokSvar>({
    upstream: UPSTREAM,
    method: 'POST',
    path: '/AvtaleSokPublic',
    body: { Kommuner: kommunenummer ? [kommunenummer] : null, Bydeler: null, LegekontorNavn: null, LegeNavn: null },
    idempotent: true,
  });
  return (res.data?.Resultater?.Resultater ?? []).map(mapAvtale);
}
