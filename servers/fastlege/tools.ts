// fastleger.list and fastleger.kapasitet (request, mapping and facts relied on: avtaler.ts).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { kommunenummer } from '../../runtime/fields.js';
import { note, optNum, optStr, sourceRef } from '../../runtime/output.js';
import { HOUR, REGISTER, SEARCH_URL, coverage, searchAgreements } from './avtaler.js';

const kilde = { register: REGISTER, url: SEARCH_URL };
const BLOCKED = 'helsenorge.no refuses some server addresses; it then answers 503 upstream_blocked.';

export const fastlegerList = defineTool({
  name: 'fastleger.list',
  title: 'General practitioners (fastleger) of a Norwegian municipality',
  description:
    `The GP agreements (fastlegeavtaler) of the fastlege scheme that Helfo administers, as helsenorge.no publishes them: each doctor with office, address, phone, list ceiling (listetak), free places, patients on the list and whether the list is open. kommunenummer (4 digits) narrows to one municipality; without it the whole country is listed, which is long. An empty list means no agreement in that municipality. ${BLOCKED} For totals use fastleger.kapasitet.`,
  input: { kommunenummer: kommunenummer().optional() },
  output: z.object({
    kommunenummer: optStr(),
    count: z.number().int(),
    fastleger: z.array(
      z.object({
        lege: optStr(),
        legekontor: optStr(),
        adresse: optStr(),
        postnummer: optStr(),
        poststed: optStr(),
        telefon: optStr(),
        listetak: optNum(),
        ledigePlasser: optNum(),
        paListe: optNum().describe('Patients on the list: listetak less free places.'),
        apenListe: z.boolean().nullable().describe('Open to new patients.'),
      }),
    ),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['general-practitioner']),
  cacheTtlSeconds: HOUR,
  route: '/fastleger',
  example: { kommunenummer: '0301' },
  run: async ({ kommunenummer }, ctx) => {
    const fastleger = await searchAgreements(ctx, kommunenummer);
    return {
      kommunenummer: kommunenummer ?? null,
      count: fastleger.length,
      fastleger,
      ...(fastleger.length === 0 && { note: kommunenummer ? `helsenorge.no lists no fastlege agreement in municipality ${kommunenummer}.` : 'helsenorge.no lists no fastlege agreement.' }),
      kilde,
    };
  },
});

export const fastlegerKapasitet = defineTool({
  name: 'fastleger.kapasitet',
  title: 'GP capacity of a Norwegian municipality',
  description:
    `Totals of the fastlege lists of one municipality (kommunenummer, 4 digits, required) from the agreements helsenorge.no publishes for Helfo: antallFastleger, sumListetak (places), sumPaListe (patients on lists), sumLedigePlasser, antallApneLister and andelApneLister (percent of the GPs whose list is open), and antallMedListeinfo (GPs whose list size is published; the sums cover those). Use it for whether a municipality has room for new patients. A municipality with no agreement answers zeros. ${BLOCKED}`,
  input: { kommunenummer: kommunenummer() },
  output: z.object({
    kommunenummer: z.string(),
    antallFastleger: z.number().int(),
    sumListetak: z.number().int(),
    sumPaListe: z.number().int(),
    sumLedigePlasser: z.number().int(),
    antallApneLister: z.number().int(),
    andelApneLister: optNum().describe('Percent, one decimal; null without GPs.'),
    antallMedListeinfo: z.number().int(),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['general-practitioner', 'statistics']),
  cacheTtlSeconds: HOUR,
  route: '/fastleger/:kommunenummer/kapasitet',
  example: { kommunenummer: '0301' },
  run: async ({ kommunenummer }, ctx) => {
    const leger = await searchAgreements(ctx, kommunenummer);
    const withInfo = leger.filter((l) => l.listetak !== null && l.ledigePlasser !== null);
    const sum = (pick: (l: (typeof withInfo)[number]) => number) => withInfo.reduce((s, l) => s + pick(l), 0);
    const open = leger.filter((l) => l.apenListe === true).length;
    return {
      kommunenummer,
      antallFastleger: leger.length,
      sumListetak: sum((l) => l.listetak!),
      sumPaListe: sum((l) => l.paListe!),
      sumLedigePlasser: sum((l) => Math.max(0, l.ledigePlasser!)),
      antallApneLister: open,
      andelApneLister: leger.length ? Math.round((1000 * open) / leger.length) / 10 : null,
      antallMedListeinfo: withInfo.length,
      ...(leger.length === 0 && { note: `helsenorge.no lists no fastlege agreement in municipality ${kommunenummer}.` }),
      kilde,
    };
  },
});
