// Bearer-key authentication shared by MCP tools/call and the keyed REST routes, free of any HTTP
// framework: each face turns the verdict into its own error format. Every refusal carries the
// X-RateLimit-* headers of whatever limit the request was counted against. A bearer token that is
// no API key may be an OAuth access token: `tokens` (MCP only) resolves it to the key it was
// granted with, so that tier, scopes and rate limits are that key's.
import { andThen, type Maybe } from '../maybe.js';
import type { Decision, RateLimiter } from '../ratelimit/limiter.js';
import { UNAVAILABLE, type KeyLookup, type KeyStore } from './key-store.js';
import { bearerToken, type KeyRecord } from './keys.js';

export type AuthVerdict =
  | { ok: true; record: KeyRecord }
  | {
      ok: false;
      /** missing: no key (counted against the address's allowance); unknown: a key that is not known
       * (counted as a failed authentication); scope: a known key without the scope (not counted). */
      reason: 'missing' | 'unknown' | 'scope';
      headers: Record<string, string>;
      /** The key's id when it is known (for the log line). */
      keyId?: string;
    }
  | { ok: false; reason: 'limited'; headers: Record<string, string>; decision: Decision }
  /** The store cannot be reached and this key has no verdict in process yet (503, retry shortly). */
  | { ok: false; reason: 'unavailable'; headers: Record<string, string> };

/** Seconds a client is asked to wait when its key cannot be checked. */
export const STORE_RETRY_SECONDS = 5;

const limited = (decision: Decision): AuthVerdict => ({ ok: false, reason: 'limited', headers: decision.headers, decision });

/**
 * The key of an Authorization header, if it is known and has `scope`. `clientAddress` is called
 * only when the address is needed (no key, an unknown key, or some address is over its
 * failed-authentication limit), so a known key costs no more than its lookup.
 */
export function authenticate(
  keys: KeyStore,
  limiter: RateLimiter,
  authorization: string | undefined,
  clientAddress: () => string,
  scope: string,
  tokens?: (token: string) => Promise<KeyLookup>,
): Maybe<AuthVerdict> {
  const token = bearerToken(authorization);
  if (!token) {
    return andThen(limiter.checkAnonymous(clientAddress()), (anon) => (anon.allowed ? { ok: false, reason: 'missing', headers: anon.headers } : limited(anon)));
  }
  if (limiter.anyAuthBlocked) {
    const blocked = limiter.authBlocked(clientAddress());
    if (blocked) return limited(blocked);
  }
  return andThen(keys.lookup(token), (record) => {
    // Not an API key: perhaps an OAuth access token, resolved to the key it was granted with.
    if (record === undefined && tokens) return tokens(token).then(judge);
    return judge(record);
  });

  function judge(record: KeyLookup): Maybe<AuthVerdict> {
    if (record === UNAVAILABLE) return { ok: false, reason: 'unavailable', headers: { 'Retry-After': String(STORE_RETRY_SECONDS) } };
    if (!record) {
      return andThen(limiter.authFailure(clientAddress()), (failure) => (failure.allowed ? { ok: false, reason: 'unknown', headers: failure.headers } : limited(failure)));
    }
    if (!record.scopes.includes(scope)) {
      return andThen(limiter.keyHeaders(record.id, record.tier), (headers): AuthVerdict => ({ ok: false, reason: 'scope', headers, keyId: record.id }));
    }
    return { ok: true, record };
  }
}
