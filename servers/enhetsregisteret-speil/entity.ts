// entity.lookup: one unit of Enhetsregisteret (a legal entity, or else a sub-unit) by number.
//
// Follows: the Enhetsregisteret API docs (https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html;
// UPSTREAMS.md A1): GET /enhetsregisteret/api/enheter/{orgnr} and /underenheter/{orgnr}; 404 for an
// unknown number, 410 for one removed for legal reasons (both "not there" here); a deleted unit
// answers 200 with `slettedato`.
// UNCONFIRMED: the contact fields `epostadresse` and `mobil` (read when present; `telefon` and
// `hjemmeside` are in recorded answers).
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { orgnr } from '../../runtime/fields.js';

const ENHET_PATH = '/enhetsregisteret/api/enheter/{orgnr}';
const UNDERENHET_PATH = '/enhetsregisteret/api/underenheter/{orgnr}';

interface Kode {
  kode: string;
  beskrivelse?: string;
}

interface Adresse {
  adresse?: string[];
  postnummer?: string;
  poststed?: string;
  kommune?: string;
  kommunenummer?: string;
  land?: string;
  landkode?: string;
}

interface Unit {
  organisasjonsnummer: string;
  navn: string;
  organisasjonsform?: Kode;
  naeringskode1?: Kode;
  forretningsadresse?: Adresse;
  beliggenhetsadresse?: Adresse;
  postadresse?: Adresse;
  telefon?: string;
  mobil?: string;
  epostadresse?: string;
  hjemmeside?: string;
  overordnetEnhet?: string;
  registreringsdatoEnhetsregisteret?: string;
  stiftelsesdato?: string;
  oppstartsdato?: string;
  nedleggelsesdato?: string;
  slettedato?: string;
  konkurs?: boolean;
  konkursdato?: string;
  underAvvikling?: boolean;
  underTvangsavviklingEllerTvangsopplosning?: boolean;
}

function adresse(a: Adresse | undefined) {
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

/** One status word; deletion outranks bankruptcy, which outranks winding-up. */
function status(u: Unit, enhetstype: 'enhet' | 'underenhet'): string {
  if (u.slettedato) return 'slettet';
  if (enhetstype === 'underenhet') return u.nedleggelsesdato ? 'nedlagt' : 'aktiv';
  if (u.konkurs) return 'konkurs';
  if (u.underTvangsavviklingEllerTvangsopplosning) return 'under_tvangsavvikling';
  if (u.underAvvikling) return 'under_avvikling';
  return 'aktiv';
}

function mapUnit(u: Unit, enhetstype: 'enhet' | 'underenhet') {
  const register = enhetstype === 'enhet' ? 'enheter' : 'underenheter';
  return {
    orgNummer: u.organisasjonsnummer,
    navn: u.navn,
    enhetstype,
    organisasjonsform: u.organisasjonsform ? { kode: u.organisasjonsform.kode, beskrivelse: u.organisasjonsform.beskrivelse ?? null } : null,
    status: status(u, enhetstype),
    adresse: {
      // A legal entity has a business address; a sub-unit has the address where it operates.
      forretningsadresse: adresse(enhetstype === 'enhet' ? u.forretningsadresse : u.beliggenhetsadresse),
      postadresse: adresse(u.postadresse),
    },
    kontakt: {
      telefon: u.telefon ?? null,
      mobil: u.mobil ?? null,
      epost: u.epostadresse ?? null,
      hjemmeside: u.hjemmeside ?? null,
    },
    naeringskode: u.naeringskode1 ? { kode: u.naeringskode1.kode, beskrivelse: u.naeringskode1.beskrivelse ?? null } : null,
    overordnetEnhet: u.overordnetEnhet ?? null,
    datoer: {
      registrert: u.registreringsdatoEnhetsregisteret ?? null,
      stiftet: u.stiftelsesdato ?? null,
      oppstart: u.oppstartsdato ?? null,
      nedlagt: u.nedleggelsesdato ?? null,
      konkurs: u.konkursdato ?? null,
      slettet: u.slettedato ?? null,
    },
    kilde: { register: 'Enhetsregisteret', url: `https://data.brreg.no/enhetsregisteret/api/${register}/${u.organisasjonsnummer}` },
  };
}

export const entityLookup = defineTool({
  name: 'entity.lookup',
  title: 'Look up a unit in Enhetsregisteret',
  description:
    'One unit of the Norwegian Entity Register (Enhetsregisteret) by organisation number: name, organisation form, status (aktiv, konkurs, under_avvikling, under_tvangsavvikling, slettet; nedlagt for a closed sub-unit), business and postal address, contact details (phone, mobile, e-mail, website where registered), main industry code and key dates. ' +
    'A legal entity is looked up first, then a sub-unit (underenhet, e.g. a branch) with that number; enhetstype says which. A number in neither answers not_found. Contact fields the register does not hold are null.',
  input: { orgNummer: orgnr() },
  coverage: { geography: ['NO'], dataTypes: ['company', 'legal-entity', 'sub-unit'], updateFrequency: 'daily' },
  cacheTtlSeconds: 86_400,
  route: '/entities/:orgNummer',
  example: { orgNummer: '984661185' },
  run: async ({ orgNummer }, ctx) => {
    const enhet = await ctx.find<Unit>('brreg', ENHET_PATH, { params: { orgnr: orgNummer } });
    if (enhet) return mapUnit(enhet, 'enhet');
    const underenhet = await ctx.find<Unit>('brreg', UNDERENHET_PATH, { params: { orgnr: orgNummer } });
    if (underenhet) return mapUnit(underenhet, 'underenhet');
    throw fail.notFound(`${orgNummer} is neither a legal entity nor a sub-unit in Enhetsregisteret.`, { detailCode: 'ORG_NOT_FOUND' });
  },
});
