// The operator contract (DESIGN.md): every environment variable the service reads, parsed once.
import { isIP } from 'node:net';
import { DEFAULT_KEY_CACHE_MS } from './auth/key-store.js';
import { DEFAULT_KEYS_FILE } from './auth/keys.js';
import { DEFAULT_DATABASE_PATH } from './store/open.js';
import { DEFAULT_CALL_DEADLINE_MS } from './deadline.js';
import { configuredJwks, type JwkSet } from './oauth/signing-keys.js';
import { defaultUserAgent, parseUpstreamContact } from './upstream/contact.js';

export type UpstreamMode = 'live' | 'replay' | 'record';

export interface Config {
  host: string;
  port: number;
  publicBaseUrl: string;
  /** ALLOWED_HOSTS: more names (or origins) the Host and Origin checks accept (runtime/http/host-guard.ts). */
  allowedHosts: string[];
  upstreamMode: UpstreamMode;
  recordingsDir: string;
  apiKeys?: string;
  /** API_KEYS_FILE, default `.keys.json` in the working directory: the key file of earlier versions, imported into the store at start-up. */
  apiKeysFile: string;
  /** DATABASE_URL: PostgreSQL for keys and audit (replicas share it); unset, the SQLite file databasePath. */
  databaseUrl?: string;
  /** DATABASE_PATH: the SQLite file (default .data/opendata.sqlite; `:memory:` for none). */
  databasePath: string;
  /** KEY_CACHE_SECONDS: how long a key's verdict is used before the store is asked again. */
  keyCacheMs: number;
  /** AUDIT_RETENTION_DAYS: audit entries older than this are deleted (hourly). */
  auditRetentionDays: number;
  /** AUDIT_BUFFER_LIMIT: audit entries held in memory while the store is unreachable; past it they are dropped and counted. */
  auditBufferLimit: number;
  /** AUDIT_KEY_ENTRIES_PER_MINUTE: entries of one key kept one each per minute; past it (and for 429s) requests are counted into summary entries. */
  auditKeyEntriesPerMinute: number;
  redisUrl?: string;
  anonymousPerMinute: number;
  /** Failed authentications (unknown keys) per minute per client address before 429. */
  authFailuresPerMinute: number;
  enterpriseRateLimit?: string;
  maxBodyBytes: number;
  /**
   * TRUST_PROXY: how many trusted proxies stand in front of the service (0: none). The client
   * address is then the entry of X-Forwarded-For that the outermost of them appended.
   */
  trustProxy: number;
  /** METRICS_TOKEN: the bearer token /metrics on the main port asks for; unset, it is not served there. */
  metricsToken?: string;
  /** METRICS_PORT: a listener of its own for /metrics (no token), on METRICS_HOST (default loopback). */
  metrics?: { host: string; port: number };
  /** REDIS_SLOT_LEASE_SECONDS: how long a concurrency slot in Redis outlives a holder that stopped renewing it. */
  slotLeaseSeconds: number;
  /** CALL_DEADLINE_MS: one tool call's whole budget (attempts, retries, tokens, pages); runtime/deadline.ts. */
  callDeadlineMs: number;
  logLevel: string;
  userAgent: string;
  version: string;
  commit: string;
  /**
   * DATA_BACKEND_URL: the data proxy's backend (`{DATA_BACKEND_URL}/v1/connectors/...`); unset,
   * the backend is this same service, reached in process. DATA_BACKEND_KEY: the bearer key sent
   * to an external backend (another instance of this service takes one of its API keys).
   */
  dataBackendUrl?: string;
  dataBackendKey?: string;
  /** FIXED_NOW: the clock tools see (ISO time). Replay sets it to the date the recordings describe. */
  fixedNow?: Date;
  /** The OAuth authorization server for MCP clients (runtime/oauth/); its issuer is PUBLIC_BASE_URL. */
  oauth: OAuthConfig;
  env: NodeJS.ProcessEnv;
}

export interface OAuthConfig {
  /** OAUTH_ACCESS_TOKEN_TTL: seconds an access token lives (default 3600). */
  accessTokenTtl: number;
  /** OAUTH_REFRESH_TOKEN_TTL: seconds a refresh token lives (default 30 days); each use rotates it. */
  refreshTokenTtl: number;
  /** OAUTH_JWKS: a private JWK Set (JSON) the provider signs with; else OAUTH_JWKS_FILE; else one made at start. */
  jwks?: JwkSet;
  /** OAUTH_COOKIE_KEYS: comma-separated secrets that sign the consent flow's cookies; else made at start. */
  cookieKeys?: string[];
  /** OAUTH_ALLOW_DEV_KEY_SIGNUP: the consent page may create a Dev key for a person who has none. */
  allowDevKeySignup: boolean;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

function loadOAuthConfig(env: NodeJS.ProcessEnv): OAuthConfig {
  const accessTokenTtl = positiveInt(env, 'OAUTH_ACCESS_TOKEN_TTL', 3600, 60);
  if (accessTokenTtl > 86_400) throw new Error(`OAUTH_ACCESS_TOKEN_TTL must be at most 86400 seconds (one day), got "${env.OAUTH_ACCESS_TOKEN_TTL}"`);
  return {
    accessTokenTtl,
    refreshTokenTtl: positiveInt(env, 'OAUTH_REFRESH_TOKEN_TTL', 30 * 86_400, 300),
    jwks: configuredJwks(env),
    cookieKeys: env.OAUTH_COOKIE_KEYS ? env.OAUTH_COOKIE_KEYS.split(',').map((k) => k.trim()).filter(Boolean) : undefined,
    allowDevKeySignup: flag(env, 'OAUTH_ALLOW_DEV_KEY_SIGNUP'),
  };
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, dflt: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
  return n;
}

/** TRUST_PROXY: a number of proxies; `true` is one, `false` none. */
function proxyHops(raw: string | undefined): number {
  if (raw === undefined || raw === '' || raw === 'false') return 0;
  if (raw === 'true') return 1;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > 32) throw new Error(`TRUST_PROXY must be the number of trusted proxies in front of the service (0 to 32; true means 1), got "${raw}"`);
  return n;
}

/** DATABASE_URL: a postgres:// or postgresql:// URL (the password is never echoed). */
function databaseUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let ok = false;
  try {
    ok = /^postgres(ql)?:$/.test(new URL(raw).protocol);
  } catch {
    ok = false;
  }
  if (!ok) throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use the SQLite file DATABASE_PATH)');
  return raw;
}

export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return h === '::1';
}

/** `0.0.0.0` and `::`: every address of the machine. */
export function isWildcard(host: string): boolean {
  return ['0.0.0.0', '::', '[::]'].includes(host);
}

/** What start-up should warn about, one line each. */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (!config.env.PUBLIC_BASE_URL && !isLoopback(config.host)) {
    warnings.push(
      `PUBLIC_BASE_URL is unset while listening on ${config.host}: printed URLs use ${config.publicBaseUrl}, and only loopback names${config.allowedHosts.length ? ' and ALLOWED_HOSTS' : ''} pass the Host check; set PUBLIC_BASE_URL to the URL clients use`,
    );
  }
  return warnings;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = positiveInt(env, 'PORT', 8787, 0);
  // A wildcard bind is no address a client can use: printed URLs name localhost until PUBLIC_BASE_URL says better.
  const printedHost = isWildcard(host) ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://${printedHost}:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicBaseUrl);
  } catch {
    throw new Error(`PUBLIC_BASE_URL must be an absolute URL, got "${publicBaseUrl}"`);
  }
  const mode = (env.UPSTREAM_MODE || 'live') as UpstreamMode;
  if (!['live', 'replay', 'record'].includes(mode)) throw new Error(`UPSTREAM_MODE must be live, replay or record, got "${mode}"`);
  const version = env.npm_package_version || '0.1.0';
  const dataBackendUrl = env.DATA_BACKEND_URL ? env.DATA_BACKEND_URL.replace(/\/+$/, '') : undefined;
  if (dataBackendUrl) {
    let u: URL | undefined;
    try {
      u = new URL(dataBackendUrl);
    } catch {
      u = undefined;
    }
    if (!u || !/^https?:$/.test(u.protocol) || u.search || u.hash) throw new Error(`DATA_BACKEND_URL must be an absolute http(s) URL without query, got "${dataBackendUrl}"`);
  }
  const fixedNow = env.FIXED_NOW ? new Date(env.FIXED_NOW) : undefined;
  if (fixedNow && Number.isNaN(fixedNow.getTime())) throw new Error(`FIXED_NOW must be an ISO time, got "${env.FIXED_NOW}"`);
  return {
    host,
    port,
    publicBaseUrl,
    allowedHosts: (env.ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean),
    upstreamMode: mode,
    recordingsDir: env.RECORDINGS_DIR || 'tests/recordings',
    apiKeys: env.API_KEYS || undefined,
    apiKeysFile: env.API_KEYS_FILE || DEFAULT_KEYS_FILE,
    databaseUrl: databaseUrl(env.DATABASE_URL),
    databasePath: env.DATABASE_PATH || DEFAULT_DATABASE_PATH,
    keyCacheMs: positiveInt(env, 'KEY_CACHE_SECONDS', DEFAULT_KEY_CACHE_MS / 1000) * 1000,
    auditRetentionDays: positiveInt(env, 'AUDIT_RETENTION_DAYS', 90),
    auditBufferLimit: positiveInt(env, 'AUDIT_BUFFER_LIMIT', 10_000),
    auditKeyEntriesPerMinute: positiveInt(env, 'AUDIT_KEY_ENTRIES_PER_MINUTE', 1_000),
    redisUrl: env.REDIS_URL || undefined,
    anonymousPerMinute: positiveInt(env, 'ANON_RATE_LIMIT', 600),
    authFailuresPerMinute: positiveInt(env, 'AUTH_FAILURE_LIMIT', 20),
    enterpriseRateLimit: env.ENTERPRISE_RATE_LIMIT || undefined,
    maxBodyBytes: positiveInt(env, 'MAX_BODY_BYTES', 1024 * 1024),
    trustProxy: proxyHops(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN || undefined,
    metrics: env.METRICS_PORT ? { host: env.METRICS_HOST || '127.0.0.1', port: positiveInt(env, 'METRICS_PORT', 0, 0) } : undefined,
    slotLeaseSeconds: positiveInt(env, 'REDIS_SLOT_LEASE_SECONDS', 30, 3),
    callDeadlineMs: positiveInt(env, 'CALL_DEADLINE_MS', DEFAULT_CALL_DEADLINE_MS),
    logLevel: env.LOG_LEVEL || 'info',
    // UPSTREAM_CONTACT: the operator's e-mail address or URL, named in the User-Agent (runtime/upstream/contact.ts).
    userAgent: env.UPSTREAM_USER_AGENT || defaultUserAgent(version, publicBaseUrl, parseUpstreamContact(env.UPSTREAM_CONTACT)),
    version,
    commit: env.GIT_COMMIT || env.SOURCE_COMMIT || 'unknown',
    dataBackendUrl,
    dataBackendKey: env.DATA_BACKEND_KEY || undefined,
    fixedNow,
    oauth: loadOAuthConfig(env),
    env,
  };
}
