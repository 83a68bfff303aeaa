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

export class ResultMemo {
  private readonly memo = new LRUCache<string, Remembered>({
    maxSize: 64 * 1024 * 1024,
    // The JSON, and room for its quoted text, the bytes of both and the MCP answer made of them
    // (dispatch.ts keeps it beside the shared outcome) once a caller has asked for them.
    sizeCalculation: (r) => 6 * r.json.length + 100 * (r.refs.length + r.provenance.sources.length + 1),
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
