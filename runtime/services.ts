// Builds, once per process, everything requests share: registry, upstream layer, store, keys,
// audit, limits, metrics and logger. Tests build their own with a replay transport and a quiet logger.
import { pino, type Logger } from 'pino';
import { KeyStore } from './auth/key-store.js';
import type { Tier } from './auth/keys.js';
import type { Config } from './config.js';
import type { ServerDefinition } from './define.js';
import type { InvokeDeps } from './invoke.js';
import { createAccessLog, type AccessLog } from './http/access-log.js';
import { createLogOutput } from './log-output.js';
import { Metrics } from './metrics.js';
import { RateLimiter, tierTable, type TierLimits } from './ratelimit/limiter.js';
import { MemoryCounterStore, type CounterStore } from './ratelimit/store.js';
import { createOAuthService, type OAuthService, type OAuthServiceOptions } from './oauth/service.js';
import { createPlatformView } from './platform.js';
import { InProcessBackend } from './rest/backend.js';
import { RedisCounterStore } from './ratelimit/redis-store.js';
import { AuditWriter } from './store/audit-writer.js';
import { openStore } from './store/open.js';
import type { Store } from './store/types.js';
import { connectRedis } from './redis.js';
import { Registry } from './registry.js';
import { ResultMemo } from './result-memo.js';
import { envCredentials } from './upstream/auth.js';
import { RedisSharedCache } from './upstream/redis-cache.js';
import type { UpstreamDefinition } from './upstream/catalogue.js';
import { UpstreamClient } from './upstream/client.js';
import { RedisPacer } from './upstream/pace.js';
import { LiveTransport, type Transport } from './upstream/transport.js';
import { RecordingTransport, ReplayTransport } from './upstream/recordings.js';
import type { SharedCache } from './upstream/shared-cache.js';

export interface Services {
  config: Config;
  registry: Registry;
  upstream: UpstreamClient;
  /** Keys and audit entries: SQLite by default, PostgreSQL with DATABASE_URL (runtime/store/). */
  store: Store;
  keys: KeyStore;
  /** Buffers audit entries of keyed requests and writes them in batches. */
  audit: AuditWriter;
  /** The OAuth authorization server for MCP clients that take no static key (runtime/oauth/). */
  oauth: OAuthService;
  limiter: RateLimiter;
  metrics: Metrics;
  logger: Logger;
  /** Writes the one line per request (runtime/http/access-log.ts). */
  accessLog: AccessLog;
  invokeDeps: InvokeDeps;
  /** The data proxy's backend transport: in process unless DATA_BACKEND_URL is set (the app attaches itself). */
  backend: InProcessBackend;
  startedAt: Date;
  close(): Promise<void>;
}

export interface ServiceOptions {
  servers: ServerDefinition[];
  transport?: Transport;
  upstreams?: UpstreamDefinition[];
  logger?: Logger;
  counterStore?: CounterStore;
  sharedCache?: SharedCache;
  retryBaseMs?: number;
  now?: () => Date;
  /** Replaces the tier table of the REST spec (tests with short windows). */
  tiers?: Record<Tier, TierLimits | null>;
  /** A store made by the caller (closed with the services all the same). */
  store?: Store;
  /** The clock of key verdicts and audit retention, in epoch ms (tests). */
  clock?: () => number;
  /** The OAuth artifact store (the SQL store's by default), the Client ID Metadata Document fetch and the clock (tests). */
  oauth?: OAuthServiceOptions;
}

export function transportFor(config: Config): Transport {
  if (config.upstreamMode === 'replay') return new ReplayTransport([config.recordingsDir]);
  if (config.upstreamMode === 'record') return new RecordingTransport(new LiveTransport(), config.recordingsDir);
  return new LiveTransport();
}

export function createServices(config: Config, options: ServiceOptions): Services {
  const credentials = envCredentials(config.env);
  // Buffered, asynchronous writes: a write call per log line would cost more than the request.
  const output = options.logger ? undefined : createLogOutput();
  const logger = options.logger ?? pino({ level: config.logLevel, base: undefined }, output!.stream);
  const metrics = new Metrics(true);
  const registry = new Registry(options.servers, credentials, { publicBaseUrl: config.publicBaseUrl });
  // With REDIS_URL, rate-limit counters and the upstream response cache are shared by replicas.
  const redis = config.redisUrl ? connectRedis(config.redisUrl, logger) : undefined;
  const transport = new InProcessBackend(options.transport ?? transportFor(config), !config.dataBackendUrl, config.publicBaseUrl);
  const upstream = new UpstreamClient({
    transport,
    upstreams: options.upstreams ?? registry.upstreams,
    credentials,
    metrics,
    userAgent: config.userAgent,
    sharedCache: options.sharedCache ?? (redis ? new RedisSharedCache(redis) : undefined),
    // Upstreams' published request rates hold across replicas when they share Redis.
    pacer: redis ? new RedisPacer(redis) : undefined,
    retryBaseMs: options.retryBaseMs,
  });
  const storeError = (err: Error) => logger.warn({ err: err.message }, 'store connection failed');
  const store = options.store ?? openStore(config, storeError);
  const keys = new KeyStore(config.apiKeys, store, { ttlMs: config.keyCacheMs, now: options.clock, onError: storeError });
  const audit = new AuditWriter(store, {
    retentionDays: config.auditRetentionDays,
    maxPending: config.auditBufferLimit,
    keyEntriesPerMinute: config.auditKeyEntriesPerMinute,
    now: options.clock,
    warn: (message) => logger.warn(message),
  });
  const oauth = createOAuthService(config, keys, registry.servers.map((s) => s.slug), {
    store: store.oauthArtifacts(options.oauth?.now),
    tokenCacheMs: config.keyCacheMs,
    warn: (message) => logger.warn(message),
    onServerError: (err) => logger.error({ err }, 'oauth server error'),
    ...options.oauth,
  });
  const tiers = options.tiers ?? tierTable(config.enterpriseRateLimit);
  const counters = options.counterStore ?? (redis ? new RedisCounterStore(redis, { leaseMs: config.slotLeaseSeconds * 1000 }) : new MemoryCounterStore());
  const limiter = new RateLimiter(counters, tiers, config.anonymousPerMinute, config.authFailuresPerMinute);
  const invokeDeps: InvokeDeps = {
    upstream,
    env: (name) => credentials.get(name),
    publicBaseUrl: config.publicBaseUrl,
    metrics,
    logger,
    callDeadlineMs: config.callDeadlineMs,
    now: options.now ?? (config.fixedNow ? () => new Date(config.fixedNow!.getTime()) : undefined),
    results: new ResultMemo(upstream),
    platform: createPlatformView(registry, upstream, metrics, {
      publicBaseUrl: config.publicBaseUrl,
      version: config.version,
      tiers,
      anonymousPerMinute: config.anonymousPerMinute,
      upstreamMode: config.upstreamMode,
    }),
  };
  return {
    config,
    registry,
    upstream,
    store,
    keys,
    audit,
    oauth,
    limiter,
    metrics,
    logger,
    accessLog: createAccessLog(logger, output?.stream),
    invokeDeps,
    backend: transport,
    startedAt: new Date(),
    close: async () => {
      oauth.stop();
      await audit.stop();
      await store.close();
      await transport.close?.();
      await redis?.close();
      await output?.close();
    },
  };
}
