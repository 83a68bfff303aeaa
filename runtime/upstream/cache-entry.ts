// What the response cache keeps of an upstream answer (issue 24 #6: bounded by what it holds in
// memory, not by the bytes the upstream sent): the bytes as received and how to read them, the data
// as read only for a small answer, and what an entry takes by the cache's accounting; how a call
// reads a body (JSON, text, bytes or its decoder); the form the shared cache (Redis) stores.
import { fail, ToolError } from '../errors.js';
import { deepFreeze } from '../freeze.js';
import type { UpstreamDefinition } from './catalogue.js';
import type { UpstreamCall } from './client.js';

/**
 * Turns an answer's bytes into its data: JSON, text, the bytes themselves or the call's decoder.
 * `freezes`: data it makes is frozen when shared (JSON, as always; a decoder's data is the tool's own).
 */
export type Reader = ((body: Buffer) => unknown) & { freezes?: boolean };

/**
 * One answer as the response cache keeps it: its bytes as received, read into data on use, so the
 * cache is bounded by what it holds in memory (issue 24 #6: parsed JSON of tiny objects takes 21
 * times its bytes). Only a small answer also keeps its data as read, counted at the worst ratio.
 */
export interface CacheEntry {
  status: number;
  headers: Record<string, string>;
  fetchedAt: number;
  /** The lifetime the upstream stated (Cache-Control, Expires); without one each caller's own applies. */
  statedTtlMs?: number;
  /** The answer's bytes; absent when its data is null (a 404, a 304 for a copy the caller keeps). */
  body?: Buffer;
  /** How the call that fetched the answer reads it; absent when its data is null. */
  read?: Reader;
  /** The data as read, kept for a body of at most KEEP_READ_BYTES (shared by every caller: frozen). */
  kept?: { data: unknown };
  /** Names this entry in a CacheRef. */
  serial: number;
}

/** An entry and its data as read for the callers of one fetch (coalesced callers share it). */
export interface Fetched {
  entry: CacheEntry;
  data: unknown;
}

/**
 * A body up to this size keeps its data as read beside its bytes, so that a cached call does not
 * parse it again (a 128 KiB answer counts 3.1 MiB: 80 fit in the default 256 MiB); a larger one is
 * read again on each use, which costs what reading it cost when it was fetched (a few ms for
 * 256 KiB of JSON), not the memory of 24 times its bytes.
 */
export const KEEP_READ_BYTES = 128 * 1024;
/**
 * What data read from a body takes in memory, per byte of body, at most: parsed JSON of empty
 * objects (`[{},{},…]`) takes 21.3 times its bytes on Node 20, arrays of empty arrays 13, typical
 * answers about 2 (measured with process.memoryUsage after gc); rounded up.
 */
const READ_BYTES_PER_BODY_BYTE = 24;
/** An entry's own object, its CacheRef number and the LRU's bookkeeping, roughly. */
const ENTRY_OVERHEAD = 256;

/** What an entry takes in memory: its key (two bytes a character at most), bytes, data kept and headers. */
export function entrySize(entry: CacheEntry, key: string): number {
  const body = entry.body?.length ?? 0;
  let headers = 0;
  for (const name in entry.headers) headers += 2 * (name.length + entry.headers[name].length) + 64;
  const kept = entry.kept && entry.kept.data !== entry.body ? READ_BYTES_PER_BODY_BYTE * body : 0;
  return ENTRY_OVERHEAD + 2 * key.length + body + kept + headers;
}

/** The largest body offered to the shared cache: 1.5 MiB is 2 MiB in base64. */
export const MAX_SHARED_BODY_BYTES = 1.5 * 1024 * 1024;

/** An entry as the shared cache stores it: JSON, its bytes in base64. */
export interface SharedEntry {
  status: number;
  headers: Record<string, string>;
  fetchedAt: number;
  statedTtlMs?: number;
  body?: string;
}


/** How a call reads a 2xx body: its decoder, bytes, text or JSON (null when empty). */
export function readerOf(def: UpstreamDefinition, call: Pick<UpstreamCall, 'decode' | 'accept'>): Reader {
  const decode = call.decode;
  if (decode) return (body) => decoded(def, decode, body);
  if (call.accept === 'buffer') return (body) => body;
  if (call.accept === 'text') return (body) => body.toString('utf8');
  const json: Reader = (body) => {
    if (body.length === 0) return null;
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      throw fail.upstream(`${def.name} answered malformed JSON`, { detailCode: MALFORMED });
    }
  };
  json.freezes = true;
  return json;
}

/**
 * Reads a body into data. `shared`: the data goes to several callers (coalesced, or kept by the
 * cache), so it is frozen and no tool can change it for another; a copy read for one caller is its own.
 */
export async function readBody(read: Reader, body: Buffer, shared: boolean): Promise<unknown> {
  const data = await read(body);
  return shared && read.freezes ? deepFreeze(data) : data;
}

/**
 * An entry as the shared cache stores it (JSON): without its reader and kept data, its bytes in
 * base64; none for a body whose base64 would pass the 2 MiB redis-cache.ts stores (not encoded for nothing).
 */
export function toShared(entry: CacheEntry): SharedEntry | undefined {
  const { status, headers, fetchedAt, statedTtlMs, body } = entry;
  if (body && body.length > MAX_SHARED_BODY_BYTES) return undefined;
  return { status, headers, fetchedAt, statedTtlMs, ...(body && { body: body.toString('base64') }) };
}

/** detailCode of an answer whose body cannot be read (malformed JSON, a document that does not decode). */
export const MALFORMED = 'malformed_answer';

async function decoded(def: UpstreamDefinition, decode: (body: Buffer) => unknown, body: Buffer): Promise<unknown> {
  try {
    return await decode(body);
  } catch (err) {
    // A decoder's error with a detailCode of its own is an answer the upstream meant (GraphQL
    // `errors`), reported as it stands and not counted against the upstream's health.
    if (err instanceof ToolError && err.detailCode) throw err;
    // A decoder's own upstream error says what is wrong with the document; anything else is named generically.
    const message = err instanceof ToolError ? err.message : `${def.name} answered a document that could not be read`;
    throw fail.upstream(message, { detailCode: MALFORMED });
  }
}
