// What platform tools (discovery, sources, …) may see of the service itself: the server records,
// upstream health, call metrics and public configuration. Read-only, and no secrets.
import type { Tier } from './auth/keys.js';
import { serverRecord, type ServerRecord } from './catalogue.js';
import type { Metrics } from './metrics.js';
import type { TierLimits } from './ratelimit/limiter.js';
import type { Registry } from './registry.js';
import type { BreakerSnapshot } from './upstream/breaker.js';
import type { UpstreamClient } from './upstream/client.js';

export interface PublicConfig {
  publicBaseUrl: string;
  version: string;
  tiers: Record<Tier, TierLimits | null>;
  anonymousPerMinute: number;
  upstreamMode: string;
}

export interface PlatformView {
  /** Server records (spec 2.1) with each tool's status in this process. */
  servers(): ServerRecord[];
  /** Circuit-breaker state of every upstream. */
  health(): Record<string, BreakerSnapshot>;
  /** The upstream ids a server declares (empty for platform servers and unknown slugs): its health is theirs. */
  upstreamsOf(slug: string): readonly string[];
  /** Calls, errors and latency per server since start. */
  metrics(): ReturnType<Metrics['summary']>;
  config(): PublicConfig;
}

export function createPlatformView(registry: Registry, upstream: UpstreamClient, metrics: Metrics, config: PublicConfig): PlatformView {
  let records: ServerRecord[] | undefined;
  return {
    servers: () => (records ??= registry.servers.map((s) => serverRecord(s, config.publicBaseUrl))),
    health: () => upstream.breakerStates(),
    upstreamsOf: (slug) => registry.server(slug)?.def.upstreams.map((u) => u.id) ?? [],
    metrics: () => metrics.summary(),
    config: () => config,
  };
}
