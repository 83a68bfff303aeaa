// hpr.hpr.oppslag: one health professional by HPR number from Helsepersonellregisteret's public API
// (Norsk helsenett), and the mapping of its answer.
//
// Request: GET /v1/personer/{hprNummer} with a Maskinporten token for nhn:hpr/basic.
// Confirmed (checked again for issue 25): NHN's developer-portal page "Helsepersonellregisteret
// Offentlig API" (utviklerportal.nhn.no/…/hpr-offentlig-apimd) gives the host
// https://api.offentlig.hpr.nhn.no, Maskinporten, the scopes (basic: open data, free to any Norwegian
// organisation; extended/export: Helsedirektoratet's approval) and says the Swagger is deployed only
// in test (https://api.offentlig.test.hpr.nhn.no/swagger/index.html), which the look-up tools could
// not read. The extended scope's routes are confirmed by NAV's production clients
// (navikt/syfohelsenettproxy HprRestClient.kt, navikt tsm HprRestCloudClient.kt): GET
// /v1/personerutvidet/{hpr} and POST /v1/personerutvidet with {nin, atDate}.
// UNCONFIRMED: the basic scope's path /v1/personer/{hprNummer} (the basic twin of personerutvidet;
// no public client or document found shows it); the extended path is not used because it needs
// Helsedirektoratet's approval and answers identity numbers this tool must not pass on. NAV's
// models fix the answer:
//   { hprNummer, erstattetAvHprNummer?, person: { fornavn, mellomnavn, etternavn, … },
//     godkjenninger: [{ helsepersonellkategori, autorisasjon: Kode, periode: { fra, til },
//       godkjentTurnusDato?, rekvisisjonsretter[], spesialistgodkjenninger[], tilleggskompetanser[]
//       (each { type: Kode, periode, avsluttetStatus? }), vilkår[] ({ type }), avsluttetStatus?,
//       administrativeReaksjoner[] }], administrativeReaksjoner[], sistOppdatert, gjelderForDato }
//   Kode = { navn, verdi, kodeverk: { id, navn } }; a number not in the register is HTTP 404, and
//   errors are RFC 9457 problem details { type, title, status, detail, instance }.
// UNCONFIRMED: which person fields the basic scope leaves out (the extended scope adds the national
// identity number, `nin`). Whatever the answer holds, this tool never passes on `nin`, a birth date
// or a date of death: a professional is identified by name and HPR number.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { optStr, sourceRef } from '../../runtime/output.js';
import { quoted } from '../../runtime/validation.js';

export const UPSTREAM = 'nhn-hpr';
export const CREDENTIALS = ['MASKINPORTEN_CLIENT_ID', 'MASKINPORTEN_KEY'] as const;
export const SOURCE = { register: 'Helsepersonellregisteret (Helsedirektoratet)', url: 'https://register.helsedirektoratet.no/hpr' };

interface Kode {
  navn?: string | null;
  verdi?: string | null;
  kodeverk?: { id?: number | null; navn?: string | null } | null;
}
interface Periode {
  fra?: string | null;
  til?: string | null;
}
interface Tillegg {
  type?: Kode | null;
  periode?: Periode | null;
  avsluttetStatus?: Kode | null;
}
interface Godkjenning {
  helsepersonellkategori?: Kode | null;
  autorisasjon?: Kode | null;
  periode?: Periode | null;
  godkjentTurnusDato?: string | null;
  rekvisisjonsretter?: Tillegg[] | null;
  spesialistgodkjenninger?: Tillegg[] | null;
  tilleggskompetanser?: Tillegg[] | null;
  vilkår?: { type?: Kode | null }[] | null;
  avsluttetStatus?: Kode | null;
}
export interface Helseperson {
  hprNummer: number | string;
  erstattetAvHprNummer?: number | string | null;
  person?: { fornavn?: string | null; mellomnavn?: string | null; etternavn?: string | null } | null;
  godkjenninger?: Godkjenning[] | null;
  sistOppdatert?: string | null;
}

const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);
const kode = (k: Kode | null | undefined) => (k ? { kode: k.verdi ?? null, navn: k.navn ?? null } : null);
const tillegg = (t: Tillegg) => ({ ...(kode(t.type) ?? { kode: null, navn: null }), fra: day(t.periode?.fra), til: day(t.periode?.til), avsluttet: kode(t.avsluttetStatus) });

function mapGodkjenning(g: Godkjenning) {
  return {
    helsepersonellkategori: kode(g.helsepersonellkategori),
    autorisasjon: kode(g.autorisasjon),
    fra: day(g.periode?.fra),
    til: day(g.periode?.til),
    avsluttet: kode(g.avsluttetStatus),
    godkjentTurnusDato: day(g.godkjentTurnusDato),
    spesialiteter: (g.spesialistgodkjenninger ?? []).map(tillegg),
    tilleggskompetanser: (g.tilleggskompetanser ?? []).map(tillegg),
    rekvisisjonsretter: (g.rekvisisjonsretter ?? []).map(tillegg),
    vilkar: (g.vilkår ?? []).map((v) => kode(v.type)).filter((v) => v !== null),
  };
}

export function mapHelseperson(h: Helseperson) {
  const p = h.person ?? {};
  const navn = [p.fornavn, p.mellomnavn, p.etternavn].filter((x): x is string => typeof x === 'string' && x.trim() !== '').join(' ');
  return {
    hprNummer: String(h.hprNummer),
    navn: navn || null,
    fornavn: p.fornavn ?? null,
    mellomnavn: p.mellomnavn ?? null,
    etternavn: p.etternavn ?? null,
    erstattetAvHprNummer: h.erstattetAvHprNummer == null ? null : String(h.erstattetAvHprNummer),
    godkjenninger: (h.godkjenninger ?? []).map(mapGodkjenning),
    sistOppdatert: h.sistOppdatert ?? null,
    kilde: SOURCE,
  };
}

// Published once each under $defs: every code and every dated right has this shape.
const code = z.object({ kode: optStr(), navn: optStr() }).meta({ id: 'hprKode' });
const dated = z.object({ kode: optStr(), navn: optStr(), fra: optStr(), til: optStr(), avsluttet: code.nullable() }).meta({ id: 'hprTillegg' });

export const hprOppslag = defineTool({
  name: 'hpr.oppslag',
  title: 'Look up a health professional by HPR number',
  description:
    "One health professional in Helsepersonellregisteret (HPR, Helsedirektoratet's register of authorised health personnel in Norway) by HPR number (6-9 digits): name and every approval with its profession (helsepersonellkategori, e.g. LE lege), kind (autorisasjon, lisens), period, end status, specialities, additional competences, requisition rights and conditions. Use it to check that someone may practise. An unknown number answers not_found. Identity numbers and birth dates are never returned.",
  input: {
    hprNummer: z
      .string()
      .regex(/^\d{6,9}$/, { error: (iss) => `must be an HPR number of 6 to 9 digits (got ${quoted(iss.input)})` })
      .describe('HPR number (helsepersonellnummer), 6 to 9 digits, for example 100000001.'),
  },
  output: z.object({
    hprNummer: z.string(),
    navn: optStr(),
    fornavn: optStr(),
    mellomnavn: optStr(),
    etternavn: optStr(),
    erstattetAvHprNummer: optStr().describe('HPR number replacing this one.'),
    godkjenninger: z.array(
      z.object({
        helsepersonellkategori: code.nullable(),
        autorisasjon: code.nullable(),
        fra: optStr(),
        til: optStr(),
        avsluttet: code.nullable().describe('Why it ended; null while it stands.'),
        godkjentTurnusDato: optStr(),
        spesialiteter: z.array(dated),
        tilleggskompetanser: z.array(dated),
        rekvisisjonsretter: z.array(dated),
        vilkar: z.array(code),
      }),
    ),
    sistOppdatert: optStr(),
    kilde: sourceRef,
  }),
  credentials: CREDENTIALS,
  coverage: { geography: ['NO'], dataTypes: ['health-personnel', 'authorisation'], updateFrequency: 'daily' },
  cacheTtlSeconds: 6 * 3600,
  route: '/personer/:hprNummer',
  example: { hprNummer: '100000001' },
  run: async ({ hprNummer }, ctx) => {
    const person = await ctx.find<Helseperson>(UPSTREAM, '/v1/personer/{hprNummer}', { params: { hprNummer } });
    if (!person) throw fail.notFound(`Helsepersonellregisteret has no health professional with HPR number ${hprNummer}`);
    if (person.hprNummer == null) throw fail.upstream('Helsepersonellregisteret answered a person without an HPR number');
    return mapHelseperson(person);
  },
});
