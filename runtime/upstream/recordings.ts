// Record and replay at the transport level, so tests and the demo run the real request code.
// A recording is one JSON file per request under <dir>/<upstream>/; no request header (and so
// no credential) is ever stored. In replay mode an unrecorded request fails loudly.
//
// Each recording's `source` says where it comes from. Only one whose source begins with "live
// capture" (a real answer, copied as captured) or "recorded live" (what UPSTREAM_MODE=record
// writes) counts as a live capture; every other one (built from documentation, a scenario, a
// capture edited or shaped after) is constructed. A replayed answer carries its recording's kind
// and file in two headers of its own (RECORDING_HEADERS), which the provenance reads.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { TransportError, type OutgoingRequest, type RawResponse, type Transport } from './transport.js';

/**
 * The moment the committed recordings describe. Replay (tests, demo) pins the tools' clock here,
 * so tools whose requests depend on today's date ask for what was recorded.
 */
export const RECORDED_AT = '2026-11-22T12:00:00Z';

export interface RecordingFile {
  /** Where the shape of this answer comes from (upstream docs, a public sample). */
  source?: string;
  /**
   * false: the recording answers its method and URL whatever the body (token requests, whose
   * body carries a fresh signed assertion every time). Default true: the body is part of the key.
   */
  matchBody?: boolean;
  request: { method: string; url: string; body?: unknown };
  response: { status: number; headers?: Record<string, string>; json?: unknown; text?: string; base64?: string };
}

export type RecordingKind = 'live_capture' | 'constructed';

/** Where a replayed answer comes from: its recording's kind and file (relative to the recordings folder). */
export interface RecordingOrigin {
  kind: RecordingKind;
  file: string;
}

/** Headers a replayed answer carries, never sent by a real upstream (the `x-` of a private use). */
export const RECORDING_HEADERS = { kind: 'x-recording-kind', file: 'x-recording-file' } as const;

const LIVE_SOURCE = /^\s*(live capture|recorded live)\b/i;

/** A recording's kind from its `source`: a live capture only when the source begins by saying so. */
export function recordingKind(source: string | undefined): RecordingKind {
  return source !== undefined && LIVE_SOURCE.test(source) ? 'live_capture' : 'constructed';
}

/** The recording a replayed answer came from, or undefined for an answer of a real upstream. */
export function recordingOf(headers: Readonly<Record<string, string>> | undefined): RecordingOrigin | undefined {
  const kind = headers?.[RECORDING_HEADERS.kind];
  if (kind !== 'live_capture' && kind !== 'constructed') return undefined;
  return { kind, file: headers?.[RECORDING_HEADERS.file] ?? '' };
}

/** How many recordings of a folder are live captures and how many constructed (the demo says so). */
export function recordingCensus(dir: string): { total: number; liveCaptures: number; constructed: number } {
  let liveCaptures = 0;
  let constructed = 0;
  for (const file of listJson(dir)) {
    const rec = JSON.parse(readFileSync(file, 'utf8')) as RecordingFile;
    if (!rec.request?.url || !rec.response) continue;
    if (recordingKind(rec.source) === 'live_capture') liveCaptures += 1;
    else constructed += 1;
  }
  return { total: liveCaptures + constructed, liveCaptures, constructed };
}

/** Method, URL with sorted query and canonical body: the identity of a request. */
export function recordingKey(method: string, url: string, body?: string | unknown): string {
  const u = new URL(url);
  const sorted = [...u.searchParams.entries()].sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(sorted).toString();
  const bodyPart = body === undefined || body === null || body === '' ? '' : ` ${typeof body === 'string' ? canonicalJson(body) : JSON.stringify(sortKeys(body))}`;
  return `${method.toUpperCase()} ${u.origin}${u.pathname}${query ? `?${query}` : ''}${bodyPart}`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function canonicalJson(text: string): string {
  try {
    return JSON.stringify(sortKeys(JSON.parse(text)));
  } catch {
    return text;
  }
}

function toRaw(file: RecordingFile, name: string): RawResponse {
  const r = file.response;
  const headers: Record<string, string> = { ...(r.headers ?? {}), [RECORDING_HEADERS.kind]: recordingKind(file.source), [RECORDING_HEADERS.file]: name };
  let body: Buffer;
  if (r.json !== undefined) {
    body = Buffer.from(JSON.stringify(r.json));
    headers['content-type'] ??= 'application/json';
  } else if (r.base64 !== undefined) {
    body = Buffer.from(r.base64, 'base64');
  } else {
    body = Buffer.from(r.text ?? '');
  }
  return { status: r.status, headers, body };
}

function listJson(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of entries) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listJson(full));
    else if (name.endsWith('.json')) out.push(full);
  }
  return out;
}

/** Form bodies of token requests: the values of these fields are credentials. */
const SECRET_FORM_FIELDS = new Set(['assertion', 'client_assertion', 'client_secret', 'password', 'refresh_token']);

/** A token request (OAuth form body): recorded without its body, and its token answer redacted. */
function isTokenRequest(req: OutgoingRequest): boolean {
  const type = Object.entries(req.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  return req.method === 'POST' && type.startsWith('application/x-www-form-urlencoded');
}

/** The request's key for a miss report: a form body's credential values are replaced. */
function reportedKey(req: OutgoingRequest): string {
  if (!isTokenRequest(req) || !req.body) return recordingKey(req.method, redactedUrl(req), req.body);
  const form = new URLSearchParams(req.body);
  for (const name of [...form.keys()]) if (SECRET_FORM_FIELDS.has(name)) form.set(name, '<redacted>');
  return recordingKey(req.method, req.url, form.toString());
}

/** The request's URL with the values of its credential query parameters (`secretQuery`) written as `<redacted>`. */
export function redactedUrl(req: Pick<OutgoingRequest, 'url' | 'secretQuery'>): string {
  if (!req.secretQuery?.length) return req.url;
  const u = new URL(req.url);
  for (const name of req.secretQuery) if (u.searchParams.has(name)) u.searchParams.set(name, '<redacted>');
  return u.toString();
}

const SECRET_TOKEN_FIELDS = ['access_token', 'refresh_token', 'id_token'];

export class RecordingMiss extends TransportError {
  constructor(readonly key: string) {
    super('no_recording', `no recording for ${key} (UPSTREAM_MODE=replay never uses the network)`);
  }
}

/** Every miss of every ReplayTransport in this process, for tests to assert on. */
export const replayMisses: string[] = [];

export class ReplayTransport implements Transport {
  private readonly answers = new Map<string, RawResponse>();
  /** Recordings with `matchBody: false`, by method and URL. */
  private readonly bodyless = new Map<string, RawResponse>();

  /** Loads every recording; two files that record the same request with different answers are refused. */
  constructor(dirs: string[]) {
    const origin = new Map<string, string>();
    for (const dir of dirs) {
      for (const file of listJson(dir)) {
        const rec = JSON.parse(readFileSync(file, 'utf8')) as RecordingFile;
        if (!rec.request?.url || !rec.response) continue;
        const anyBody = rec.matchBody === false;
        const key = recordingKey(rec.request.method, rec.request.url, anyBody ? undefined : rec.request.body);
        const map = anyBody ? this.bodyless : this.answers;
        const raw = toRaw(rec, relative(dir, file).split(sep).join('/'));
        const earlier = map.get(key);
        if (earlier && (earlier.status !== raw.status || !earlier.body.equals(raw.body))) {
          throw new Error(`recordings ${origin.get(`${anyBody} ${key}`)} and ${file} answer the same request (${key}) differently`);
        }
        origin.set(`${anyBody} ${key}`, file);
        map.set(key, raw);
      }
    }
  }

  /** Adds or replaces an answer at run time (tests that build a scenario). */
  add(rec: RecordingFile): void {
    const raw = toRaw(rec, '(added at run time)');
    if (rec.matchBody === false) this.bodyless.set(recordingKey(rec.request.method, rec.request.url), raw);
    else this.answers.set(recordingKey(rec.request.method, rec.request.url, rec.request.body), raw);
  }

  get size(): number {
    return this.answers.size + this.bodyless.size;
  }

  async send(req: OutgoingRequest): Promise<RawResponse> {
    // A key sent in the query is matched as the recording writes it: `<redacted>`.
    const url = redactedUrl(req);
    const answer = this.answers.get(recordingKey(req.method, url, req.body)) ?? this.bodyless.get(recordingKey(req.method, url));
    if (!answer) {
      const key = reportedKey(req);
      replayMisses.push(key);
      process.emitWarning(`replay miss: ${key}`, { code: 'REPLAY_MISS' });
      throw new RecordingMiss(key);
    }
    if (answer.body.length > req.maxBodyBytes) {
      throw new TransportError('too_large', `the upstream answer is larger than ${req.maxBodyBytes} bytes`);
    }
    return { status: answer.status, headers: { ...answer.headers }, body: answer.body };
  }
}

function fileNameFor(req: OutgoingRequest, withBody = true): string {
  const u = new URL(req.url);
  const slug = `${req.method}${u.pathname}`.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '').slice(0, 80);
  const hash = createHash('sha256').update(recordingKey(req.method, redactedUrl(req), withBody ? req.body : undefined)).digest('hex').slice(0, 10);
  return `${slug}-${hash}.json`;
}

/** Live, and writes each answer as a recording (UPSTREAM_MODE=record). */
export class RecordingTransport implements Transport {
  constructor(
    private readonly inner: Transport,
    private readonly dir: string,
  ) {}

  async send(req: OutgoingRequest): Promise<RawResponse> {
    const res = await this.inner.send(req);
    const type = res.headers['content-type'] ?? '';
    // A token request is recorded by method and URL only, and the token it got is not written.
    const token = isTokenRequest(req);
    const response: RecordingFile['response'] = { status: res.status, headers: res.headers };
    if (/json/.test(type)) {
      try {
        const json = JSON.parse(res.body.toString('utf8'));
        if (token && json && typeof json === 'object') {
          for (const field of SECRET_TOKEN_FIELDS) if (field in json) json[field] = '<redacted>';
        }
        response.json = json;
      } catch {
        response.text = token ? '<redacted>' : res.body.toString('utf8');
      }
    } else if (token) response.text = '<redacted>';
    else if (/^text\/|xml/.test(type)) response.text = res.body.toString('utf8');
    else response.base64 = res.body.toString('base64');
    const file: RecordingFile = {
      source: `recorded live ${new Date().toISOString()}`,
      ...(token ? { matchBody: false } : {}),
      request: { method: req.method, url: redactedUrl(req), ...(req.body && !token ? { body: JSON.parse(req.body) } : {}) },
      response,
    };
    const dir = join(this.dir, req.upstreamId);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, fileNameFor(req, !token)), `${JSON.stringify(file, null, 2)}\n`);
    return res;
  }

  async close(): Promise<void> {
    await this.inner.close?.();
  }
}
