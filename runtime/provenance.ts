// Where a tool's answer came from, said by the runtime for every tool alike: the registers that
// answered (with each request's URL as a person could open it), the licence, when the data was
// fetched and whether it came from the cache. MCP results carry it in `_meta` under
// `no.opendata/provenance`; connector routes in X-Data-* headers (README "Structured results and
// provenance"). A tool's own `kilde` field uses the same `{ register, url }` shape.
//
// In replay (tests, `npm run demo`) no register was asked: each source then names the recording
// that answered and whether it is a live capture or constructed, and `recording` says so for the
// whole answer, so a recorded answer is never taken for one fetched from the register.
import type { TracedSource } from './context.js';
import { META_PREFIX } from './registry.js';
import type { UpstreamDefinition } from './upstream/catalogue.js';
import type { RecordingOrigin } from './upstream/recordings.js';

export interface ProvenanceSource {
  register: string;
  url: string;
  fetchedAt: string;
  cached: boolean;
  /** Replay only: the recording that answered in place of the register. */
  recording?: RecordingOrigin;
}

/** Replay only: the answer comes from recordings, so many live captures and so many constructed. */
export interface RecordingSummary {
  note: string;
  liveCaptures: number;
  constructed: number;
}

export interface Provenance {
  license: string;
  /** When the oldest data of the answer was fetched from its register; null when no register was asked. */
  fetchedAt: string | null;
  /** Whether every upstream answer came from the cache (a remembered result always does). */
  cached: boolean;
  sources: ProvenanceSource[];
  /** Upstream requests beyond the first MAX_SOURCES distinct URLs, counted but not listed. */
  moreSources?: number;
  recording?: RecordingSummary;
}

const RECORDING_NOTE =
  'Answered from recordings (UPSTREAM_MODE=replay), not fetched from the register: a live capture is a real answer of the register as once captured; a constructed one has the documented shape with made-up or adapted values.';

/** The replay summary of the sources, or undefined when a register answered. */
export function recordingSummary(sources: readonly { recording?: RecordingOrigin }[]): RecordingSummary | undefined {
  const recorded = sources.filter((s) => s.recording);
  if (recorded.length === 0) return undefined;
  const liveCaptures = recorded.filter((s) => s.recording!.kind === 'live_capture').length;
  return { note: RECORDING_NOTE, liveCaptures, constructed: recorded.length - liveCaptures };
}

export const PROVENANCE_KEY = `${META_PREFIX}provenance`;

/** Enough to say where the answer came from without a long list weighing on every result. */
const MAX_SOURCES = 10;

/** Query parameters that may carry a credential (an upstream token sent in the query): never shown. */
const SECRET_PARAM = /key|token|secret|passw|signature|auth|credential/i;

/** The URL without userinfo and without query parameters that may carry a credential. */
export function openableUrl(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  for (const name of [...u.searchParams.keys()]) if (SECRET_PARAM.test(name)) u.searchParams.delete(name);
  return u.href;
}

export function provenanceOf(sources: readonly TracedSource[] | undefined, license: string, definition: (id: string) => UpstreamDefinition): Provenance {
  const distinct = new Map<string, TracedSource>();
  for (const s of sources ?? []) {
    const seen = distinct.get(s.url);
    // The same URL read twice: the older answer is the one that says how fresh the data is.
    if (!seen || s.fetchedAt < seen.fetchedAt) distinct.set(s.url, s);
  }
  const all = [...distinct.values()];
  const oldest = all.length === 0 ? null : Math.min(...all.map((s) => s.fetchedAt));
  const listed = all.slice(0, MAX_SOURCES).map((s) => ({
    register: definition(s.upstream).name,
    url: openableUrl(s.url),
    fetchedAt: new Date(s.fetchedAt).toISOString(),
    cached: s.fromCache,
    ...(s.recording && { recording: s.recording }),
  }));
  const recording = recordingSummary(all);
  return {
    license,
    fetchedAt: oldest === null ? null : new Date(oldest).toISOString(),
    cached: all.length > 0 && all.every((s) => s.fromCache),
    sources: listed,
    ...(all.length > MAX_SOURCES && { moreSources: all.length - MAX_SOURCES }),
    ...(recording && { recording }),
  };
}

/** The same provenance for an answer served again from the result memo: every part of it is cached now. */
export function replayed(p: Provenance): Provenance {
  return { ...p, cached: p.sources.length > 0, sources: p.sources.map((s) => ({ ...s, cached: true })) };
}

/** `_meta` of a tool result: the provenance under our key, serialised. */
export function provenanceMetaJson(p: Provenance): string {
  return JSON.stringify({ [PROVENANCE_KEY]: p });
}

/** Header values must be ASCII: the JSON with every other character escaped (still valid JSON). */
const asciiJson = (value: unknown) => JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const headersOf = new WeakMap<Provenance, Readonly<Record<string, string>>>();

/** The provenance as response headers of a connector route (made once per provenance: a remembered result keeps its own). */
export function provenanceHeaders(p: Provenance): Readonly<Record<string, string>> {
  let headers = headersOf.get(p);
  if (headers) return headers;
  const made: Record<string, string> = { 'x-data-cache': p.cached ? 'hit' : 'miss', 'x-data-provenance': asciiJson(p) };
  if (p.sources.length > 0) made['x-data-source'] = p.sources.map((s) => s.url).join(' ');
  if (p.fetchedAt) made['x-data-fetched-at'] = p.fetchedAt;
  if (p.recording) made['x-data-recording'] = p.recording.constructed === 0 ? 'live_capture' : p.recording.liveCaptures === 0 ? 'constructed' : 'mixed';
  headersOf.set(p, (headers = made));
  return headers;
}
