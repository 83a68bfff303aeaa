// One mapping of a role holder from the roles answer of Enhetsregisteret
// (`GET /enhetsregisteret/api/enheter/{orgnr}/roller`, types in ../_shared/enhetsregisteret.ts,
// UPSTREAMS.md A1), as brreg.profil and brreg.konkurs.bostyrer answer it. A holder is a `person`, an
// `enhet`, or, for the trustee group BOBE, a `bostyrer{navn,postadresse,erDoed}`.
import { adresse, kode, type Kode, type RollerPerson, type RollerRolle } from '../_shared/enhetsregisteret.js';

// Tool-server spec 4.1 names the role codes DAGL, STYR, LEDE, PROKURA, REVISOR, DTSO; the register
// writes two of them PROK and REVI (UPSTREAMS.md A1, role codes). Answers give the spec's name and
// the register's code side by side; any other code is the same in both.
const SPEC_ROLE_NAMES: Readonly<Record<string, string>> = { PROK: 'PROKURA', REVI: 'REVISOR' };

/** The spec's name of a role or role-group code of the register. */
export const specRoleName = (registerCode: string): string => SPEC_ROLE_NAMES[registerCode] ?? registerCode;

/** A role or role-group code: `kode` as the spec names it, `registerKode` as the register writes it. */
export const rolleKode = (k: Kode) => ({ kode: specRoleName(k.kode), registerKode: k.kode, beskrivelse: k.beskrivelse });

function personNavn(navn: RollerPerson['navn']): string | null {
  const parts = [navn?.fornavn, navn?.mellomnavn, navn?.etternavn].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** Who holds a role, whichever of `person`, `enhet` or `bostyrer` the register uses. */
export function rolleholder(r: RollerRolle) {
  const base = {
    rolle: rolleKode(r.type),
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
