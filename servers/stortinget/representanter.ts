// stortinget.representanter.liste and stortinget.representant.hent: the representatives of a
// parliamentary period, and one person (requests and shapes: export.ts). The export answers a
// period's list whole; limit and page are a window on it, taken here.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int } from '../../runtime/fields.js';
import { note, sourceRef } from '../../runtime/output.js';
import {
  HOUR,
  coverage,
  exportGet,
  idNavn,
  idNavnOutput,
  kilde,
  pageFields,
  pageOf,
  periodOrCurrent,
  periodeId,
  person,
  personFields,
  type ExportPerson,
  type ExportRepresentant,
} from './export.js';
import { quoted } from '../../runtime/validation.js';

interface RepresentanterAnswer {
  stortingsperiode_id?: string | null;
  representanter_liste: ExportRepresentant[];
}

function representant(r: ExportRepresentant) {
  return { ...person(r), parti: idNavn(r.parti), fylke: idNavn(r.fylke), vararepresentant: r.vara_representant === true };
}

const representantOutput = z.object({
  ...personFields,
  parti: idNavnOutput.nullable(),
  fylke: idNavnOutput.nullable(),
  vararepresentant: z.boolean(),
});

export const MAX_LIMIT = 500;

export const representanterListe = defineTool({
  name: 'representanter.liste',
  title: 'Representatives of the Storting in a period',
  description:
    "The representatives elected to Stortinget (Norway's parliament) for one parliamentary period: person id (for stortinget.representant.hent), name, gender, birth and death dates (ISO 8601), party, constituency (fylke). periodeId absent or empty: the current period. Without limit the whole list returns; limit (1-500) with page (from 1, default 1) takes one page. page needs limit: page alone is refused. An empty list means the export lists no representative for that period. Source: Stortinget (data.stortinget.no), NLOD.",
  input: {
    periodeId: periodeId('Period id, for example 2021-2025 (1945-49 before 2000); absent or empty: the current one.'),
    limit: int({ min: 1, max: MAX_LIMIT, description: 'Per page; absent: the whole list.' }),
    // Default 1 is applied in run(): the input must tell whether page was given (it needs limit).
    page: z.number().int().min(1).optional().meta({ default: 1 }).describe('Page, from 1; needs limit.'),
  },
  refine: ({ page, limit }, issues) => {
    if (page !== undefined && limit === undefined) issues.add('page needs limit: give limit (1-500) with page, or leave both out for the whole list', ['page']);
  },
  output: z.object({ periodeId: z.string(), ...pageFields, representanter: z.array(representantOutput), note, kilde: sourceRef }),
  coverage: coverage(['parliament-member']),
  cacheTtlSeconds: 6 * HOUR,
  route: '/representanter',
  example: { periodeId: '2021-2025', limit: 3 },
  run: async ({ periodeId: asked, limit, page = 1 }, ctx) => {
    const periode = await periodOrCurrent(ctx, asked);
    const answer = await exportGet<RepresentanterAnswer>(ctx, '/representanter', { stortingsperiodeid: periode });
    const all = answer.representanter_liste;
    const { slice, hasMore } = pageOf(all, page, limit);
    const representanter = slice.map(representant);
    const note =
      all.length === 0
        ? `Stortinget's export lists no representative for the period ${periode}.`
        : representanter.length === 0
          ? `Page ${page} is past the end: ${all.length} representatives in ${Math.ceil(all.length / (limit ?? all.length))} pages.`
          : undefined;
    return {
      periodeId: answer.stortingsperiode_id ?? periode,
      total: all.length,
      page,
      limit: limit ?? null,
      count: representanter.length,
      hasMore,
      representanter,
      ...(note && { note }),
      kilde: kilde('/representanter', { stortingsperiodeid: periode }),
    };
  },
});

const PERSON_ID = /^[A-Za-zÆØÅæøå]{2,5}$/;

export const representantHent = defineTool({
  name: 'representant.hent',
  title: 'One representative of the Storting',
  description:
    "One person in Stortinget's records by person id (2-5 letters, such as ABIR; stortinget.representanter.liste gives them): name, gender, birth and death dates (ISO 8601), and their seat in a parliamentary period (party, constituency, substitute or not). periodeId absent or empty: the current period; representasjon is null when the person held no elected seat in it. An id Stortinget does not know answers not_found. Source: Stortinget (data.stortinget.no), NLOD.",
  input: {
    id: z
      .string()
      .regex(PERSON_ID, { error: (iss) => `must be a person id of 2 to 5 letters, such as ABIR (got ${quoted(iss.input)})` })
      .describe("Stortinget's person id: 2-5 letters, for example ABIR; case-insensitive."),
    periodeId: periodeId('Period of representasjon, for example 2021-2025; absent or empty: the current one.'),
  },
  output: z.object({
    ...personFields,
    periodeId: z.string(),
    representasjon: z.object({ parti: idNavnOutput.nullable(), fylke: idNavnOutput.nullable(), vararepresentant: z.boolean() }).nullable(),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['parliament-member']),
  cacheTtlSeconds: 6 * HOUR,
  route: '/representanter/:id',
  example: { id: 'ABIR' },
  run: async ({ id, periodeId: asked }, ctx) => {
    const personId = id.toUpperCase();
    const found = await exportGet<ExportPerson>(ctx, '/person', { personid: personId });
    // The export answers an unknown id with an object that has no id (UNCONFIRMED; a 404 is handled by the layer).
    if (!found || typeof found !== 'object' || found.id === null || found.id === undefined || found.id === '') {
      throw fail.notFound(`Stortinget has no person with id ${personId}.`);
    }
    const periode = await periodOrCurrent(ctx, asked);
    const list = await exportGet<RepresentanterAnswer>(ctx, '/representanter', { stortingsperiodeid: periode });
    const seat = list.representanter_liste.find((r) => typeof r.id === 'string' && r.id.toUpperCase() === personId);
    return {
      ...person(found),
      periodeId: list.stortingsperiode_id ?? periode,
      representasjon: seat ? { parti: idNavn(seat.parti), fylke: idNavn(seat.fylke), vararepresentant: seat.vara_representant === true } : null,
      ...(!seat && { note: `${personId} held no elected seat in the period ${periode} (stortinget.representanter.liste lists that period).` }),
      kilde: kilde('/person', { personid: personId }),
    };
  },
});
