// Key look-ups for every request, off the database: API_KEYS keys are in memory; a stored key's
// verdict (known, unknown or revoked) is kept in process for `ttlMs` (KEY_CACHE_SECONDS, 5 s by
// default), so the database is read at most once per key and interval, and a key revoked on one
// replica is refused by every replica within that time. While the store cannot be reached, a
// verdict once known keeps being used (retried every `retryMs`); a key never seen is answered
// `unavailable` (503), since the service cannot tell whether it is valid.
import { LRUCache } from 'lru-cache';
import type { Maybe } from '../maybe.js';
import type { Store } from '../store/types.js';
import { hashKey, parseApiKeys, type KeyRecord } from './keys.js';

export const DEFAULT_KEY_CACHE_MS = 5_000;
/** While the store is down: how often one key's verdict is asked of it again. */
const RETRY_MS = 1_000;

export const UNAVAILABLE = 'unavailable' as const;
export type KeyLookup = KeyRecord | undefined | typeof UNAVAILABLE;

interface Verdict {
  record: KeyRecord | false;
  /** Clock ms until which the verdict stands without asking the store. */
  until: number;
}

export interface KeyStoreOptions {
  ttlMs?: number;
  now?: () => number;
  onError?: (err: Error) => void;
}

export class KeyStore {
  private readonly envKeys = new Map<string, KeyRecord>();
  /** Tokens (as presented) and their verdicts, so a request neither hashes its key again nor asks the store. */
  private readonly verdicts = new LRUCache<string, Verdict>({ max: 10_000 });
  private readonly inFlight = new Map<string, Promise<KeyLookup>>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly onError: (err: Error) => void;

  constructor(
    apiKeys: string | undefined,
    private readonly store: Store | undefined,
    options: KeyStoreOptions = {},
  ) {
    for (const k of parseApiKeys(apiKeys)) this.envKeys.set(k.hash, k);
    this.ttlMs = options.ttlMs ?? DEFAULT_KEY_CACHE_MS;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => {});
  }

  /** Keys of API_KEYS. */
  get envSize(): number {
    return this.envKeys.size;
  }

  lookup(token: string): Maybe<KeyLookup> {
    const cached = this.verdicts.get(token);
    if (cached && this.now() < cached.until) return cached.record || undefined;
    if (!cached) {
      const env = this.envKeys.get(hashKey(token));
      if (env || !this.store) {
        this.verdicts.set(token, { record: env ?? false, until: Infinity });
        return env;
      }
    }
    let pending = this.inFlight.get(token);
    if (!pending) {
      pending = this.ask(token, cached).finally(() => this.inFlight.delete(token));
      this.inFlight.set(token, pending);
    }
    return pending;
  }

  private async ask(token: string, stale: Verdict | undefined): Promise<KeyLookup> {
    try {
      const row = await this.store!.keyByHash(hashKey(token));
      const record = row && !row.revokedAt ? row : false;
      this.verdicts.set(token, { record, until: this.now() + this.ttlMs });
      return record || undefined;
    } catch (err) {
      this.onError(err as Error);
      if (!stale) return UNAVAILABLE;
      stale.until = this.now() + RETRY_MS;
      return stale.record || undefined;
    }
  }
}
