// companies.events: a Norwegian company's change events from the Enhetsregisteret update feed,
// GET /enhetsregisteret/api/oppdateringer/enheter (UPSTREAMS.md A1) with organisasjonsnummer,
// includeChanges=true (JSON-Patch `endringer`), oppdateringsid ("from and including"), size and
// sort=id,ASC|DESC. Rows: oppdateringsid, dato, organisasjonsnummer, endringstype
// (Ny, Endring, Sletting, Fjernet, Ukjent), endringer[], _links.enhet.
//
// Paging is by update id, never by page number, so a cursor keeps giving the same page while the
// feed is unchanged and neither repeats nor skips rows when new updates arrive:
//   asc:  the cursor holds the last id returned; the next page asks oppdateringsid = last + 1.
//   desc: the feed cannot filter "ids below X", so the newest-first pages are read in fixed chunks
//         of 100 (sort=id,DESC) and filtered to ids below the cursor's last id; the cursor also
//         remembers the chunk that id was in, where the next read starts (new updates only move it
//         later; if rows were removed it starts again from the newest chunk).
// brreg pages at most 10 000 rows deep ((page+1)*size <= 10000): newest-first reading stops there,
// oldest-first reading (by id) has no such limit.
// UNCONFIRMED: that oppdateringsid=1 reaches the start of the feed's history (the default window of
// the feed without dato or oppdateringsid is undocumented, so the id is always sent).
import { z } from 'zod';
import type { ToolContext } from '../../runtime/context.js';
import { cursorCodec, invalidCursor } from '../../runtime/cursor.js';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int, orgnr } from '../../runtime/fields.js';
import { embedded, type Enhet, type HalPage, type Oppdatering } from '../_shared/enhetsregisteret.js';
import { iso } from './company.js';
import { BRREG_ENHET_PATH, BRREG_UPDATES_PATH, BRREG_WINDOW, coverage, displayUrl } from './common.js';
import { eventsOutput } from './outputs.js';

/** Rows per upstream request. */
export const FEED_CHUNK = 100;
const MAX_DESC_PAGES = BRREG_WINDOW / FEED_CHUNK;

type FeedPage = HalPage<'oppdaterteEnheter', Oppdatering>;

export interface CompanyEvent {
  updateId: number;
  time: string;
  type: string;
  changes: { op: string; path: string; value?: unknown }[];
}

function mapEvent(row: Oppdatering): CompanyEvent {
  return {
    updateId: row.oppdateringsid,
    time: row.dato,
    type: row.endringstype,
    changes: (row.endringer ?? []).map((c) => ({ op: c.op, path: c.path, ...(c.value !== undefined && { value: c.value }) })),
  };
}

function feed(ctx: ToolContext, orgnr: string, from: number, sort: 'id,ASC' | 'id,DESC', page?: number) {
  return ctx.request<FeedPage>({
    upstream: 'brreg',
    path: BRREG_UPDATES_PATH,
    query: { organisasjonsnummer: orgnr, includeChanges: true, oppdateringsid: from, size: FEED_CHUNK, sort, page },
  });
}

const rowsOf = (p: FeedPage | null) => embedded(p, 'oppdaterteEnheter');

interface Read {
  rows: Oppdatering[];
  more: boolean;
  /** desc: the chunk the last returned row was in. */
  chunk?: number;
  fetchedAt: number;
  capped?: boolean;
}

async function readAscending(ctx: ToolContext, orgnr: string, after: number, limit: number): Promise<Read> {
  const r = await feed(ctx, orgnr, after + 1, 'id,ASC', 0);
  const rows = rowsOf(r.data);
  const total = r.data?.page?.totalElements ?? rows.length;
  const taken = rows.slice(0, limit);
  return { rows: taken, more: total > taken.length, fetchedAt: r.fetchedAt };
}

async function readDescending(ctx: ToolContext, orgnr: string, before: number | undefined, hint: number, limit: number): Promise<Read> {
  const collected: { row: Oppdatering; chunk: number }[] = [];
  let chunk = hint;
  let restarted = hint === 0;
  let fetchedAt = Infinity;
  let more = false;
  let capped = false;
  for (;;) {
    const r = await feed(ctx, orgnr, 1, 'id,DESC', chunk);
    fetchedAt = Math.min(fetchedAt, r.fetchedAt);
    const rows = rowsOf(r.data);
    if (!restarted && before !== undefined && (rows.length === 0 || rows[0].oppdateringsid < before)) {
      // Rows left the feed since the cursor was made: its chunk may now be past the position.
      restarted = true;
      chunk = 0;
      continue;
    }
    restarted = true;
    for (const row of rows) {
      if (before === undefined || row.oppdateringsid < before) collected.push({ row, chunk });
    }
    const total = r.data?.page?.totalElements ?? 0;
    const later = (chunk + 1) * FEED_CHUNK < total;
    if (collected.length >= limit) {
      more = collected.length > limit || later;
      break;
    }
    if (!later) break;
    if (chunk + 1 >= MAX_DESC_PAGES) {
      capped = true;
      break;
    }
    chunk += 1;
  }
  const taken = collected.slice(0, limit);
  return { rows: taken.map((x) => x.row), more, chunk: taken.at(-1)?.chunk, fetchedAt, capped };
}

export const companiesEvents = defineTool({
  name: 'events',
  title: 'Change events of a Norwegian company',
  description:
    'Change events of one Norwegian legal entity from Enhetsregisteret\'s update feed, each with its JSON-Patch changes (path such as /navn). Newest first by default. For the next page pass nextCursor back as cursor with the same orgnr and order: opaque, valid 24 hours, the same page while the feed is unchanged; an edited, foreign or expired cursor is invalid-cursor. nextCursor null: no more events. An empty list means the register has published no update for the entity; a number not in the register answers not_found.',
  input: {
    orgnr: orgnr(),
    order: z.enum(['desc', 'asc']).default('desc').describe('desc: newest first; asc: oldest first.'),
    limit: int({ min: 1, max: 100, default: 20, description: 'Events per page.' }),
    cursor: z.string().max(4096).optional().describe('nextCursor of the previous page, unchanged. Omit for the first page.'),
  },
  output: eventsOutput,
  coverage: coverage(['company', 'change-events'], ['NO']),
  cacheTtlSeconds: 600,
  route: '/events/:orgnr',
  example: { orgnr: '923609016' },
  run: async ({ orgnr, order, limit, cursor }, ctx) => {
    const codec = cursorCodec((name) => ctx.env(name));
    const kind = `companies.events/${orgnr}/${order}`;
    let position: Record<string, unknown> = {};
    if (cursor !== undefined) {
      position = codec.decode(kind, cursor, ctx.now());
      const ok = order === 'asc' ? Number.isInteger(position.a) : Number.isInteger(position.b) && Number.isInteger(position.h);
      if (!ok) throw invalidCursor('is not a cursor this service issued');
    }
    const read =
      order === 'asc'
        ? await readAscending(ctx, orgnr, (position.a as number | undefined) ?? 0, limit)
        : await readDescending(ctx, orgnr, position.b as number | undefined, (position.h as number | undefined) ?? 0, limit);
    const events = read.rows.map(mapEvent);
    const last = read.rows.at(-1);
    const nextCursor =
      read.more && last ? codec.encode(kind, order === 'asc' ? { a: last.oppdateringsid } : { b: last.oppdateringsid, h: read.chunk ?? 0 }, ctx.now()) : null;
    const notes: string[] = [];
    if (events.length === 0 && cursor === undefined) {
      const entity = await ctx.find<Enhet>('brreg', BRREG_ENHET_PATH, { params: { orgnr } });
      if (!entity) throw fail.notFound(`${orgnr} is not in Enhetsregisteret`, { detailCode: 'ORG_NOT_FOUND' });
      notes.push(`The update feed has no events for ${entity.navn} (${orgnr}).`);
    }
    if (read.capped) notes.push(`Newest-first reading stops after the ${BRREG_WINDOW} newest events (the register's paging limit); use order=asc to read older events.`);
    return {
      orgnr,
      order,
      events,
      count: events.length,
      nextCursor,
      source: {
        register: 'Enhetsregisteret update feed (Brønnøysundregistrene)',
        url: displayUrl(`https://data.brreg.no${BRREG_UPDATES_PATH}`, { organisasjonsnummer: orgnr, includeChanges: 'true' }),
        fetchedAt: iso(read.fetchedAt),
      },
      ...(notes.length > 0 && { note: notes.join(' ') }),
    };
  },
});
