// Published files (runtime/file-index.ts) are read in a worker thread within a time budget, with
// caps checked while parsing (columns of a record, records, characters of a record, cells in all,
// elements of a markup file): a file that breaks a cap fails its refresh, naming the cap, the last
// good index keeps answering, and the worker stops at the cap instead of reading the whole file
// (issue 24 item 5: a 66 MB CSV of a million columns served as the Mattilsynet file).
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createContext } from '../runtime/context.js';
import { FileIndex, settleFileIndexes } from '../runtime/file-index.js';
import { ToolError } from '../runtime/errors.js';
import { RECORDED_AT } from '../runtime/upstream/recordings.js';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import { REFRESH_AFTER_MS, resetTilsyn } from '../servers/mattilsynet/smilefjes.js';
import { resetSanctionsIndexes } from '../servers/_shared/sanctions-index/index.js';
import { BASE, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const TILSYN_FILE = 'https://data.mattilsynet.no/smilefjes-tilsyn.csv';
const HEADER =
  'tilsynsobjektid;orgnummer;navn;adrlinje1;adrlinje2;postnr;poststed;tilsynid;sakref;status;dato;total_karakter;tilsynsbesoektype;tema1_no;tema1_nn;karakter1;tema2_no;tema2_nn;karakter2;tema3_no;tema3_nn;karakter3;tema4_no;tema4_nn;karakter4';
const ROW = 'Z1;999104562;Kafé;Gate 1;;5013;BERGEN;T1;2026/1;0;21102026;0;0;Rutiner;Rutinar;0;Lokaler;Lokale;0;Mat;Mat;0;Merking;Merking;0';
const csv = (lines: string[]) => Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`);
const served = (body: Buffer): RawResponse => ({ status: 200, headers: { 'content-type': 'text/csv' }, body });

/** The recordings, with the requests to `url` answered by `answer` when it answers (and every request seen). */
function fileTransport(url: (u: string) => boolean, answer: (req: OutgoingRequest) => RawResponse | undefined): Transport & { seen: OutgoingRequest[] } {
  const seen: OutgoingRequest[] = [];
  return {
    seen,
    send: async (req) => {
      seen.push(req);
      return (url(req.url) ? answer(req) : undefined) ?? replay().send(req);
    },
  };
}

const sok = (t: TestApp, args: unknown) => callTool(t, 'mattilsynet', 'mattilsynet.inspeksjoner.sok', args);

beforeEach(() => {
  resetTilsyn();
  resetSanctionsIndexes();
});

describe('a published file that breaks a cap', () => {
  it('Mattilsynet: a refresh whose file has a record of 100 000 columns fails naming the cap; the last good index keeps answering', async () => {
    const wide = csv([HEADER, `${'x;'.repeat(100_000)}x`]);
    const transport = fileTransport((u) => u === TILSYN_FILE, (req) => (req.headers['if-none-match'] ? served(wide) : undefined));
    const start = Date.parse(RECORDED_AT);
    let now = start;
    const t = createTestApp({ transport, now: () => new Date(now) });
    expect((await sok(t, { q: 'fjord' })).data.total).toBe(4);
    now = start + REFRESH_AFTER_MS + 1000;
    await sok(t, { q: 'fjord' });
    await settleFileIndexes();
    expect(transport.seen.filter((r) => r.url === TILSYN_FILE)).toHaveLength(2);
    const after = await sok(t, { q: 'fjord' });
    expect(after.data.total).toBe(4);
    expect(after.data.fil.inspeksjoner).toBe(8);
    expect(after.data.fil.lastRefreshError).toMatchObject({ code: 'upstream_unavailable' });
    expect(after.data.fil.lastRefreshError.message).toMatch(/smilefjes inspection file has a record of more than 200 columns \(line 2\); at most 200 are read/);
  });

  it('Mattilsynet: a first download with a field of 10 MB answers 502 naming the cap on characters of a record', async () => {
    const huge = csv([HEADER, ROW.replace('Kafé', 'K'.repeat(10_000_000))]);
    const t = createTestApp({ transport: fileTransport((u) => u === TILSYN_FILE, () => served(huge)) });
    const e = await callToolError(t, 'mattilsynet', 'mattilsynet.inspeksjoner.sok', { q: 'kafé' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toMatch(/could not be loaded, so no inspection can be searched: Mattilsynet's smilefjes inspection file has a record of more than 100000 characters \(line 2\); at most 100000 are read/);
  });

  it('the EU sanctions list: a file of more elements than its cap fails naming the cap, before it is parsed', async () => {
    const many = Buffer.from(`<export xmlns="http://eu.europa.ec/fpi/fsd/export"><sanctionEntity logicalId="1">${'<remark/>'.repeat(2_000_001)}</sanctionEntity></export>`);
    const transport = fileTransport((u) => u.startsWith('https://webgate.ec.europa.eu/fsd/fsf/public/files/'), () => ({ status: 200, headers: { 'content-type': 'application/xml' }, body: many }));
    const e = await callToolError(createTestApp({ transport }), 'sanksjoner', 'sanctions.eu.search', { q: 'Putin' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toMatch(/the EU sanctions list has more than 2000000 elements; at most 2000000 are read/);
  });
});

// Imported when used: before this mechanism existed, the tests above failed on their assertions.
const runtime = () => import('../runtime/files/off-thread-decode.js');
afterAll(async () => (await runtime()).closeDecodeWorkers());

async function refusal(work: Promise<unknown>): Promise<ToolError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ToolError);
  return err as ToolError;
}

describe('the work of a file that breaks a cap is bounded', () => {

  it('a record of 100 000 columns: the worker stops within one chunk of the cap', async () => {
    const { csvFile, decodeOffThread } = await runtime();
    const { CSV_CHUNK_BYTES } = await import('../runtime/files/csv.js');
    const e = await refusal(decodeOffThread(csvFile({ delimiter: ';' }, { columns: 200 }), csv([`${'x;'.repeat(100_000)}x`]), 'a test file'));
    expect(e.message).toBe('a test file has a record of more than 200 columns (line 1); at most 200 are read');
    expect(e.extra).toMatchObject({ cap: 'columns', limit: 200, read: { records: 0 } });
    // Each field of that record takes two bytes: one chunk holds at most half as many fields as bytes.
    expect((e.extra as { read: { cells: number } }).read.cells).toBeLessThanOrEqual(200 + CSV_CHUNK_BYTES / 2);
  });

  it('more records than the cap: the worker stops at the first record past it', async () => {
    const { csvFile, decodeOffThread } = await runtime();
    const e = await refusal(decodeOffThread(csvFile({ delimiter: ';' }, { records: 1000 }), csv(Array.from({ length: 50_000 }, () => ROW)), 'a test file'));
    expect(e.message).toBe('a test file has more than 1000 records; at most 1000 are read');
    expect(e.extra).toMatchObject({ cap: 'records', limit: 1000, read: { records: 1001 } });
  });

  it('more cells in all than the cap: the worker stops at the first record past it', async () => {
    const { csvFile, decodeOffThread } = await runtime();
    const e = await refusal(decodeOffThread(csvFile({ delimiter: ';' }, { cells: 10_000 }), csv(Array.from({ length: 50_000 }, () => ROW)), 'a test file'));
    expect(e.message).toBe('a test file has more than 10000 cells; at most 10000 are read');
    // 25 fields a record: the 401st record is the first past 10 000 cells.
    expect(e.extra).toMatchObject({ cap: 'cells', limit: 10_000, read: { records: 401, cells: 10_025 } });
  });

  it('a file within its caps is read whole, as arrays of strings', async () => {
    const { csvFile, decodeOffThread } = await runtime();
    const rows = await decodeOffThread(csvFile({ delimiter: ';', bom: true }), csv([HEADER, ROW]), 'a test file');
    expect(rows).toEqual([HEADER.split(';'), ROW.split(';')]);
  });
});

describe('decoding runs off the main thread', () => {
  type Probe = { isMainThread: boolean; bytes: number };
  const PROBE = 'tests/fixtures/file-caps/probe.worker.ts';
  function probeIndex(path: string) {
    return new FileIndex<Probe, Probe>({
      title: 'a probe file',
      register: 'tests',
      withoutIt: 'nothing',
      upstream: 'mattilsynet-data',
      path,
      decodeOffThread: { worker: PROBE, input: {} },
      build: (decoded) => decoded,
      refreshAfterMs: 3600_000,
    });
  }
  const ctxOf = (t: TestApp) =>
    createContext({ upstream: t.services.upstream, stats: { upstreamCalls: 0, cacheHits: 0 }, ttlSeconds: 0, env: () => undefined, publicBaseUrl: BASE, platform: undefined as never });

  it('a file index decodes its file in a worker thread, the body handed over whole', async () => {
    const t = createTestApp({ transport: fileTransport((u) => u.endsWith('/probe.bin'), () => served(Buffer.from('probe body'))) });
    const { index } = await probeIndex('/probe.bin').load(ctxOf(t));
    expect(index).toEqual({ isMainThread: false, bytes: 10 });
  });

  it('a worker past its budget is ended and the refresh fails naming the budget; a markup file past its element cap is refused', async () => {
    const { decodeOffThread } = await runtime();
    const spin = await refusal(decodeOffThread({ worker: PROBE, input: { spin: true }, budgetMs: 300 }, Buffer.from('x'), 'a probe file'));
    expect(spin.message).toBe('a probe file took longer than 0.3 s to read (its budget); it is not read');
    const markup = await refusal(decodeOffThread({ worker: PROBE, input: {}, caps: { elements: 100 } }, Buffer.from('<a/>'.repeat(101)), 'a probe file'));
    expect(markup.message).toBe('a probe file has more than 100 elements; at most 100 are read');
    expect(markup.extra).toMatchObject({ cap: 'elements', limit: 100 });
    expect(await decodeOffThread({ worker: PROBE, input: {}, caps: { elements: 100 } }, Buffer.from('<a/>'.repeat(100)), 'a probe file')).toEqual({ isMainThread: false, bytes: 400 });
  });
});
