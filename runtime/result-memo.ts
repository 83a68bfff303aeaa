// Remembers a tool's serialised result for as long as every cached upstream answer it was built
// from is still the one in the response cache. A repeat call then skips validation, the tool
// function and serialisation; any change upstream (a new entry, an expiry) makes it run again.
// Runs that read the clock or the service's own state, made an uncached call or saw an upstream
// failure are never remembered.
import { LRUCache } from 'lru-cache';
import type { RunTrace } from './context.js';
import type { Provenance } from './provenance.js';
import type { CacheRef, UpstreamClient } from './upstream/client.js';

export interface Remembered {
  refs: CacheRef[];
  json: string;
  /** Where the answer came from when it was made (served again, it is marked as cached). */
  provenance: Provenance;
  /** The JSON as a JSON string literal (MCP text content), made on first use; and its UTF-8 bytes. */
  quoted?: string;
  quotedBytes?: Buffer;
  /** The JSON's UTF-8 bytes (MCP structuredContent), made on first use. */
  jsonBytes?: Buffer;
  /** The outcome handed to callers, made once and shared (it is read-only). */
  outcome?: unknown;
}

const MAX_ARGS_LENGTH = 2048;

/**
 * What a remembered result can come to hold, at most: the JSON (two bytes a character once it has
 * any beyond Latin-1) and its quoted text (at most twice as long: every `"` and `\` escaped), the
 * UTF-8 bytes of both, and the MCP answer made of those bytes for each protocol era (dispatch.ts
 * keeps them beside the shared outcome); the references to cached answers by their keys. Its data
 * is parsed on each use and never kept (invoke.ts): parsed JSON can take 21 times its text.
 */
function rememberedSize(r: Remembered, key: string): number {
  const units = r.json.length;
  const utf8 = Buffer.byteLength(r.json);
  const text = utf8 > units ? 2 * units : units;
  const bytes = utf8 + units + utf8;
  let refs = 0;
  for (const ref of r.refs) refs += 2 * ref.key.length + 64;
  return 2 * key.length + 3 * text + 3 * bytes + refs + 100 * (r.provenance.sources.length + 1);
}

export class ResultMemo {
  private readonly memo = new LRUCache<string, Remembered>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: rememberedSize,
  });

  constructor(private readonly upstream: UpstreamClient) {}

  /** The memo key of a call, or undefined when its arguments are not worth remembering. */
  key(toolName: string, rawArgs: unknown): string | undefined {
    let args: string | undefined;
    try {
      args = JSON.stringify(rawArgs ?? {});
    } catch {
      return undefined;
    }
    return args === undefined || args.length > MAX_ARGS_LENGTH ? undefined : `${toolName}\u0000${args}`;
  }

  get(key: string): Remembered | undefined {
    const r = this.memo.get(key);
    if (!r) return undefined;
    for (const ref of r.refs) {
      if (!this.upstream.isCurrent(ref)) {
        this.memo.delete(key);
        return undefined;
      }
    }
    return r;
  }

  remember(key: string, trace: RunTrace, json: string, provenance: Provenance): void {
    if (trace.reusable) this.memo.set(key, { refs: trace.refs, json, provenance });
  }

  clear(): void {
    this.memo.clear();
  }
}
