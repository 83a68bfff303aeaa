// kjoretoy.oppslag: Statens vegvesen's vehicle lookup, GET /enkeltoppslag/kjoretoydata?kjennemerke=
// with the header SVV-Authorization: Apikey <key> (UPSTREAMS.md B6). The answer is
// {kjoretoydataListe:[{kjoretoyId:{kjennemerke, understellsnummer}, forstegangsregistrering,
// registrering:{registreringsstatus}, godkjenning:{tekniskGodkjenning:{kjoretoyklassifisering,
// tekniskeData:{generelt, motorOgDrivverk, karosseriOgLasteplan, vekter, persontall, dimensjoner,
// miljodata}}}, periodiskKjoretoyKontroll}]}, as in a real record published in
// zahaibalig/VehicleInfo data.js; an unknown plate answers 204 or 404.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { coverage } from './common.js';
import { quoted } from '../../runtime/validation.js';

interface Code {
  kodeVerdi?: string;
  kodeNavn?: string;
  kodeBeskrivelse?: string;
}

interface Vehicle {
  kjoretoyId?: { kjennemerke?: string; understellsnummer?: string };
  forstegangsregistrering?: { registrertForstegangNorgeDato?: string };
  registrering?: { registreringsstatus?: Code };
  godkjenning?: {
    tekniskGodkjenning?: {
      kjoretoyklassifisering?: { beskrivelse?: string };
      tekniskeData?: {
        generelt?: { merke?: { merke?: string }[]; handelsbetegnelse?: string[]; tekniskKode?: Code };
        karosseriOgLasteplan?: { karosseritype?: Code; rFarge?: Code[] };
        motorOgDrivverk?: { girkassetype?: Code; motor?: { drivstoff?: { drivstoffKode?: Code; maksEffektPrTime?: number }[] }[] };
        miljodata?: { euroKlasse?: Code };
        persontall?: { sitteplasserTotalt?: number };
        vekter?: { egenvekt?: number; tillattTotalvekt?: number };
        dimensjoner?: { lengde?: number; bredde?: number; hoyde?: number };
      };
    };
  };
  periodiskKjoretoyKontroll?: { kontrollfrist?: string; sistGodkjent?: string };
}

const REGNR = /^\s*[A-Za-z]{2}(\s*\d){5}\s*$/;

/** `ek 390 85` → `EK39085`: the plate as the lookup takes it. */
export const normaliseRegnr = (regnr: string) => regnr.replace(/\s+/g, '').toUpperCase();

const name = (c: Code | undefined) => c?.kodeNavn ?? c?.kodeBeskrivelse ?? c?.kodeVerdi ?? null;

const oppslagOutput = z.object({
  regnr: z.string(),
  kjennemerke: z.string().nullable(),
  understellsnummer: z.string().nullable(),
  merke: z.string().nullable(),
  modell: z.string().nullable(),
  kjoretoygruppe: z.string().nullable(),
  karosseri: z.string().nullable(),
  farge: z.string().nullable(),
  drivstoff: z.array(z.string()),
  effektKw: z.number().nullable(),
  girkasse: z.string().nullable(),
  euroklasse: z.string().nullable(),
  sitteplasser: z.number().nullable(),
  egenvektKg: z.number().nullable(),
  tillattTotalvektKg: z.number().nullable(),
  lengdeMm: z.number().nullable(),
  forstegangsregistrert: z.string().nullable().describe('First registration in Norway.'),
  registreringsstatus: z.string().nullable(),
  euKontroll: z.object({ sistGodkjent: z.string().nullable(), kontrollfrist: z.string().nullable() }).describe('Periodic roadworthiness test (EU-kontroll).'),
});

export const kjoretoyOppslag = defineTool({
  name: 'kjoretoy.oppslag',
  title: 'Look up a Norwegian vehicle by registration number',
  description:
    "Technical data of a vehicle registered in Norway, from Statens vegvesen's vehicle register, by registration number (2 letters and 5 digits, e.g. EK 39085; spaces optional): make, model, vehicle group, body, colour, fuel, power (kW), gearbox, Euro class, seats, weights, length, first registration in Norway, registration status, and the last and next periodic roadworthiness test (EU-kontroll). " +
    'No owner data. A plate that is not registered answers not_found. Needs SVV_API_KEY.',
  input: {
    regnr: z
      .string()
      .regex(REGNR, { error: (iss) => `must be a Norwegian registration number of 2 letters and 5 digits, spaces allowed, e.g. EK 39085 (got ${quoted(iss.input)})` })
      .describe('Registration number: 2 letters and 5 digits, e.g. EK39085 or EK 39085.'),
  },
  output: oppslagOutput,
  credentials: ['SVV_API_KEY'],
  coverage: coverage(['vehicle', 'vehicle-registration'], 'daily'),
  cacheTtlSeconds: 3600,
  route: '/kjoretoy/:regnr',
  example: { regnr: 'EK 39085' },
  run: async ({ regnr }, ctx) => {
    const plate = normaliseRegnr(regnr);
    const answer = await ctx.find<{ kjoretoydataListe?: Vehicle[] | null }>('vegvesen-kjoretoy', '/enkeltoppslag/kjoretoydata', { query: { kjennemerke: plate } });
    const v = answer?.kjoretoydataListe?.[0];
    if (!v) throw fail.notFound(`No vehicle with registration number ${plate} is in Statens vegvesen's register.`);
    const teknisk = v.godkjenning?.tekniskGodkjenning;
    const data = teknisk?.tekniskeData;
    const drivstoff = (data?.motorOgDrivverk?.motor ?? []).flatMap((m) => m.drivstoff ?? []);
    const effekt = drivstoff.map((d) => d.maksEffektPrTime).filter((x): x is number => typeof x === 'number');
    return {
      regnr: plate,
      kjennemerke: v.kjoretoyId?.kjennemerke ?? null,
      understellsnummer: v.kjoretoyId?.understellsnummer ?? null,
      merke: data?.generelt?.merke?.[0]?.merke ?? null,
      modell: data?.generelt?.handelsbetegnelse?.[0] ?? null,
      kjoretoygruppe: teknisk?.kjoretoyklassifisering?.beskrivelse ?? name(data?.generelt?.tekniskKode),
      karosseri: name(data?.karosseriOgLasteplan?.karosseritype),
      farge: name(data?.karosseriOgLasteplan?.rFarge?.[0]),
      drivstoff: [...new Set(drivstoff.map((d) => name(d.drivstoffKode)).filter((x): x is string => x !== null))],
      effektKw: effekt.length ? Math.max(...effekt) : null,
      girkasse: name(data?.motorOgDrivverk?.girkassetype),
      euroklasse: name(data?.miljodata?.euroKlasse),
      sitteplasser: data?.persontall?.sitteplasserTotalt ?? null,
      egenvektKg: data?.vekter?.egenvekt ?? null,
      tillattTotalvektKg: data?.vekter?.tillattTotalvekt ?? null,
      lengdeMm: data?.dimensjoner?.lengde ?? null,
      forstegangsregistrert: v.forstegangsregistrering?.registrertForstegangNorgeDato ?? null,
      registreringsstatus: name(v.registrering?.registreringsstatus),
      euKontroll: { sistGodkjent: v.periodiskKjoretoyKontroll?.sistGodkjent ?? null, kontrollfrist: v.periodiskKjoretoyKontroll?.kontrollfrist ?? null },
    };
  },
});
