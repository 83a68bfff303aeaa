// org_forms: the organisation form codes of Enhetsregisteret.
//
// Decision: a static catalogue, as the spec calls it (4.2: "Static catalogue of organisation form
// codes"): the forms change only when the law does, so the tool answers from this table without an
// upstream call. The table is Enhetsregisteret's own list, GET /enhetsregisteret/api/organisasjonsformer
// (UPSTREAMS.md A1 upstream `brreg`), with the register's descriptions; which forms are sub-unit forms
// (BEDR, AAFY) follows the register's split into /organisasjonsformer/enheter and /underenheter.
// The codes and descriptions are as a peer copied them from that endpoint (file id 19937442556).
// UNCONFIRMED: that the register has added or retired no form since that copy.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { sourceRef } from '../../runtime/output.js';

const FORMS: readonly (readonly [string, string])[] = [
  ['AAFY', 'Underenhet til ikke-næringsdrivende'],
  ['ADOS', 'Administrativ enhet - offentlig sektor'],
  ['ANNA', 'Annen juridisk person'],
  ['ANS', 'Ansvarlig selskap med solidarisk ansvar'],
  ['AS', 'Aksjeselskap'],
  ['ASA', 'Allmennaksjeselskap'],
  ['BA', 'Selskap med begrenset ansvar'],
  ['BBL', 'Boligbyggelag'],
  ['BEDR', 'Underenhet til næringsdrivende og offentlig forvaltning'],
  ['BO', 'Andre bo'],
  ['BRL', 'Borettslag'],
  ['DA', 'Ansvarlig selskap med delt ansvar'],
  ['ENK', 'Enkeltpersonforetak'],
  ['EOFG', 'Europeisk økonomisk foretaksgruppe'],
  ['ESEK', 'Eierseksjonssameie'],
  ['FKF', 'Fylkeskommunalt foretak'],
  ['FLI', 'Forening/lag/innretning'],
  ['FYLK', 'Fylkeskommune'],
  ['GFS', 'Gjensidig forsikringsselskap'],
  ['IKJP', 'Andre ikke-juridiske personer'],
  ['IKS', 'Interkommunalt selskap'],
  ['KBO', 'Konkursbo'],
  ['KF', 'Kommunalt foretak'],
  ['KIRK', 'Den norske kirke'],
  ['KOMM', 'Kommune'],
  ['KS', 'Kommandittselskap'],
  ['KTRF', 'Kontorfellesskap'],
  ['NUF', 'Norskregistrert utenlandsk foretak'],
  ['OPMV', 'Særskilt oppdelt enhet, jf. mval. § 2-2'],
  ['ORGL', 'Organisasjonsledd'],
  ['PERS', 'Andre enkeltpersoner som registreres i tilknyttet register'],
  ['PK', 'Pensjonskasse'],
  ['PRE', 'Partrederi'],
  ['SA', 'Samvirkeforetak'],
  ['SAM', 'Tingsrettslig sameie'],
  ['SE', 'Europeisk selskap'],
  ['SF', 'Statsforetak'],
  ['SPA', 'Sparebank'],
  ['STAT', 'Staten'],
  ['STI', 'Stiftelse'],
  ['SÆR', 'Annet foretak iflg. særskilt lov'],
  ['TVAM', 'Tvangsregistrert for MVA'],
  ['UTLA', 'Utenlandsk enhet'],
  ['VPFO', 'Verdipapirfond'],
];

const SUB_UNIT_FORMS = new Set(['AAFY', 'BEDR']);

export const orgForms = defineTool({
  name: 'org_forms',
  title: 'Organisation form codes of Enhetsregisteret',
  description:
    'The organisation form codes of the Norwegian Entity Register (Enhetsregisteret) with their descriptions, e.g. AS Aksjeselskap, ASA Allmennaksjeselskap, ENK Enkeltpersonforetak, NUF Norskregistrert utenlandsk foretak, and whether each applies to legal entities or to sub-units (BEDR, AAFY). ' +
    'A static catalogue taken from the register, so it answers without calling the register. Use a code as the organisasjonsform filter of register searches, or to read the form in an entity.lookup answer. No parameters.',
  input: {},
  output: z.object({
    count: z.number().int(),
    organisasjonsformer: z.array(z.object({ kode: z.string(), beskrivelse: z.string(), gjelder: z.enum(['enhet', 'underenhet']) })),
    kilde: sourceRef,
  }),
  coverage: { geography: ['NO'], dataTypes: ['classification', 'organisation-form'], updateFrequency: 'static' },
  cacheTtlSeconds: 86_400,
  route: '/org-forms',
  example: {},
  run: async () => ({
    count: FORMS.length,
    organisasjonsformer: FORMS.map(([kode, beskrivelse]) => ({ kode, beskrivelse, gjelder: SUB_UNIT_FORMS.has(kode) ? 'underenhet' : 'enhet' })),
    kilde: {
      register: 'Enhetsregisteret (static catalogue)',
      url: 'https://data.brreg.no/enhetsregisteret/api/organisasjonsformer',
    },
  }),
});
