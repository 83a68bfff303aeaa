// stortinget.saker.liste: the cases (saker) of a session, from GET /eksport/saker?sesjonid=
// (Stortinget's "Saker" documentation; shapes and enumeration codes: export.ts). The export answers a
// session whole, in its own order; limit and page are a window on it, taken here.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { int } from '../../runtime/fields.js';
import { note, sourceRef } from '../../runtime/output.js';
import {
  DOKUMENTGRUPPE,
  SAK_STATUS,
  SAK_TYPE,
  coverage,
  exportGet,
  idNavn,
  idNavnOutput,
  kilde,
  pageFields,
  pageOf,
  sakNamed,
  sesjonId,
  sessionOrCurrent,
  type IdNavn,
} from './export.js';
import { isoFromExport } from './msdate.js';

interface ExportSak {
  id?: number | null;
  tittel?: string | null;
  korttittel?: string | null;
  type?: number | string | null;
  status?: number | string | null;
  dokumentgruppe?: number | string | null;
  henvisning?: string | null;
  sist_oppdatert_dato?: string | null;
  behandlet_sesjon_id?: string | null;
  komite?: IdNavn | null;
  emne_liste?: { navn?: string | null }[] | null;
}

interface SakerAnswer {
  sesjon_id?: string | null;
  saker_liste: ExportSak[];
}

function sak(s: ExportSak) {
  if (typeof s.id !== 'number') throw new TypeError('expected a numeric sak id');
  return {
    id: s.id,
    korttittel: s.korttittel ?? null,
    tittel: s.tittel ?? null,
    type: sakNamed(SAK_TYPE, s.type),
    status: sakNamed(SAK_STATUS, s.status),
    dokumentgruppe: sakNamed(DOKUMENTGRUPPE, s.dokumentgruppe),
    henvisning: s.henvisning || null,
    sistOppdatert: isoFromExport(s.sist_oppdatert_dato),
    komite: idNavn(s.komite),
    behandletSesjonId: s.behandlet_sesjon_id || null,
    emner: (s.emne_liste ?? []).map((e) => e.navn).filter((n): n is string => typeof n === 'string'),
    url: `https://www.stortinget.no/no/Saker-og-publikasjoner/Saker/Sak/?p=${s.id}`,
  };
}

const sakOutput = z.object({
  id: z.number().int(),
  korttittel: z.string().nullable(),
  tittel: z.string().nullable(),
  type: z.string().nullable().describe('budsjett, lovsak or alminneligsak.'),
  status: z.string().nullable().describe('varslet, mottatt, til_behandling, behandlet, trukket or bortfalt.'),
  dokumentgruppe: z.string().nullable().describe('proposisjon, melding, representantforslag…'),
  henvisning: z.string().nullable().describe('Document references.'),
  sistOppdatert: z.string().nullable().describe('Last status change.'),
  komite: idNavnOutput.nullable(),
  behandletSesjonId: z.string().nullable(),
  emner: z.array(z.string()),
  url: z.string(),
});

export const sakerListe = defineTool({
  name: 'saker.liste',
  title: 'Cases before the Storting in a session',
  description:
    "The cases (saker) of Stortinget (Norway's parliament) in one session: bills, budgets, white papers, members' proposals, each with id, title, type, status, document group, references, committee, topics, last status change (ISO 8601) and its page on stortinget.no. sesjonId absent or empty: the current session (2024-2025 form; 1994-95 before 2000). limit (1-500) with page (from 1, default 1) takes one page; without limit the whole session is one page. An empty list means the export lists no case for that session. Source: Stortinget (data.stortinget.no), NLOD.",
  input: {
    sesjonId: sesjonId('Session id, for example 2024-2025; absent or empty: the current one.'),
    limit: int({ min: 1, max: 500, description: 'Per page; absent: the whole session.' }),
    page: int({ min: 1, default: 1, description: 'Page, from 1.' }),
  },
  output: z.object({ sesjonId: z.string(), ...pageFields, saker: z.array(sakOutput), note, kilde: sourceRef }),
  coverage: coverage(['parliament-case'], 'hourly'),
  cacheTtlSeconds: 1800,
  route: '/saker',
  example: { sesjonId: '2024-2025', limit: 2 },
  run: async ({ sesjonId: asked, limit, page }, ctx) => {
    const sesjon = await sessionOrCurrent(ctx, asked);
    const answer = await exportGet<SakerAnswer>(ctx, '/saker', { sesjonid: sesjon });
    const all = answer.saker_liste;
    const { slice, hasMore } = pageOf(all, page, limit);
    const saker = slice.map(sak);
    const note =
      all.length === 0
        ? `Stortinget's export lists no case for the session ${sesjon}.`
        : saker.length === 0
          ? `Page ${page} is past the end: ${all.length} cases in ${Math.ceil(all.length / (limit ?? all.length))} pages.`
          : undefined;
    return {
      sesjonId: answer.sesjon_id ?? sesjon,
      total: all.length,
      page,
      limit: limit ?? null,
      count: saker.length,
      hasMore,
      saker,
      ...(note && { note }),
      kilde: kilde('/saker', { sesjonid: sesjon }),
    };
  },
});
