// Key look-ups for every request, off the database: API_KEYS keys are in memory; a stored key's
// verdict (known, unknown or revoked) is kept in process for `ttlMs` (KEY_CACHE_SECONDS, 5 s by
// default), so the database is read at most once per key and interval, and a key revoked on one
// replica is refused by every replica within that time. While the store cannot be reached, a
// verdict once known keeps being used (retried every `retryMs`); a key never seen is answered
// `unavailable` (503), since the service cannot tell whether it is valid. The OAuth server asks for
// keys by id (a grant names its key by id) through the same kind of cache, and creates Dev keys.
import { LRUCache } from 'lru-cache';
import type { Maybe } from '../maybe.js';
import type { Store } from '../store/types.js';
import { DEFAULT_SCOPES, generateKey, hashKey, parseApiKeys, type KeyRecord, type Tier } from './keys.js';

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

/** Verdicts by one kind of name (a token as presented, or a key id), and the store questions in flight. */
interface VerdictCache {
  verdicts: LRUCache<string, Verdict>;
  inFlight: Map<string, Promise<KeyLookup>>;
}

const verdictCache = (): VerdictCache => ({ verdicts: new LRUCache<string, Verdict>({ max: 10_000 }), inFlight: new Map() });

export class KeyStore {
  private readonly envKeys = new Map<string, KeyRecord>();
  private readonly envById = new Map<string, KeyRecord>();
  /** Tokens (as presented) and their verdicts, so a request neither hashes its key again nor asks the store. */
  private readonly byToken = verdictCache();
  /** Key ids (OAuth grants name their key by id) and their verdicts. */
  private readonly byId = verdictCache();
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly onError: (err: Error) => void;

  constructor(
    apiKeys: string | undefined,
    private readonly store: Store | undefined,
    options: KeyStoreOptions = {},
  ) {
    for (const k of parseApiKeys(apiKeys)) {
      this.envKeys.set(k.hash, k);
      this.envById.set(k.id, k);
    }
    this.ttlMs = options.ttlMs ?? DEFAULT_KEY_CACHE_MS;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => {});
  }

  /** Keys of API_KEYS. */
  get envSize(): number {
    return this.envKeys.size;
  }

  lookup(token: string): Maybe<KeyLookup> {
    return this.cached(this.byToken, token, () => this.envKeys.get(hashKey(token)), () => this.store!.keyByHash(hashKey(token)));
  }

  /** The active key with this id (an OAuth grant's account): revoked or unknown → undefined. */
  findById(id: string): Maybe<KeyLookup> {
    return this.cached(this.byId, id, () => this.envById.get(id), () => this.store!.keyById(id));
  }

  /**
   * Creates a key in the store (the consent page's Dev key signup) and returns it in clear, this
   * once; the store keeps only its hash. Rejects when there is no store or it cannot be reached.
   */
  async issue(tier: Tier, label: string): Promise<{ key: string; record: KeyRecord }> {
    if (!this.store) throw new Error('no store to keep the key in');
    const key = generateKey();
    const hash = hashKey(key);
    const record: KeyRecord = { id: hash.slice(0, 12), hash, tier, scopes: [...DEFAULT_SCOPES], label, createdAt: new Date(this.now()).toISOString() };
    if (!(await this.store.insertKey(record))) throw new Error('a key with this id exists already');
    return { key, record };
  }

  private cached(cache: VerdictCache, name: string, env: () => KeyRecord | undefined, fetch: () => Promise<KeyRecord | undefined>): Maybe<KeyLookup> {
    const cached = cache.verdicts.get(name);
    if (cached && this.now() < cached.until) return cached.record || undefined;
    if (!cached) {
      const known = env();
      if (known || !this.store) {
        cache.verdicts.set(name, { record: known ?? false, until: Infinity });
        return known;
      }
    }
    let pending = cache.inFlight.get(name);
    if (!pending) {
      pending = this.ask(cache, name, cached, fetch).finally(() => cache.inFlight.delete(name));
      cache.inFlight.set(name, pending);
    }
    return pending;
  }

  private async ask(cache: VerdictCache, name: string, stale: Verdict | undefined, fetch: () => Promise<KeyRecord | undefined>): Promise<KeyLookup> {
    try {
      const row = await fetch();
      const record = row && !row.revokedAt ? row : false;
      cache.verdicts.set(name, { record, until: this.now() + this.ttlMs });
      return record || undefined;
    } catch (err) {
      this.onError(err as Error);
      if (!stale) return UNAVAILABLE;
      stale.until = this.now() + RETRY_MS;
      return stale.record || undefined;
    }
  }
}
