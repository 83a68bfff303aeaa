// The upstream response cache shared by replicas: one replica's upstream answer serves the others.
// Entries are JSON under a hash of the request key (the answer's bytes in base64: each replica
// reads them as its caller does), with the entry's lifetime as the Redis expiry. Very large
// answers stay in the local cache only. Redis errors read as a miss.
import { createHash } from 'node:crypto';
import type { RedisLink } from '../redis.js';
import type { SharedCache } from './shared-cache.js';

const MAX_SHARED_BYTES = 2 * 1024 * 1024;

export class RedisSharedCache implements SharedCache {
  constructor(
    private readonly redis: RedisLink,
    private readonly prefix = 'uc:',
  ) {}

  private key(key: string): string {
    return this.prefix + createHash('sha256').update(key).digest('base64url');
  }

  async get<T>(key: string): Promise<T | undefined> {
    if (!this.redis.ready()) return undefined;
    try {
      const text = await this.redis.client.get(this.key(key));
      return text ? (JSON.parse(text) as T) : undefined;
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    if (!this.redis.ready() || ttlMs <= 0) return;
    const text = JSON.stringify(value);
    if (text.length > MAX_SHARED_BYTES) return;
    try {
      await this.redis.client.set(this.key(key), text, 'PX', Math.ceil(ttlMs));
    } catch {
      /* a write that fails is a cache that stays local */
    }
  }
}
