// runtime/cursor.ts: opaque base64url cursors, HMAC-signed, valid 24 hours, bound to their feed.
import { describe, expect, it } from 'vitest';
import { CURSOR_TTL_MS, CursorCodec, cursorCodec, resetProcessCursorSecret } from '../runtime/cursor.js';
import { ToolError } from '../runtime/errors.js';

const T0 = new Date('2026-11-22T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const codec = new CursorCodec('test-secret-one');

function rejection(fn: () => unknown): ToolError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ToolError);
    return err as ToolError;
  }
  throw new Error('expected an invalid-cursor error');
}

function expectInvalidCursor(fn: () => unknown, message?: RegExp) {
  const e = rejection(fn);
  expect(e.code).toBe('invalid_input');
  expect(e.status).toBe(400);
  expect(e.problemType).toBe('invalid-cursor');
  expect(e.message).toMatch(/^cursor: /);
  if (message) expect(e.message).toMatch(message);
}

describe('cursor codec', () => {
  it('round-trips a payload and is opaque base64url', () => {
    const c = codec.encode('feed/923609016/desc', { b: 25067148, h: 0 }, T0);
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(c).not.toContain('25067148');
    expect(codec.decode('feed/923609016/desc', c, T0)).toEqual({ b: 25067148, h: 0 });
  });

  it('gives the same cursor for the same position and time (stable per snapshot)', () => {
    expect(codec.encode('k', { a: 1 }, T0)).toBe(codec.encode('k', { a: 1 }, T0));
  });

  it('is valid until 24 hours after its creation and expired from then on', () => {
    const c = codec.encode('k', { a: 7 }, T0);
    expect(codec.decode('k', c, at(CURSOR_TTL_MS - 1000))).toEqual({ a: 7 });
    expectInvalidCursor(() => codec.decode('k', c, at(CURSOR_TTL_MS)), /expired.*24 hours.*2026-11-22T12:00:00.000Z/);
    expectInvalidCursor(() => codec.decode('k', c, at(3 * CURSOR_TTL_MS)), /expired/);
  });

  it('refuses a cursor created in the future (beyond clock skew)', () => {
    const c = codec.encode('k', { a: 7 }, at(60 * 60 * 1000));
    expectInvalidCursor(() => codec.decode('k', c, T0), /future/);
    // A few seconds of skew between replicas is fine.
    expect(codec.decode('k', codec.encode('k', { a: 1 }, at(2000)), T0)).toEqual({ a: 1 });
  });

  it('refuses a tampered cursor: any changed byte breaks the signature', () => {
    const c = codec.encode('k', { a: 100 }, T0);
    const raw = Buffer.from(c, 'base64url');
    // Edit the body: the position 100 becomes 900.
    const edited = Buffer.from(raw.toString('latin1').replace('"a":100', '"a":900'), 'latin1');
    expect(edited.equals(raw)).toBe(false);
    expectInvalidCursor(() => codec.decode('k', edited.toString('base64url'), T0), /signature/);
    for (const i of [0, 1, 10, raw.length - 1]) {
      const flipped = Buffer.from(raw);
      flipped[i] ^= 0x01;
      expectInvalidCursor(() => codec.decode('k', flipped.toString('base64url'), T0));
    }
  });

  it('refuses any text but the exact cursor issued (stray characters, padding)', () => {
    const c = codec.encode('k', { a: 100 }, T0);
    for (const variant of [`${c}x`, `${c}A`, `${c}==`, `${c}=`]) expectInvalidCursor(() => codec.decode('k', variant, T0));
  });

  it('refuses a forged cursor signed with another secret', () => {
    const forged = new CursorCodec('attacker-secret').encode('k', { a: 1 }, T0);
    expectInvalidCursor(() => codec.decode('k', forged, T0), /signature/);
  });

  it('refuses a cursor of another feed or other fixed parameters', () => {
    const c = codec.encode('feed/923609016/desc', { b: 1, h: 0 }, T0);
    expectInvalidCursor(() => codec.decode('feed/923609016/asc', c, T0), /another feed/);
    expectInvalidCursor(() => codec.decode('feed/984851006/desc', c, T0), /another feed/);
  });

  it.each([[''], ['not a cursor!'], ['AAAA'], ['=='], ['x'.repeat(5000)], [Buffer.from('{"k":"k","t":1,"p":{}}').toString('base64url')]])(
    'refuses garbage %#',
    (garbage) => expectInvalidCursor(() => codec.decode('k', garbage, T0)),
  );

  it('signs with CURSOR_SECRET, so another process with the same secret accepts the cursor', () => {
    const env = (name: string) => (name === 'CURSOR_SECRET' ? 'shared-across-replicas' : undefined);
    const c = cursorCodec(env).encode('k', { a: 3 }, T0);
    expect(new CursorCodec('shared-across-replicas').decode('k', c, T0)).toEqual({ a: 3 });
  });

  it('without CURSOR_SECRET uses a random per-process secret and warns once that cursors then do not survive restarts or work across replicas', () => {
    resetProcessCursorSecret();
    const warnings: string[] = [];
    const unset = () => undefined;
    const first = cursorCodec(unset, (m) => warnings.push(m));
    const again = cursorCodec(unset, (m) => warnings.push(m));
    expect(again).toBe(first);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/CURSOR_SECRET is not set/);
    expect(warnings[0]).toMatch(/restart/);
    expect(warnings[0]).toMatch(/replicas/);
    const c = first.encode('k', { a: 1 }, T0);
    expect(first.decode('k', c, T0)).toEqual({ a: 1 });
    // A restarted process (a new random secret) refuses it.
    resetProcessCursorSecret();
    const restarted = cursorCodec(unset, (m) => warnings.push(m));
    expectInvalidCursor(() => restarted.decode('k', c, T0), /signature/);
    expect(warnings).toHaveLength(2);
  });
});
