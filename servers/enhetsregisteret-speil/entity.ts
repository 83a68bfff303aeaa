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
import { z } from 'zod';
import { address, optStr, sourceRef } from '../../runtime/output.js';
import { adresse, enhetUrl, registerstatus, underenhetUrl, underenhetstatus, type Enhet } from '../_shared/enhetsregisteret.js';

const ENHET_PATH = '/enhetsregisteret/api/enheter/{orgnr}';
const UNDERENHET_PATH = '/enhetsregisteret/api/underenheter/{orgnr}';

/** One status word; deletion outranks bankruptcy, which outranks winding-up (a sub-unit is only nedlagt or aktiv). */
const status = (u: Enhet, enhetstype: 'enhet' | 'underenhet'): string => (enhetstype === 'underenhet' ? underenhetstatus(u) : registerstatus(u));

/** A code; its wording is null where the register leaves it out. */
const code = z.object({ kode: z.string(), beskrivelse: optStr() });

function mapUnit(u: Enhet, enhetstype: 'enhet' | 'underenhet') {
  return {
    orgNummer: u.organisasjonsnummer,
    navn: u.navn,
    enhetstype,
    // Codes map here with beskrivelse null when the register leaves it out.
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
    kilde: { register: 'Enhetsregisteret', url: (enhetstype === 'enhet' ? enhetUrl : underenhetUrl)(u.organisasjonsnummer) },
  };
}

export const entityLookup = defineTool({
  name: 'entity.lookup',
  title: 'Look up a unit in Enhetsregisteret',
  description:
    'One unit of the Norwegian Entity Register (Enhetsregisteret) by organisation number: name, organisation form, status (aktiv, konkurs, under_avvikling, under_tvangsavvikling, slettet; nedlagt for a closed sub-unit), business and postal address, contact details (phone, mobile, e-mail, website where registered), main industry code and key dates. ' +
    'A legal entity is looked up first, then a sub-unit (underenhet, e.g. a branch) with that number; enhetstype says which. A number in neither answers not_found. Contact fields the register does not hold are null.',
  input: { orgNummer: orgnr() },
  output: z.object({
    orgNummer: z.string(),
    navn: z.string(),
    enhetstype: z.enum(['enhet', 'underenhet']),
    organisasjonsform: code.nullable(),
    status: z.enum(['aktiv', 'konkurs', 'under_avvikling', 'under_tvangsavvikling', 'slettet', 'nedlagt']),
    adresse: z.object({ forretningsadresse: address.nullable().describe("A sub-unit's location address."), postadresse: address.nullable() }),
    kontakt: z.object({ telefon: optStr(), mobil: optStr(), epost: optStr(), hjemmeside: optStr() }),
    naeringskode: code.nullable(),
    overordnetEnhet: optStr(),
    datoer: z.object({ registrert: optStr(), stiftet: optStr(), oppstart: optStr(), nedlagt: optStr(), konkurs: optStr(), slettet: optStr() }),
    kilde: sourceRef,
  }),
  coverage: { geography: ['NO'], dataTypes: ['company', 'legal-entity', 'sub-unit'], updateFrequency: 'daily' },
  cacheTtlSeconds: 86_400,
  route: '/entities/:orgNummer',
  example: { orgNummer: '984661185' },
  run: async ({ orgNummer }, ctx) => {
    const enhet = await ctx.find<Enhet>('brreg', ENHET_PATH, { params: { orgnr: orgNummer } });
    if (enhet) return mapUnit(enhet, 'enhet');
    const underenhet = await ctx.find<Enhet>('brreg', UNDERENHET_PATH, { params: { orgnr: orgNummer } });
    if (underenhet) return mapUnit(underenhet, 'underenhet');
    throw fail.notFound(`${orgNummer} is neither a legal entity nor a sub-unit in Enhetsregisteret.`, { detailCode: 'ORG_NOT_FOUND' });
  },
});
