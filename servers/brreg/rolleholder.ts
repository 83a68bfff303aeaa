// One mapping of a role holder from the roles answer of Enhetsregisteret
// (`GET /enhetsregisteret/api/enheter/{orgnr}/roller`, types in ../_shared/enhetsregisteret.ts,
// UPSTREAMS.md A1), as brreg.profil and brreg.konkurs.bostyrer answer it. A holder is a `person`, an
// `enhet`, or, for the trustee group BOBE, a `bostyrer{navn,postadresse,erDoed}`.
import { adresse, kode, type RollerPerson, type RollerRolle } from '../_shared/enhetsregisteret.js';

function personNavn(navn: RollerPerson['navn']): string | null {
  const parts = [navn?.fornavn, navn?.mellomnavn, navn?.etternavn].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** Who holds a role, whichever of `person`, `enhet` or `bostyrer` the register uses. */
export function rolleholder(r: RollerRolle) {
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
