// What an upstream is: its real base URL, the environment variable that overrides it, how it
// authenticates, its limits and its documentation. Each server module declares the upstreams it
// calls (servers/<slug>/, or servers/_shared/ when several servers share one) with defineUpstream;
// the registry collects them. Only the runtime's own upstreams are declared here: the Maskinporten
// token endpoint (any upstream's auth scheme may need it) and the data proxy's backend.
export type UpstreamAuth =
  | { type: 'none' }
  /** A key sent in a header, e.g. `Ocp-Apim-Subscription-Key` or `SVV-Authorization: Apikey <key>`. */
  | { type: 'header'; header: string; envVar: string; prefix?: string }
  /** HTTP Basic; `passwordEnvVar` may be absent for APIs that use an empty password. */
  | { type: 'basic'; userEnvVar: string; passwordEnvVar?: string }
  /** OAuth 2 client credentials: a bearer token from `tokenUrl`, cached until shortly before it expires. */
  | { type: 'oauth-client-credentials'; tokenUrl: string; tokenUrlEnvVar?: string; clientIdEnvVar: string; clientSecretEnvVar: string; scope?: string }
  /**
   * Maskinporten: a JWT grant signed with the organisation's key (MASKINPORTEN_CLIENT_ID,
   * MASKINPORTEN_KEY), for `scope`; tokens cached until shortly before they expire.
   */
  | { type: 'maskinporten'; scope: string; extraEnvVars?: string[] }
  /**
   * A key sent as a query parameter (Tripadvisor's Content API `key`), for APIs that take it no
   * other way: appended when the request is sent, never part of the cache key, and written to
   * recordings as `<redacted>`.
   */
  | { type: 'query'; param: string; envVar: string };

export interface UpstreamDefinition {
  id: string;
  name: string;
  /** Production base URL; paths of requests are appended to it. */
  baseUrl: string;
  /** `<UPSTREAM>_BASE_URL`, per SERVERS.md. */
  envVar: string;
  auth: UpstreamAuth;
  /** Documentation the request shapes follow. */
  docs: string;
  timeoutMs?: number;
  maxConcurrent?: number;
  maxBodyBytes?: number;
  headers?: Record<string, string>;
  /**
   * Statuses that are this upstream's real, repeatable answer to a request rather than a sign of
   * ill health (Regnskapsregisteret's 500 for banks): not retried, not counted by the breaker, and
   * reported with the message given here.
   */
  definiteStatuses?: Record<number, string>;
  /** Circuit breaker of this upstream: failures before it opens, and how long it stays open (defaults: the client's options). */
  breaker?: { threshold?: number; cooldownMs?: number };
  /**
   * The upstream's published request rate: at most `requests` in any `perSeconds` seconds, held by
   * this service whatever its callers do (runtime/upstream/pace.ts; shared by replicas through
   * Redis). A call that would exceed it waits briefly or answers 503 with svcRetryAfterMs.
   * `source` says where the rate is published.
   */
  rateLimit?: { requests: number; perSeconds: number; source: string };
}

/** Maskinporten's token endpoint, used by every upstream whose auth scheme is `maskinporten`. */
export const MASKINPORTEN: UpstreamDefinition = {
  id: 'maskinporten',
  name: 'Maskinporten (token endpoint)',
  baseUrl: 'https://maskinporten.no',
  envVar: 'MASKINPORTEN_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://docs.digdir.no/docs/Maskinporten/maskinporten_protocol_token',
};

/**
 * The data proxy's backend (REST spec 4.1): `/v1/connectors/{kilde}/{endepunkt}` answered as it
 * stands (pass-through). With DATA_BACKEND_URL unset the backend is this same service, reached in
 * process (runtime/rest/backend.ts), so this base is never dialled.
 */
export const DATA_BACKEND: UpstreamDefinition = {
  id: 'data-backend',
  name: 'Data backend (connector routes by source key)',
  baseUrl: 'http://data-backend.invalid',
  envVar: 'DATA_BACKEND_URL',
  auth: { type: 'none' },
  docs: 'REST spec 4.1; served by /v1/connectors/{kilde}/{route} of this service',
  // A proxied call may wait for a slow source behind the backend (retries included).
  timeoutMs: 60_000,
  maxConcurrent: 256,
};

/** The upstreams of the runtime itself, present whatever servers are loaded. */
export const RUNTIME_UPSTREAMS: readonly UpstreamDefinition[] = [MASKINPORTEN, DATA_BACKEND];

/** The credential variables an upstream's auth scheme needs. */
export function authEnvVars(auth: UpstreamAuth): string[] {
  switch (auth.type) {
    case 'none':
      return [];
    case 'header':
    case 'query':
      return [auth.envVar];
    case 'basic':
      return [auth.userEnvVar, ...(auth.passwordEnvVar ? [auth.passwordEnvVar] : [])];
    case 'oauth-client-credentials':
      return [auth.clientIdEnvVar, auth.clientSecretEnvVar];
    case 'maskinporten':
      return ['MASKINPORTEN_CLIENT_ID', 'MASKINPORTEN_KEY', ...(auth.extraEnvVars ?? [])];
  }
}
