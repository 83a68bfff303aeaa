// Record and replay: the identity of a request, answers from recording files, loud misses, and
// recordings written without any request header.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolError } from '../runtime/errors.js';
import { RecordingMiss, RecordingTransport, ReplayTransport, recordingKey, replayMisses, type RecordingFile } from '../runtime/upstream/recordings.js';
import { TransportError, type OutgoingRequest } from '../runtime/upstream/transport.js';
import { FakeTransport, json, makeClient, raw, rejection } from './helpers/upstream-fakes.js';
import { takeReplayMisses } from './setup.js';

const get = (url: string, extra: Partial<OutgoingRequest> = {}): OutgoingRequest => ({
  method: 'GET',
  url,
  headers: {},
  timeoutMs: 1000,
  maxBodyBytes: 1024 * 1024,
  upstreamId: 'open',
  ...extra,
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'recordings-test-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function writeRecording(rel: string, rec: RecordingFile): void {
  const full = join(dir, rel);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, JSON.stringify(rec, null, 2));
}

function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe('recordingKey', () => {
  it('is method, origin, path, sorted query', () => {
    expect(recordingKey('get', 'https://h.test/a/b?z=1&a=2')).toBe('GET https://h.test/a/b?a=2&z=1');
    expect(recordingKey('GET', 'https://h.test/a')).toBe('GET https://h.test/a');
  });

  it('ignores query order, including repeated keys', () => {
    expect(recordingKey('GET', 'https://h.test/s?b=2&a=1&k=y&k=x')).toBe(recordingKey('GET', 'https://h.test/s?k=x&a=1&k=y&b=2'));
  });

  it('distinguishes query values, paths, methods and hosts', () => {
    const base = recordingKey('GET', 'https://h.test/s?a=1');
    expect(recordingKey('GET', 'https://h.test/s?a=2')).not.toBe(base);
    expect(recordingKey('GET', 'https://h.test/t?a=1')).not.toBe(base);
    expect(recordingKey('POST', 'https://h.test/s?a=1')).not.toBe(base);
    expect(recordingKey('GET', 'https://other.test/s?a=1')).not.toBe(base);
  });

  it('canonicalises JSON bodies: whitespace, and string or parsed form give one key', () => {
    const a = recordingKey('POST', 'https://h.test/s', '{ "q": "equinor",\n  "size": [1, 2] }');
    const b = recordingKey('POST', 'https://h.test/s', '{"q":"equinor","size":[1,2]}');
    const c = recordingKey('POST', 'https://h.test/s', { q: 'equinor', size: [1, 2] });
    expect(a).toBe('POST https://h.test/s {"q":"equinor","size":[1,2]}');
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(recordingKey('POST', 'https://h.test/s', '{"q":"statoil"}')).not.toBe(a);
  });

  it('an empty or absent body adds nothing; a non-JSON body is kept as it is', () => {
    expect(recordingKey('POST', 'https://h.test/s', '')).toBe('POST https://h.test/s');
    expect(recordingKey('POST', 'https://h.test/s', undefined)).toBe('POST https://h.test/s');
    expect(recordingKey('POST', 'https://h.test/s', 'a=1&b=2')).toBe('POST https://h.test/s a=1&b=2');
  });

  // DOUBTFUL: the body is re-serialised but object keys are not sorted, so the same JSON body
  // with another key order is another request. See the report.
  it('ignores the key order of JSON objects in bodies', () => {
    expect(recordingKey('POST', 'https://h.test/s', '{"size":5,"q":"x"}')).toBe(recordingKey('POST', 'https://h.test/s', '{"q":"x","size":5}'));
  });
});

describe('ReplayTransport', () => {
  it('answers json, text and base64 recordings from nested folders', async () => {
    writeRecording('open/json.json', {
      source: 'test',
      request: { method: 'GET', url: 'https://h.test/enheter/923609016?b=2&a=1' },
      response: { status: 200, json: { navn: 'EQUINOR ASA', ansatte: 21000 } },
    });
    writeRecording('open/deeper/text.json', {
      request: { method: 'GET', url: 'https://h.test/feed.xml' },
      response: { status: 200, headers: { 'content-type': 'application/xml' }, text: '<feed>æøå</feed>' },
    });
    writeRecording('other/bin.json', {
      request: { method: 'GET', url: 'https://h.test/doc.pdf' },
      response: { status: 200, headers: { 'content-type': 'application/pdf' }, base64: Buffer.from([0x25, 0x50, 0x00, 0xff]).toString('base64') },
    });
    writeRecording('open/not-a-recording.txt', { request: { method: 'GET', url: 'https://h.test/ignored' }, response: { status: 200, text: 'x' } });
    writeRecording('open/partial.json', { response: { status: 200 } } as unknown as RecordingFile);
    const replay = new ReplayTransport([dir, join(dir, 'does-not-exist')]);
    expect(replay.size).toBe(3);

    const j = await replay.send(get('https://h.test/enheter/923609016?a=1&b=2'));
    expect(j.status).toBe(200);
    expect(j.headers['content-type']).toBe('application/json');
    expect(JSON.parse(j.body.toString())).toEqual({ navn: 'EQUINOR ASA', ansatte: 21000 });

    const t = await replay.send(get('https://h.test/feed.xml'));
    // Each replayed answer names its recording and its kind (issue 25 item 21).
    expect(t.headers).toEqual({ 'content-type': 'application/xml', 'x-recording-kind': 'constructed', 'x-recording-file': 'open/deeper/text.json' });
    expect(t.body.toString('utf8')).toBe('<feed>æøå</feed>');

    const b = await replay.send(get('https://h.test/doc.pdf'));
    expect([...b.body]).toEqual([0x25, 0x50, 0x00, 0xff]);
  });

  it('answers error statuses and headers as recorded', async () => {
    writeRecording('open/404.json', {
      request: { method: 'GET', url: 'https://h.test/enheter/000000000' },
      response: { status: 404, headers: { 'content-type': 'application/json', 'retry-after': '3' }, json: { feilmelding: 'Ikke funnet' } },
    });
    const r = await new ReplayTransport([dir]).send(get('https://h.test/enheter/000000000'));
    expect(r.status).toBe(404);
    expect(r.headers).toEqual({ 'content-type': 'application/json', 'retry-after': '3', 'x-recording-kind': 'constructed', 'x-recording-file': 'open/404.json' });
  });

  it('matches a POST by its canonical body', async () => {
    writeRecording('open/search.json', {
      request: { method: 'POST', url: 'https://h.test/search', body: { q: 'equinor', size: 5 } },
      response: { status: 200, json: { hits: 1 } },
    });
    const replay = new ReplayTransport([dir]);
    const r = await replay.send(get('https://h.test/search', { method: 'POST', body: '{ "q": "equinor", "size": 5 }' }));
    expect(JSON.parse(r.body.toString())).toEqual({ hits: 1 });
    await expect(replay.send(get('https://h.test/search', { method: 'POST', body: '{"q":"statoil","size":5}' }))).rejects.toBeInstanceOf(RecordingMiss);
    expect(takeReplayMisses()).toEqual(['POST https://h.test/search {"q":"statoil","size":5}']);
  });

  it('a miss throws RecordingMiss and is pushed to replayMisses', async () => {
    const replay = new ReplayTransport([dir]);
    const err = await rejection(replay.send(get('https://h.test/unrecorded?y=2&x=1')));
    expect(err).toBeInstanceOf(RecordingMiss);
    expect(err).toBeInstanceOf(TransportError);
    expect(err.kind).toBe('no_recording');
    expect(err.key).toBe('GET https://h.test/unrecorded?x=1&y=2');
    expect(err.message).toContain('GET https://h.test/unrecorded?x=1&y=2');
    expect(replayMisses).toEqual(['GET https://h.test/unrecorded?x=1&y=2']);
    expect(takeReplayMisses()).toEqual(['GET https://h.test/unrecorded?x=1&y=2']);
    expect(replayMisses).toEqual([]);
  });

  it('add() answers at run time and replaces an earlier answer', async () => {
    const replay = new ReplayTransport([dir]);
    replay.add({ request: { method: 'GET', url: 'https://h.test/a' }, response: { status: 200, text: 'one' } });
    replay.add({ request: { method: 'GET', url: 'https://h.test/a' }, response: { status: 200, text: 'two' } });
    expect(replay.size).toBe(1);
    expect((await replay.send(get('https://h.test/a'))).body.toString()).toBe('two');
  });

  it('an answer over maxBodyBytes is too_large', async () => {
    const replay = new ReplayTransport([dir]);
    replay.add({ request: { method: 'GET', url: 'https://h.test/big' }, response: { status: 200, text: 'x'.repeat(101) } });
    const err = await rejection(replay.send(get('https://h.test/big', { maxBodyBytes: 100 })));
    expect(err).toBeInstanceOf(TransportError);
    expect(err.kind).toBe('too_large');
  });

  it('through UpstreamClient: a miss is upstream_unavailable, sent once (never retried)', async () => {
    const replay = new ReplayTransport([dir]);
    const { client } = makeClient(undefined, { transport: replay });
    const err = await rejection(client.request({ upstream: 'open', path: '/enheter/{id}', params: { id: '1' } }));
    expect(err).toBeInstanceOf(ToolError);
    expect(err.code).toBe('upstream_unavailable');
    expect(err.status).toBe(502);
    expect(err.message).toContain('no recording for GET https://open.example.test/api/v1/enheter/1');
    expect(client.sent.get('open')).toBe(1);
    expect(takeReplayMisses()).toEqual(['GET https://open.example.test/api/v1/enheter/1']);
  });

  it('through UpstreamClient: a recorded answer is served', async () => {
    const replay = new ReplayTransport([dir]);
    replay.add({
      request: { method: 'GET', url: 'https://open.example.test/api/v1/enheter/923609016?fields=a&fields=b' },
      response: { status: 200, json: { navn: 'EQUINOR ASA' } },
    });
    const { client } = makeClient(undefined, { transport: replay });
    const r = await client.request({ upstream: 'open', path: '/enheter/{id}', params: { id: '923609016' }, query: { fields: ['a', 'b'] } });
    expect(r.data).toEqual({ navn: 'EQUINOR ASA' });
  });
});

describe('RecordingTransport', () => {
  const SECRET = 'Bearer rec-SECRET-token-5f1e';
  const KEY = 'rec-SECRET-apikey-09ab';

  it('writes one file per request under <dir>/<upstream>/ with no request header, replayable later', async () => {
    const inner = new FakeTransport().script(
      json(200, { navn: 'EQUINOR ASA' }, { 'retry-after': '1' }),
      raw(200, '<feed>ø</feed>', { 'content-type': 'application/atom+xml' }),
      raw(200, Buffer.from([0, 1, 2, 250]), { 'content-type': 'application/pdf' }),
      json(200, { hits: 2 }),
      raw(200, '{not json', { 'content-type': 'application/json' }),
    );
    const recorder = new RecordingTransport(inner, dir);
    const headers = { authorization: SECRET, 'X-Api-Key': KEY, 'user-agent': 'ua/1' };
    const requests: OutgoingRequest[] = [
      get('https://h.test/enheter/923609016?b=2&a=1', { headers }),
      get('https://h.test/feed', { headers }),
      get('https://h.test/doc.pdf', { headers, upstreamId: 'docs' }),
      get('https://h.test/search', { headers, method: 'POST', body: '{"q":"equinor"}' }),
      get('https://h.test/broken', { headers }),
    ];
    const live = [];
    for (const r of requests) live.push(await recorder.send(r));
    expect(inner.sends).toBe(5);
    // The caller gets the live answer unchanged.
    expect(JSON.parse(live[0].body.toString())).toEqual({ navn: 'EQUINOR ASA' });

    const files = filesUnder(dir);
    expect(files).toHaveLength(5);
    expect(readdirSync(join(dir, 'open'))).toHaveLength(4);
    expect(readdirSync(join(dir, 'docs'))).toHaveLength(1);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect(text).not.toContain('SECRET');
      expect(text.toLowerCase()).not.toContain('authorization');
      expect(text.toLowerCase()).not.toContain('x-api-key');
      expect(text).not.toContain('ua/1');
      const rec = JSON.parse(text) as RecordingFile;
      expect(Object.keys(rec.request).sort()).toEqual(rec.request.method === 'POST' ? ['body', 'method', 'url'] : ['method', 'url']);
    }
    const byUrl = new Map(files.map((f) => {
      const rec = JSON.parse(readFileSync(f, 'utf8')) as RecordingFile;
      return [rec.request.url, rec];
    }));
    expect(byUrl.get('https://h.test/enheter/923609016?b=2&a=1')!.response).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json', 'retry-after': '1' },
      json: { navn: 'EQUINOR ASA' },
    });
    expect(byUrl.get('https://h.test/feed')!.response.text).toBe('<feed>ø</feed>');
    expect(byUrl.get('https://h.test/doc.pdf')!.response.base64).toBe(Buffer.from([0, 1, 2, 250]).toString('base64'));
    expect(byUrl.get('https://h.test/search')!.request.body).toEqual({ q: 'equinor' });
    expect(byUrl.get('https://h.test/broken')!.response.text).toBe('{not json');

    // A new ReplayTransport answers the same requests from the files.
    const replay = new ReplayTransport([dir]);
    expect(replay.size).toBe(5);
    for (let i = 0; i < requests.length; i += 1) {
      const again = await replay.send(requests[i]);
      expect(again.status).toBe(live[i].status);
      expect(again.headers).toEqual({ ...live[i].headers, 'x-recording-kind': 'live_capture', 'x-recording-file': expect.stringMatching(/^[a-z]+\/(GET|POST)_/) });
      expect(again.body.equals(live[i].body)).toBe(true);
    }
  });

  it('through UpstreamClient: the credential header never reaches the file', async () => {
    const recorder = new RecordingTransport(new FakeTransport(json(200, { ok: true })), dir);
    const { client } = makeClient(undefined, { transport: recorder });
    await client.request({ upstream: 'keyed', path: '/items/{id}', params: { id: 'x 1' } });
    const files = filesUnder(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(join(dir, 'keyed'));
    const text = readFileSync(files[0], 'utf8');
    expect(text).not.toContain('sk-keyed-SECRET');
    expect(JSON.parse(text).request).toEqual({ method: 'GET', url: 'https://keyed.example.test/items/x%201' });
  });

  it('a failing live request writes nothing', async () => {
    const recorder = new RecordingTransport(new FakeTransport(new TransportError('connect', 'refused')), dir);
    await expect(recorder.send(get('https://h.test/a'))).rejects.toMatchObject({ kind: 'connect' });
    expect(filesUnder(dir)).toEqual([]);
  });
});
