// Opaque pagination cursors (REST spec 3 and 6): base64url, HMAC-signed so a client can neither
// forge nor edit one, valid 24 hours from creation, and bound to the feed they were made for.
// What a cursor holds is the feed's own position (for example an update id), never a page
// number, so the same cursor gives the same page while the data is unchanged.
//
// Layout (all inside one base64url string): 1 version byte, 16 bytes of HMAC-SHA256 over the
// version and the body, then the body: JSON {k: kind, t: created (epoch seconds), p: payload}.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { fail, type ToolError } from './errors.js';

/** How long a cursor is accepted after its creation (REST spec 3: 24 hours). */
export const CURSOR_TTL_MS = 24 * 60 * 60 * 1000;
/** Clock skew tolerated between replicas for a cursor "created in the future". */
const FUTURE_SKEW_MS = 5 * 60 * 1000;
const VERSION = 1;
const MAC_BYTES = 16;
const MAX_CURSOR_CHARS = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export type CursorPayload = Record<string, string | number | boolean | null>;

/** A 400 Problem of type `{base_url}/errors/invalid-cursor` (REST spec 6 and 7). */
export function invalidCursor(reason: string): ToolError {
  return fail.invalidInput(`cursor: ${reason}; start again without a cursor to get a fresh one`, {
    problemType: 'invalid-cursor',
    detailCode: 'invalid_cursor',
    extra: { fields: ['cursor'] },
  });
}

export class CursorCodec {
  private readonly key: Buffer;

  constructor(secret: string | Buffer) {
    this.key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret;
    if (this.key.length === 0) throw new Error('cursor secret must not be empty');
  }

  private mac(version: number, body: Buffer): Buffer {
    return createHmac('sha256', this.key).update(Buffer.from([version])).update(body).digest().subarray(0, MAC_BYTES);
  }

  /** A cursor for `kind` (the feed and its fixed parameters) holding `payload`, created at `now`. */
  encode(kind: string, payload: CursorPayload, now: Date): string {
    const body = Buffer.from(JSON.stringify({ k: kind, t: Math.floor(now.getTime() / 1000), p: payload }), 'utf8');
    return Buffer.concat([Buffer.from([VERSION]), this.mac(VERSION, body), body]).toString('base64url');
  }

  /**
   * The payload of a cursor made by `encode` with the same secret and kind, at most 24 hours
   * before `now`. Anything else (garbage, an edited or forged cursor, another feed's cursor, an
   * expired one) throws the invalid-cursor error.
   */
  decode(kind: string, cursor: string, now: Date): CursorPayload {
    if (cursor.length === 0 || cursor.length > MAX_CURSOR_CHARS || !BASE64URL.test(cursor)) {
      throw invalidCursor('is not a cursor this service issued (it must be the nextCursor of an earlier answer, unchanged)');
    }
    const raw = Buffer.from(cursor, 'base64url');
    // Only the exact text issued: base64url decoding forgives stray trailing characters.
    if (raw.toString('base64url') !== cursor) throw invalidCursor('was altered or is not a cursor this service issued');
    if (raw.length <= 1 + MAC_BYTES || raw[0] !== VERSION) throw invalidCursor('is not a cursor this service issued');
    const mac = raw.subarray(1, 1 + MAC_BYTES);
    const body = raw.subarray(1 + MAC_BYTES);
    if (!timingSafeEqual(mac, this.mac(VERSION, body))) {
      throw invalidCursor('was altered or was not issued by this service (its signature does not match)');
    }
    let parsed: { k?: unknown; t?: unknown; p?: unknown };
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw invalidCursor('is not a cursor this service issued');
    }
    if (typeof parsed.t !== 'number' || typeof parsed.k !== 'string' || !parsed.p || typeof parsed.p !== 'object') {
      throw invalidCursor('is not a cursor this service issued');
    }
    if (parsed.k !== kind) throw invalidCursor('belongs to another feed or to other parameters than this request');
    const created = parsed.t * 1000;
    const age = now.getTime() - created;
    if (age < -FUTURE_SKEW_MS) throw invalidCursor('has a creation time in the future');
    if (age >= CURSOR_TTL_MS) {
      throw invalidCursor(`expired: cursors are valid for 24 hours and this one was created ${new Date(created).toISOString()}`);
    }
    return parsed.p as CursorPayload;
  }
}

let processSecret: Buffer | undefined;
const codecs = new Map<string, CursorCodec>();

const defaultWarn = (message: string) => process.emitWarning(message, { code: 'CURSOR_SECRET_UNSET' });

/**
 * The codec for this process: keyed by CURSOR_SECRET, or, when that is unset, by a random secret
 * made once per process, with a warning (logged once) that such cursors do not survive a
 * restart and are not accepted by other replicas.
 */
export function cursorCodec(env: (name: string) => string | undefined, warn: (message: string) => void = defaultWarn): CursorCodec {
  const configured = env('CURSOR_SECRET');
  if (configured) {
    let codec = codecs.get(configured);
    if (!codec) {
      codec = new CursorCodec(configured);
      codecs.set(configured, codec);
    }
    return codec;
  }
  if (!processSecret) {
    processSecret = randomBytes(32);
    warn(
      'CURSOR_SECRET is not set: pagination cursors are signed with a random per-process secret, so they stop working after a restart and are not accepted by other replicas. Set CURSOR_SECRET to the same value on every replica.',
    );
  }
  let codec = codecs.get('\0process');
  if (!codec) {
    codec = new CursorCodec(processSecret);
    codecs.set('\0process', codec);
  }
  return codec;
}

/** Forgets the per-process secret (tests of the warning). */
export function resetProcessCursorSecret(): void {
  processSecret = undefined;
  codecs.delete('\0process');
}
