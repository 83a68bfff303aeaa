// Process metrics in Prometheus form (served at /metrics) and a per-connector summary (calls,
// errors, latency) for the `metrics` platform key. One registry per app instance.
import { Registry, collectDefaultMetrics } from 'prom-client';
import { TallyCounter, TallyHistogram } from './tally.js';

export class Metrics {
  readonly registry = new Registry();
  readonly toolCalls = new TallyCounter('tool_calls_total', 'Tool calls by server, tool and outcome code (ok or an error code).', ['server', 'tool', 'outcome'], this.registry);
  readonly toolDuration = new TallyHistogram('tool_duration_seconds', 'Tool call duration.', ['server'], this.registry, [0.001, 0.005, 0.02, 0.1, 0.5, 1, 2.5, 5, 10]);
  readonly upstreamRequests = new TallyCounter(
    'upstream_requests_total',
    'Requests sent to upstreams, by upstream and result (HTTP status or failure kind).',
    ['upstream', 'result'],
    this.registry,
  );
  readonly upstreamCacheHits = new TallyCounter('upstream_cache_hits_total', 'Upstream answers served from the response cache.', ['upstream'], this.registry);
  readonly httpRequests = new TallyCounter(
    'http_requests_total',
    'HTTP requests by route family and status; 499: the client closed the connection before its answer (not a server error).',
    ['route', 'status'],
    this.registry,
  );

  /** Plain per-server totals for REST consumers (no Prometheus parser needed). */
  private readonly perServer = new Map<string, { calls: number; errors: number; totalMs: number; maxMs: number }>();

  constructor(collectDefaults = false) {
    if (collectDefaults) collectDefaultMetrics({ register: this.registry });
  }

  countHttp(route: string, status: number): void {
    this.httpRequests.labels(route, String(status)).inc();
  }

  recordTool(server: string, tool: string, outcome: string, ms: number): void {
    this.toolCalls.labels(server, tool, outcome).inc();
    this.toolDuration.labels(server).observe(ms / 1000);
    let s = this.perServer.get(server);
    if (!s) this.perServer.set(server, (s = { calls: 0, errors: 0, totalMs: 0, maxMs: 0 }));
    s.calls += 1;
    if (outcome !== 'ok') s.errors += 1;
    s.totalMs += ms;
    if (ms > s.maxMs) s.maxMs = ms;
  }

  summary(): Record<string, { calls: number; errors: number; meanLatencyMs: number; maxLatencyMs: number }> {
    const out: Record<string, { calls: number; errors: number; meanLatencyMs: number; maxLatencyMs: number }> = {};
    for (const [server, s] of this.perServer) {
      out[server] = {
        calls: s.calls,
        errors: s.errors,
        meanLatencyMs: s.calls ? Math.round((s.totalMs / s.calls) * 100) / 100 : 0,
        maxLatencyMs: Math.round(s.maxMs * 100) / 100,
      };
    }
    return out;
  }
}
