// Bearer tokens for the token-based auth schemes of the catalogue, fetched once and cached until
// shortly before they expire; concurrent callers share one fetch.
// - OAuth 2 client credentials (RFC 6749 section 4.4): POST grant_type=client_credentials (and
//   the scope) to the token URL, the client id and secret as HTTP Basic (section 2.3.1).
// - Maskinporten (https://docs.digdir.no/docs/Maskinporten/maskinporten_protocol_token and
//   .../maskinporten_protocol_jwtgrant): a JWT grant (RFC 7523) signed RS256 with the
//   organisation's key, posted as grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=…
//   to <host>/token. aud is the environment's issuer (https://maskinporten.no/ or
//   https://test.maskinporten.no/, by MASKINPORTEN_ENV); MASKINPORTEN_BASE_URL only moves the host
//   the grant is posted to (a proxy or mirror), not the audience.
// Token requests go through the upstream client's transport (record/replay, timeout, size cap)
// but never through its response cache. No credential, assertion or token is ever put in an
// error message or a log line; a token endpoint's error body is never read into a message.
import { createHash, createPrivateKey, randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Deadline } from '../deadline.js';
import { fail, ToolError } from '../errors.js';
import type { CredentialSource } from './auth.js';
import type { UpstreamAuth, UpstreamDefinition } from './catalogue.js';
import { TransportError, type RawResponse } from './transport.js';
import { attemptTimeout, backoff, parseRetryAfter, retryFits, sleep } from './retry.js';

/** One token request: a form POST. The client adds user-agent, accept and content-type. */
export interface TokenRequest {
  /** Names the request in recordings, metrics and the `sent` counters. */
  upstreamId: string;
  url: string;
  form: Record<string, string>;
  headers?: Record<string, string>;
  /** This attempt's timeout, when the calling tool's deadline leaves less than the usual one. */
  timeoutMs?: number;
}

export type TokenSender = (req: TokenRequest) => Promise<RawResponse>;

export interface TokenCacheOptions {
  send: TokenSender;
  credentials: CredentialSource;
  now?: () => number;
  /** Extra attempts after a network error or a 5xx answer (each with a fresh grant). Default 2. */
  retries?: number;
  retryBaseMs?: number;
}

/** Claims added to a Maskinporten grant, e.g. Altinn's system-user `authorization_details`. */
export type ExtraClaims = Record<string, unknown>;

export const MASKINPORTEN_ISSUERS = { prod: 'https://maskinporten.no/', test: 'https://test.maskinporten.no/' } as const;
export type MaskinportenEnv = keyof typeof MASKINPORTEN_ISSUERS;
/** Lifetime of a Maskinporten grant: Maskinporten accepts at most 120 seconds between iat and exp. */
export const GRANT_LIFETIME_SECONDS = 120;
/** Recording directory (upstream id) of OAuth client-credentials token requests. */
export const OAUTH_TOKEN_UPSTREAM = 'oauth';
export const MASKINPORTEN_UPSTREAM = 'maskinporten';
/** A token request's own timeout (the call's deadline may leave less). */
const TOKEN_TIMEOUT_MS = 10_000;
/** A token without expires_in is kept this long. */
const DEFAULT_LIFETIME_MS = 60_000;
const RETRYABLE = new Set([500, 502, 503, 504]);

/** MASKINPORTEN_ENV (prod, the default, or test). */
export function maskinportenEnv(credentials: CredentialSource): MaskinportenEnv {
  const env = (credentials.get('MASKINPORTEN_ENV') ?? 'prod').trim().toLowerCase();
  if (env !== 'prod' && env !== 'test') {
    throw fail.notConfigured('MASKINPORTEN_ENV must be prod or test', { extra: { invalid: ['MASKINPORTEN_ENV'] } });
  }
  return env;
}

/** The issuer (the grant's aud) and the token endpoint in use. */
export function maskinportenEndpoints(credentials: CredentialSource): { issuer: string; tokenUrl: string } {
  const issuer = MASKINPORTEN_ISSUERS[maskinportenEnv(credentials)];
  const host = credentials.get('MASKINPORTEN_BASE_URL') ?? issuer;
  return { issuer, tokenUrl: `${checkedUrl(host, 'MASKINPORTEN_BASE_URL').replace(/\/+$/, '')}/token` };
}

/**
 * The variable that overrides an OAuth upstream's token endpoint: the one it declares, else its
 * base-URL variable with `_TOKEN_URL` for `_BASE_URL` (BARENTSWATCH_AIS_BASE_URL gives
 * BARENTSWATCH_AIS_TOKEN_URL), so that every URL an upstream is reached at can be pointed elsewhere.
 */
export function tokenUrlEnvVar(def: Pick<UpstreamDefinition, 'envVar' | 'auth'>): string | undefined {
  if (def.auth.type !== 'oauth-client-credentials') return undefined;
  return def.auth.tokenUrlEnvVar ?? `${def.envVar.replace(/(_BASE)?_URL$/, '')}_TOKEN_URL`;
}

/** The token endpoint in use: the override's value when it is set, else the declared URL. */
export function oauthTokenUrl(def: Pick<UpstreamDefinition, 'envVar' | 'auth'>, credentials: CredentialSource): string {
  if (def.auth.type !== 'oauth-client-credentials') throw new Error('not an OAuth client-credentials upstream');
  const name = tokenUrlEnvVar(def)!;
  const override = credentials.get(name);
  return override ? checkedUrl(override, name) : def.auth.tokenUrl;
}

function checkedUrl(value: string, envVar: string): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw fail.notConfigured(`${envVar} must be an absolute http(s) URL`, { extra: { invalid: [envVar] } });
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw fail.notConfigured(`${envVar} must be an absolute http(s) URL`, { extra: { invalid: [envVar] } });
  return u.href;
}

/** application/x-www-form-urlencoded, as RFC 6749 2.3.1 asks for the Basic user and password. */
const formEncode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');

/** Canonical JSON (sorted keys), so equal claims give one cache key. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as Record<string, unknown>)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

interface Plan {
  key: string;
  /** For messages: the upstream whose token this is. */
  name: string;
  upstreamId: string;
  url: string;
  /** Credential variables, named (never their values) when the endpoint rejects them. */
  vars: string[];
  headers?: Record<string, string>;
  /** A fresh form per attempt: a Maskinporten grant is single-use (jti). */
  form: () => Promise<Record<string, string>>;
}

interface Token {
  authorization: string;
  expiresAt: number;
}

export class TokenCache {
  private readonly tokens = new Map<string, Token>();
  private readonly inflight = new Map<string, Promise<Token>>();
  private readonly keys = new Map<string, KeyObject>();
  private readonly now: () => number;
  /** Token requests sent, all schemes together (tests and diagnostics read it). */
  fetches = 0;

  constructor(private readonly options: TokenCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The `authorization` header value for a call to `def`, from the cache when still fresh. A fetch
   * runs within the deadline of the call that started it; a caller joining it waits no longer than its own.
   */
  async authorization(def: UpstreamDefinition, extraClaims?: ExtraClaims, deadline?: Deadline): Promise<string> {
    const plan = this.plan(def, extraClaims);
    const hit = this.tokens.get(plan.key);
    if (hit && this.now() < hit.expiresAt) return hit.authorization;
    const joined = this.inflight.get(plan.key);
    let pending = joined;
    if (!pending) {
      pending = this.fetch(plan, deadline);
      this.inflight.set(plan.key, pending);
      // Settled either way: the next caller after a failure tries again.
      void pending.then(
        () => this.inflight.delete(plan.key),
        () => this.inflight.delete(plan.key),
      );
    }
    // The fetch itself keeps to the deadline of the call that started it; a caller that joined it keeps to its own.
    return (await (joined && deadline ? deadline.race(joined, `the token endpoint of ${plan.name}`) : pending)).authorization;
  }

  /** Forgets every token (tests; or after the operator rotates credentials). */
  clear(): void {
    this.tokens.clear();
  }

  private plan(def: UpstreamDefinition, extraClaims: ExtraClaims | undefined): Plan {
    const auth = def.auth;
    if (auth.type === 'oauth-client-credentials') return this.oauthPlan(def, auth);
    if (auth.type === 'maskinporten') return this.maskinportenPlan(def, auth, extraClaims);
    throw new Error(`${def.id} does not use a token scheme`);
  }

  private require(def: UpstreamDefinition, names: string[]): string[] {
    const missing = names.filter((n) => this.options.credentials.get(n) === undefined);
    if (missing.length > 0) {
      throw fail.notConfigured(`${def.name} needs ${missing.join(', ')}; set ${missing.length > 1 ? 'them' : 'it'} in the environment`, { extra: { missing } });
    }
    return names.map((n) => this.options.credentials.get(n)!);
  }

  private oauthPlan(def: UpstreamDefinition, auth: Extract<UpstreamAuth, { type: 'oauth-client-credentials' }>): Plan {
    const [id, secret] = this.require(def, [auth.clientIdEnvVar, auth.clientSecretEnvVar]);
    const url = oauthTokenUrl(def, this.options.credentials);
    const basic = Buffer.from(`${formEncode(id)}:${formEncode(secret)}`).toString('base64');
    return {
      key: `oauth ${url} ${digest(`${id}:${secret}`)} ${auth.scope ?? ''}`,
      name: def.name,
      upstreamId: OAUTH_TOKEN_UPSTREAM,
      url,
      vars: [auth.clientIdEnvVar, auth.clientSecretEnvVar],
      headers: { authorization: `Basic ${basic}` },
      form: async () => ({ grant_type: 'client_credentials', ...(auth.scope ? { scope: auth.scope } : {}) }),
    };
  }

  private maskinportenPlan(def: UpstreamDefinition, auth: Extract<UpstreamAuth, { type: 'maskinporten' }>, extraClaims: ExtraClaims | undefined): Plan {
    const [clientId, pem] = this.require(def, ['MASKINPORTEN_CLIENT_ID', 'MASKINPORTEN_KEY']);
    const kid = this.options.credentials.get('MASKINPORTEN_KID');
    const { issuer, tokenUrl } = maskinportenEndpoints(this.options.credentials);
    const key = this.privateKey(pem);
    const claims = extraClaims ?? {};
    return {
      key: `maskinporten ${tokenUrl} ${issuer} ${digest(`${clientId}:${pem}:${kid ?? ''}`)} ${auth.scope} ${canonical(claims)}`,
      name: `Maskinporten (for ${def.name})`,
      upstreamId: MASKINPORTEN_UPSTREAM,
      url: tokenUrl,
      vars: ['MASKINPORTEN_CLIENT_ID', 'MASKINPORTEN_KEY', ...(kid ? ['MASKINPORTEN_KID'] : [])],
      form: async () => {
        const iat = Math.floor(this.now() / 1000);
        // The registered claims are set last, so extra claims cannot replace them.
        const assertion = await new SignJWT({ ...claims, scope: auth.scope })
          .setProtectedHeader({ alg: 'RS256', ...(kid ? { kid } : {}) })
          .setAudience(issuer)
          .setIssuer(clientId)
          .setIssuedAt(iat)
          .setExpirationTime(iat + GRANT_LIFETIME_SECONDS)
          .setJti(randomUUID())
          .sign(key);
        return { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion };
      },
    };
  }

  /** MASKINPORTEN_KEY as PEM (PKCS#8 or PKCS#1), `\n`-escaped PEM, or base64 of the PEM. */
  private privateKey(value: string): KeyObject {
    const id = digest(value);
    const known = this.keys.get(id);
    if (known) return known;
    let pem = value.trim();
    if (!pem.includes('-----BEGIN')) pem = Buffer.from(pem, 'base64').toString('utf8').trim();
    if (!pem.includes('\n')) pem = pem.replace(/\\n/g, '\n');
    let key: KeyObject;
    try {
      key = createPrivateKey({ key: pem, format: 'pem' });
    } catch {
      key = undefined as unknown as KeyObject;
    }
    if (!key || key.asymmetricKeyType !== 'rsa') {
      throw fail.notConfigured('MASKINPORTEN_KEY is not a usable RSA private key; set it to the PEM of the key registered for the Maskinporten client', {
        extra: { invalid: ['MASKINPORTEN_KEY'] },
      });
    }
    this.keys.set(id, key);
    return key;
  }

  private async fetch(plan: Plan, deadline: Deadline | undefined): Promise<Token> {
    const attempts = (this.options.retries ?? 2) + 1;
    let last: ToolError | undefined;
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      if (attempt > 0) {
        const wait = backoff(attempt, this.options.retryBaseMs ?? 150);
        if (!retryFits(deadline, wait, TOKEN_TIMEOUT_MS)) break;
        await sleep(wait);
      }
      if (deadline?.expired) {
        last = deadline.error(`the token endpoint of ${plan.name}`);
        break;
      }
      const form = await plan.form();
      const bound = attemptTimeout(TOKEN_TIMEOUT_MS, deadline);
      let raw: RawResponse;
      try {
        this.fetches += 1;
        raw = await this.options.send({ upstreamId: plan.upstreamId, url: plan.url, form, headers: plan.headers, timeoutMs: bound.timeoutMs });
      } catch (err) {
        last = transportFailure(plan, err);
        if (err instanceof TransportError && (err.kind === 'no_recording' || err.kind === 'too_large')) break;
        if (err instanceof TransportError && err.kind === 'timeout' && bound.cut) {
          last = deadline!.error(`the token endpoint of ${plan.name}`);
          break;
        }
        continue;
      }
      if (RETRYABLE.has(raw.status)) {
        last = fail.upstream(`the token endpoint of ${plan.name} answered HTTP ${raw.status}`, { extra: { upstreamStatus: raw.status } });
        continue;
      }
      const token = this.accept(plan, raw);
      this.tokens.set(plan.key, token);
      return token;
    }
    throw last ?? fail.upstream(`the token endpoint of ${plan.name} could not be reached`);
  }

  private accept(plan: Plan, raw: RawResponse): Token {
    const { status } = raw;
    if (status === 400 || status === 401 || status === 403) {
      // The body (an OAuth error, possibly echoing the request) is never read into the message.
      throw fail.notConfigured(`${plan.name}: credentials rejected by the token endpoint (HTTP ${status}); check ${plan.vars.join(', ')}`, {
        detailCode: 'credentials_rejected',
        extra: { upstreamStatus: status },
      });
    }
    if (status === 429) {
      throw fail.upstream(`the token endpoint of ${plan.name} is rate limiting this service; try again later`, { status: 503, retryAfterMs: parseRetryAfter(raw.headers['retry-after'], this.now()) });
    }
    if (status < 200 || status >= 300) throw fail.upstream(`the token endpoint of ${plan.name} answered HTTP ${status}`, { extra: { upstreamStatus: status } });
    let body: { access_token?: unknown; expires_in?: unknown } | null = null;
    try {
      body = JSON.parse(raw.body.toString('utf8'));
    } catch {
      body = null;
    }
    const accessToken = body?.access_token;
    if (typeof accessToken !== 'string' || accessToken === '') throw fail.upstream(`the token endpoint of ${plan.name} answered without a usable access token`);
    const seconds = Number(body?.expires_in);
    const lifetime = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_LIFETIME_MS;
    // Refreshed shortly before it runs out: a quarter of its life early, at most a minute.
    const margin = Math.min(60_000, lifetime / 4);
    return { authorization: `Bearer ${accessToken}`, expiresAt: this.now() + lifetime - margin };
  }
}

function transportFailure(plan: Plan, err: unknown): ToolError {
  if (err instanceof TransportError) {
    // A replay miss names the request with its credential fields redacted (recordings.ts).
    if (err.kind === 'no_recording') return fail.upstream(err.message);
    if (err.kind === 'timeout') return fail.upstream(`the token endpoint of ${plan.name} did not answer in time`);
    if (err.kind === 'too_large') return fail.upstream(`the token endpoint of ${plan.name} answered more data than this service accepts`);
    if (err.kind === 'connect') return fail.upstream(`the token endpoint of ${plan.name} could not be reached`);
  }
  return fail.upstream(`the connection to the token endpoint of ${plan.name} failed`);
}
