// The response cache is bounded by what it holds in memory, not by the bytes the upstream sent
// (issue 24 #6): 128 distinct 1 MiB answers of tiny JSON objects, about 21 times larger once
// parsed, once took the process to 3.6 GB. What the cache keeps is measured here by walking its
// entries (Buffers by their length, strings, and every object and array a parse would make, at a
// low estimate of what V8 spends on each), and must never exceed the cache's own accounting, which
// must stay within the configured bound. A CacheRef (what the result memo keeps) must not hold an
// answer alive after the cache has let it go.
import type { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import type { UpstreamClient } from '../runtime/upstream/client.js';
import { FakeTransport, makeClient, raw } from './helpers/upstream-fakes.js';

const MiB = 1024 * 1024;
// The attack's shape at a quarter of its scale (answers of 256 KiB, not 1 MiB, against a bound of
// 8 MiB, not 32), so that 128 parses of tiny objects stay quick on a busy test machine.
const ANSWER = 256 * 1024;
const BOUND = 8 * MiB;
const OBJECTS = Math.floor((ANSWER - 2) / 3);

/** A JSON array of empty objects, `bytes` long: the costliest shape to parse per byte. */
function tinyObjects(bytes: number): Buffer {
  const count = Math.floor((bytes - 2) / 3);
  return Buffer.from(`[${Array.from({ length: count }, () => '{}').join(',')}]`.padEnd(bytes, ' '));
}

/**
 * A low estimate of the memory `value` keeps: bytes of Buffers and strings, and for every object
 * or array 16 bytes plus 8 a slot (V8 spends more). Functions are code shared by every entry.
 */
function retained(value: unknown, seen = new Set<unknown>()): number {
  if (value === null || value === undefined || typeof value === 'function') return 0;
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object') return 8;
  if (seen.has(value)) return 0;
  seen.add(value);
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof Map || value instanceof Set) return 16;
  let total = 16;
  for (const v of Object.values(value as Record<string, unknown>)) total += 8 + retained(v, seen);
  return total;
}

const cacheOf = (client: UpstreamClient) => (client as unknown as { cache: LRUCache<string, object> }).cache;

function held(client: UpstreamClient): { counted: number; measured: number; entries: number } {
  const cache = cacheOf(client);
  const seen = new Set<unknown>();
  let measured = 0;
  for (const entry of cache.values()) measured += retained(entry, seen);
  return { counted: cache.calculatedSize, measured, entries: cache.size };
}

describe('the response cache under answers that grow when parsed', () => {
  it('keeps 128 distinct 256 KiB answers of tiny objects within its bound, by what they take in memory', async () => {
    const body = tinyObjects(ANSWER);
    const transport = new FakeTransport(() => raw(200, Buffer.from(body), { 'content-type': 'application/json' }));
    const { client } = makeClient(transport, { cacheMaxBytes: BOUND });
    for (let i = 0; i < 128; i++) {
      const r = await client.request({ upstream: 'open', path: `/big/${i}` }, undefined, 600);
      expect((r.data as unknown[]).length).toBe(OBJECTS);
      const { counted, measured } = held(client);
      expect(counted).toBeLessThanOrEqual(BOUND);
      expect(measured, `after ${i + 1} answers`).toBeLessThanOrEqual(counted);
    }
    // Still a cache: it holds as many answers as fit, and serves them without asking again.
    const { entries } = held(client);
    expect(entries).toBeGreaterThanOrEqual(16);
    const again = await client.request({ upstream: 'open', path: '/big/127' }, undefined, 600);
    expect(again.fromCache).toBe(true);
    expect((again.data as unknown[]).length).toBe(OBJECTS);
    expect(transport.sends).toBe(128);
    // 128 parses and freezes of 87 000 objects each: slow on a loaded machine, and not a bound.
  }, 180_000);

  it('counts small answers kept parsed at no less than they take', async () => {
    const body = tinyObjects(16 * 1024);
    const transport = new FakeTransport(() => raw(200, Buffer.from(body), { 'content-type': 'application/json' }));
    const { client } = makeClient(transport, { cacheMaxBytes: BOUND });
    for (let i = 0; i < 200; i++) await client.request({ upstream: 'open', path: `/small/${i}` }, undefined, 600);
    const { counted, measured } = held(client);
    expect(counted).toBeLessThanOrEqual(BOUND);
    expect(measured).toBeLessThanOrEqual(counted);
  });

  it('hands out references to cached answers that do not hold the answer itself', async () => {
    const body = tinyObjects(ANSWER);
    const transport = new FakeTransport(() => raw(200, Buffer.from(body), { 'content-type': 'application/json' }));
    const { client } = makeClient(transport, { cacheMaxBytes: BOUND });
    const r = await client.request({ upstream: 'open', path: '/big/ref' }, undefined, 600);
    expect(r.ref).toBeDefined();
    expect(client.isCurrent(r.ref!)).toBe(true);
    // What the result memo keeps of it: the key and an identity, not a megabyte of answer.
    expect(retained(r.ref)).toBeLessThan(1024);
    client.clearCache();
    expect(client.isCurrent(r.ref!)).toBe(false);
  });
});
