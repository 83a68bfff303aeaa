// The tests that exercise what differs between Node versions: sockets and HTTP servers, undici,
// streams and zlib, timers, crypto and JWT signing, child processes, Redis and PostgreSQL clients,
// WebAssembly, Chromium, and the loading of every server module. `.ci/run` runs the whole suite on
// the machine's Node and this part of it on every other supported major (README "Test"): the rest
// is mapping of recorded JSON, which no Node version changes, and running it four times would take
// CI past its time budget.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export const PLATFORM_TESTS = [
  // Real listeners, sockets and raw HTTP
  'tests/body-cap.test.ts',
  'tests/client-abort.test.ts',
  'tests/client-address.test.ts',
  'tests/host-guard.test.ts',
  'tests/hostile-http.test.ts',
  'tests/hostile-proxy.test.ts',
  'tests/metrics-access.test.ts',
  'tests/ratelimit-headers.test.ts',
  'tests/shutdown.test.ts',
  'tests/startup.test.ts',
  'tests/smoke.test.ts',
  // MCP over HTTP with the SDK clients (1.x and v2), both protocol eras
  'tests/mcp-contract.test.ts',
  'tests/mcp-transport-parity.test.ts',
  'tests/mcp-revision-2026.test.ts',
  'tests/output-schemas.test.ts',
  // OAuth for MCP clients: oidc-provider (Koa on Node's own request objects), cookies, crypto
  'tests/oauth-flow.test.ts',
  'tests/oauth-server.test.ts',
  'tests/oauth-store.test.ts',
  // undici, timeouts, deadlines, the breaker, caching headers, pacing, streams and zlib
  'tests/upstream-client.test.ts',
  'tests/upstream-caching.test.ts',
  'tests/upstream-pace.test.ts',
  'tests/upstream-auth.test.ts',
  'tests/call-deadline.test.ts',
  'tests/faults-upstream.test.ts',
  'tests/gzip-splice.test.ts',
  'tests/log-output.test.ts',
  'tests/sanctions-index.test.ts',
  // crypto (key hashes, signed cursors), child processes (the keys command), Redis
  'tests/keys.test.ts',
  'tests/companies-cursor.test.ts',
  'tests/redis-slots.test.ts',
  'tests/replicas.test.ts',
  // The store: SQLite as WebAssembly on a file, PostgreSQL through pg on a real server (killed and restarted)
  'tests/store.test.ts',
  'tests/store-faults.test.ts',
  'tests/account-routes.test.ts',
  // Chromium through playwright-core
  'tests/landing-browser.test.ts',
  'tests/docs-browser.test.ts',
  'tests/install-browser.test.ts',
  // Worker threads (piscina), from the sources under tsx and from the built bundle
  'tests/off-thread.test.ts',
  'tests/dist-workers.test.ts',
  // every server module loads and every tool answers its recorded example
  'tests/registry.test.ts',
];

// Not mergeConfig: it concatenates arrays, so the base's include (every test) would stay in.
export default defineConfig({ test: { ...base.test, include: PLATFORM_TESTS } });
