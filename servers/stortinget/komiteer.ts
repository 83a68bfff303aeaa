// stortinget.komiteer.liste and stortinget.komite.medlemmer: Stortinget's committees of a session,
// and the members of one (requests and shapes: export.ts).
//
// Members: the export lists a committee's members in one place only, dagensrepresentanter, where
// each representative sitting today carries komiteer_liste, the committees of the current session.
// komite.medlemmer reads that list. No endpoint giving the members of a past session's committee
// was found (komiteer gives only id and name). A past membership is in each person's coded
// biography, GET /eksport/kodetbiografi?personid= (person_biografi_stortingsverv_kodet: komite_kode,
// fra_dato, til_dato, stortingsperiode_id; read so by martigso/stortingscrape R/get_mp_bio.R, a
// client of the whole export that has no per-committee call either): one request per person of the
// period, a few hundred with substitutes, so this tool does not rebuild it. A sesjonId other than
// the current session is refused, naming it and that source (issue 25 item 13).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { note, sourceRef } from '../../runtime/output.js';
import {
  HOUR,
  coverage,
  exportGet,
  idNavn,
  idNavnOutput,
  kilde,
  sesjonId,
  sessionOrCurrent,
  currentSession,
  type ExportRepresentant,
  type IdNavn,
} from './export.js';

interface KomiteerAnswer {
  sesjon_id?: string | null;
  komiteer_liste: IdNavn[];
}

interface DagensAnswer {
  dagensrepresentanter_liste: ExportRepresentant[];
}

const sesjonField = sesjonId('Session id, for example 2024-2025 (1994-95 before 2000); absent or empty: the current session.');

export const komiteerListe = defineTool({
  name: 'komiteer.liste',
  title: 'Committees of the Storting in a session',
  description:
    "The committees (komiteer) of Norway's parliament, Stortinget, in one session: each committee's id (such as FINANS or ARBSOS, used by stortinget.komite.medlemmer) and name. Standing committees, the enlarged foreign affairs committee, the election committee and any special committee of that session. sesjonId absent or empty asks for the current session. An empty list means Stortinget's export lists no committee for that session (sessions before 1986-87 are not in the export). Source: Stortinget (data.stortinget.no), NLOD.",
  input: { sesjonId: sesjonField },
  output: z.object({ sesjonId: z.string(), count: z.number().int(), komiteer: z.array(idNavnOutput), note, kilde: sourceRef }),
  coverage: coverage(['parliament-committee'], 'weekly'),
  cacheTtlSeconds: 6 * HOUR,
  route: '/komiteer',
  example: {},
  run: async (input, ctx) => {
    const sesjon = await sessionOrCurrent(ctx, input.sesjonId);
    const answer = await exportGet<KomiteerAnswer>(ctx, '/komiteer', { sesjonid: sesjon });
    const komiteer = answer.komiteer_liste.map((k) => idNavn(k)!);
    return {
      sesjonId: answer.sesjon_id ?? sesjon,
      count: komiteer.length,
      komiteer,
      ...(komiteer.length === 0 && { note: `Stortinget's export lists no committee for the session ${sesjon}.` }),
      kilde: kilde('/komiteer', { sesjonid: sesjon }),
    };
  },
});

const memberOutput = z.object({
  id: z.string(),
  fornavn: z.string().nullable(),
  etternavn: z.string().nullable(),
  parti: idNavnOutput.nullable(),
  fylke: idNavnOutput.nullable(),
  fastVaraFor: z.string().nullable().describe('Whom a permanent substitute sits for (person id).'),
});

export const komiteMedlemmer = defineTool({
  name: 'komite.medlemmer',
  title: 'Members of a Storting committee',
  description:
    "The members of one committee of Stortinget (Norway's parliament), current session only, as of today: the representatives sitting today whose committees include it (substitutes sitting today included), with person id (for stortinget.representant.hent), name, party, constituency and, for a permanent substitute, whom they sit for; members who have left or are on leave today are not listed. sesjonId may be left out or be the current session; any other session is refused (invalid_input naming sesjonId): Stortinget's export keeps past membership only in each person's biography (kodetbiografi), one request per person. komiteId is a committee id such as FINANS (stortinget.komiteer.liste); an unknown id answers not_found. Source: Stortinget (data.stortinget.no), NLOD.",
  input: {
    komiteId: z.string().min(1).describe('Committee id, for example FINANS; case-insensitive.'),
    sesjonId: sesjonId('Absent, empty or the current session id (2024-2025 form); others are refused.'),
  },
  output: z.object({ sesjonId: z.string(), komite: idNavnOutput, count: z.number().int(), medlemmer: z.array(memberOutput), note, kilde: sourceRef }),
  coverage: coverage(['parliament-committee', 'parliament-member']),
  cacheTtlSeconds: HOUR,
  route: '/komiteer/:komiteId/medlemmer',
  example: { komiteId: 'FINANS' },
  run: async ({ komiteId, sesjonId: asked }, ctx) => {
    const current = await currentSession(ctx);
    if (asked && asked !== current) {
      throw fail.invalidInput(
        `sesjonId: Stortinget's export gives committee members for the current session (${current}) only; ${asked} is not it. Leave sesjonId out, or list that session's committees with stortinget.komiteer.liste; who sat in them is in each representative's coded biography (data.stortinget.no/eksport/kodetbiografi?personid=…, persons from stortinget.representanter.liste), which this tool does not read.`,
        { extra: { fields: ['sesjonId'], currentSession: current } },
      );
    }
    const komiteer = await exportGet<KomiteerAnswer>(ctx, '/komiteer', { sesjonid: current });
    const wanted = komiteId.toUpperCase();
    const komite = komiteer.komiteer_liste.map((k) => idNavn(k)!).find((k) => k.id.toUpperCase() === wanted);
    if (!komite) throw fail.notFound(`Stortinget has no committee with id ${komiteId} in the session ${current} (stortinget.komiteer.liste lists them).`);
    const dagens = await exportGet<DagensAnswer>(ctx, '/dagensrepresentanter');
    const medlemmer = dagens.dagensrepresentanter_liste
      .filter((r) => (r.komiteer_liste ?? []).some((k) => k.id?.toUpperCase() === komite.id.toUpperCase()))
      .map((r) => {
        if (typeof r.id !== 'string') throw new TypeError('expected a representative id');
        return {
          id: r.id,
          fornavn: r.fornavn ?? null,
          etternavn: r.etternavn ?? null,
          parti: idNavn(r.parti),
          fylke: idNavn(r.fylke),
          fastVaraFor: r.fast_vara_for?.id ?? null,
        };
      });
    return {
      sesjonId: current,
      komite,
      count: medlemmer.length,
      medlemmer,
      ...(medlemmer.length === 0 && { note: `No representative sitting today lists ${komite.id} among their committees (a committee of the session may have no members yet, or be a special committee that has finished its work).` }),
      kilde: kilde('/dagensrepresentanter'),
    };
  },
});
