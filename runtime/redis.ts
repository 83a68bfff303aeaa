// One Redis connection for the replica-shared state (rate-limit counters, the upstream response
// cache). Commands fail fast while Redis is away (no offline queue), so callers fall back to
// per-process state at once; the connection keeps retrying and the service returns to Redis when
// it is back. Going away and coming back are each logged once.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface RedisLink {
  client: Redis;
  /** True while commands can be sent. */
  ready(): boolean;
  describe(): { backend: 'redis'; state: 'ready' | 'unavailable'; since: string };
  close(): Promise<void>;
}

export function connectRedis(url: string, logger: Logger): RedisLink {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 500,
    lazyConnect: false,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let up = false;
  let since = new Date();
  client.on('ready', () => {
    if (!up) logger.info({ redis: 'ready' }, 'Redis connected: rate limits and cache are shared between replicas');
    up = true;
    since = new Date();
  });
  const down = (err?: Error) => {
    if (up) logger.warn({ redis: 'unavailable', reason: err?.message }, 'Redis unavailable: falling back to per-process rate limits and cache');
    if (up) since = new Date();
    up = false;
  };
  client.on('error', (err: Error) => down(err));
  client.on('close', () => down());
  client.on('end', () => down());
  return {
    client,
    ready: () => up && client.status === 'ready',
    describe: () => ({ backend: 'redis', state: up ? 'ready' : 'unavailable', since: since.toISOString() }),
    close: async () => {
      client.disconnect();
    },
  };
}
