// The real service on a real socket for fault and attack tests: runtime/server.ts startServer on
// 127.0.0.1 and a free port, every upstream's base URL pointed at a local fake (nothing reaches
// the network), fake credentials set so that tests can prove they never leak, and every log line
// kept for the same check.
import { expect } from 'vitest';
import { pino } from 'pino';
import { loadConfig } from '../../runtime/config.js';
import { startServer, type Running } from '../../runtime/server.js';
import type { ServiceOptions } from '../../runtime/services.js';
import { UPSTREAMS } from './upstreams.js';
import { KEYS } from './app.js';

/** Fake credentials: set in the service's environment, never to appear in an answer or a log line. */
export const FAKE_SECRETS: Record<string, string> = {
  CVR_ES_USER: 'cvr-user-s3cr3t-u7',
  CVR_ES_PASS: 's3cr3t-pass',
  RSK_API_KEY: 'rsk-s3cr3t-key-41',
  DOFFIN_API_KEY: 'doffin-s3cr3t-key-93',
  BOLAGSVERKET_CLIENT_ID: 'bolagsverket-s3cr3t-id',
  BOLAGSVERKET_CLIENT_SECRET: 'bolagsverket-s3cr3t-secret',
  DATA_BACKEND_KEY: 'data-backend-s3cr3t-key',
};

/** Every `<UPSTREAM>_BASE_URL` (and token URL) pointed at `base`. */
export function allUpstreamsAt(base: string): Record<string, string> {
  const env: Record<string, string> = { BOLAGSVERKET_TOKEN_URL: `${base}/oauth2/token` };
  for (const def of UPSTREAMS) if (def.envVar !== 'DATA_BACKEND_URL') env[def.envVar] = base;
  return env;
}

export interface LiveApp {
  running: Running;
  url: string;
  /** Every log line the service wrote. */
  logs: string[];
  /** Every response body read through `fetch`. */
  bodies: string[];
  fetch(path: string, init?: RequestInit & { headers?: Record<string, string> }): Promise<{ status: number; headers: Headers; text: string; json: any }>;
  close(): Promise<void>;
}

export async function startLive(env: Record<string, string>, options: Partial<ServiceOptions> = {}): Promise<LiveApp> {
  const logs: string[] = [];
  const logger = pino({ level: 'info', base: undefined }, { write: (line: string) => void logs.push(line) });
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    UPSTREAM_MODE: 'live',
    API_KEYS: `${KEYS.enterprise}:enterprise,${KEYS.pro}:pro`,
    ANON_RATE_LIMIT: '1000000',
    DATABASE_PATH: ':memory:',
    ...FAKE_SECRETS,
    ...env,
  });
  const running = await startServer(config, { logger, retryBaseMs: 20, ...options });
  const bodies: string[] = [];
  return {
    running,
    url: running.url,
    logs,
    bodies,
    async fetch(path, init = {}) {
      const res = await fetch(`${running.url}${path}`, init);
      const text = await res.text();
      bodies.push(text);
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.status, headers: res.headers, text, json: parsed };
    },
    close: () => running.close(),
  };
}

export const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
export const BEARER = { authorization: `Bearer ${KEYS.enterprise}` };

/** Stack frames, file paths and source positions: none may reach a client. */
const INTERNALS: RegExp[] = [/\n\s+at\s/, /\bat\s+\S+\s+\(\S+:\d+:\d+\)/, /\/work\//, /node_modules/, /\.ts:\d+/, /\.[cm]?js:\d+/, /file:\/\//, /\/home\//, /\/tmp\//];

/** Asserts that `text` shows no stack trace, file path or source position, and none of `secrets`. */
export function expectNoLeak(text: string, secrets: string[] = Object.values(FAKE_SECRETS), where = 'response'): void {
  for (const re of INTERNALS) expect(re.test(text), `${where} matches ${re}: ${text.slice(0, 300)}`).toBe(false);
  for (const s of secrets) expect(text.includes(s), `${where} contains the secret ${s}`).toBe(false);
}

/** An MCP tools/call over the socket; the result's content parsed. */
export async function mcpCall(app: LiveApp, slug: string, name: string, args: unknown, id: number | string = 1) {
  const r = await app.fetch(`/mcp/${slug}`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...BEARER },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
  });
  const result = r.json?.result as { isError?: boolean; content: { text: string }[] } | undefined;
  return { ...r, result, isError: result?.isError === true, data: result ? JSON.parse(result.content[0].text) : undefined };
}

/** Waits until `check` passes or `ms` elapse (then throws its last failure). */
export async function eventually(check: () => void | Promise<void>, ms = 3_000, every = 25): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, every));
    }
  }
}

/** Collects unhandled rejections and uncaught exceptions while a file runs. */
export function watchProcess() {
  const seen: string[] = [];
  const onRejection = (reason: unknown) => void seen.push(`unhandledRejection: ${reason instanceof Error ? reason.stack : String(reason)}`);
  const onException = (err: Error) => void seen.push(`uncaughtException: ${err.stack}`);
  return {
    seen,
    start() {
      process.on('unhandledRejection', onRejection);
      process.on('uncaughtException', onException);
    },
    stop() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}
