// The operator contract (DESIGN.md): every environment variable the service reads, parsed once.
import { isIP } from 'node:net';

export type UpstreamMode = 'live' | 'replay' | 'record';

export interface Config {
  host: string;
  port: number;
  publicBaseUrl: string;
  upstreamMode: UpstreamMode;
  recordingsDir: string;
  apiKeys?: string;
  apiKeysFile?: string;
  redisUrl?: string;
  anonymousPerMinute: number;
  /** Failed authentications (unknown keys) per minute per client address before 429. */
  authFailuresPerMinute: number;
  enterpriseRateLimit?: string;
  maxBodyBytes: number;
  /** Take the client address from X-Forwarded-For (behind a trusted proxy). */
  trustProxy: boolean;
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
  env: NodeJS.ProcessEnv;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, dflt: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
  return n;
}

export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return h === '::1';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = positiveInt(env, 'PORT', 8787, 0);
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, '');
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
    upstreamMode: mode,
    recordingsDir: env.RECORDINGS_DIR || 'tests/recordings',
    apiKeys: env.API_KEYS || undefined,
    apiKeysFile: env.API_KEYS_FILE || undefined,
    redisUrl: env.REDIS_URL || undefined,
    anonymousPerMinute: positiveInt(env, 'ANON_RATE_LIMIT', 600),
    authFailuresPerMinute: positiveInt(env, 'AUTH_FAILURE_LIMIT', 20),
    enterpriseRateLimit: env.ENTERPRISE_RATE_LIMIT || undefined,
    maxBodyBytes: positiveInt(env, 'MAX_BODY_BYTES', 1024 * 1024),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL || 'info',
    userAgent: env.UPSTREAM_USER_AGENT || `nordic-open-data-host/${version} (+${publicBaseUrl})`,
    version,
    commit: env.GIT_COMMIT || env.SOURCE_COMMIT || 'unknown',
    dataBackendUrl,
    dataBackendKey: env.DATA_BACKEND_KEY || undefined,
    fixedNow,
    env,
  };
}
