// The roles answer of Enhetsregisteret (`GET /enhetsregisteret/api/enheter/{orgnr}/roller`) as
// brreg.profil and brreg.konkurs.bostyrer read it, and one mapping of a role holder.
// Shape: UPSTREAMS.md A1 (python-brreg `_responses.py`; live captures ikkeseb/brreg-snap
// tests/fixtures/brreg/roller-*.json). A holder is a `person`, an `enhet`, or, for the trustee
// group BOBE in the capture roller-915330193-konkurs.json, a `bostyrer{navn,postadresse,erDoed}`.
import { adresse, kode } from './common.js';
import type { Adresse, Kode } from './shapes.js';

export interface Rolle {
  type: Kode;
  person?: { fodselsdato?: string; navn?: { fornavn?: string; mellomnavn?: string; etternavn?: string }; erDoed?: boolean };
  enhet?: { organisasjonsnummer: string; organisasjonsform?: Kode; navn?: string[]; erSlettet?: boolean };
  bostyrer?: { navn?: string; postadresse?: Adresse; erDoed?: boolean };
  valgtAv?: Kode;
  avregistrert?: boolean;
  fratraadt?: boolean;
  rekkefolge?: number;
}

export interface Rollegruppe {
  type: Kode;
  sistEndret?: string;
  roller?: Rolle[];
}

export interface RollerSvar {
  rollegrupper?: Rollegruppe[];
}

function personNavn(navn: NonNullable<Rolle['person']>['navn']): string | null {
  const parts = [navn?.fornavn, navn?.mellomnavn, navn?.etternavn].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** Who holds a role, whichever of `person`, `enhet` or `bostyrer` the register uses. */
export function rolleholder(r: Rolle) {
  const base = {
    rolle: kode(r.type),
    valgtAv: kode(r.valgtAv),
    fratraadt: r.fratraadt ?? false,
    avregistrert: r.avregistrert ?? false,
  };
  if (r.person) {
    return { ...base, holder: 'person' as const, navn: personNavn(r.person.navn), fodselsdato: r.person.fodselsdato ?? null, orgnr: null, erDoed: r.person.erDoed ?? false, postadresse: null };
  }
  if (r.enhet) {
    return { ...base, holder: 'enhet' as const, navn: (r.enhet.navn ?? []).join(' ') || null, fodselsdato: null, orgnr: r.enhet.organisasjonsnummer, erDoed: false, postadresse: null };
  }
  if (r.bostyrer) {
    return { ...base, holder: 'bostyrer' as const, navn: r.bostyrer.navn ?? null, fodselsdato: null, orgnr: null, erDoed: r.bostyrer.erDoed ?? false, postadresse: adresse(r.bostyrer.postadresse) };
  }
  return { ...base, holder: 'ukjent' as const, navn: null, fodselsdato: null, orgnr: null, erDoed: false, postadresse: null };
}
