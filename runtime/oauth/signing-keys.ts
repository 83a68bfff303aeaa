// The keys the authorization server signs with (its JWKS) and the secrets of its cookies. Access
// tokens are opaque (looked up, not verified by signature), so the signing key only matters for ID
// tokens and signed responses; still, replicas must share both, or a flow begun on one fails on
// another: set OAUTH_JWKS (or OAUTH_JWKS_FILE) and OAUTH_COOKIE_KEYS for more than one replica.
import { generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface JwkSet {
  keys: JsonWebKey[];
}

function parseJwks(text: string, from: string): JwkSet {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${from} is not JSON: it must be a JWK Set such as {"keys":[{"kty":"EC","crv":"P-256","d":"…",…}]}`);
  }
  const keys = (value as JwkSet | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0 || keys.some((k) => typeof k !== 'object' || k === null || !('d' in k))) {
    throw new Error(`${from} must be a JWK Set of private keys: {"keys":[…]} with at least one key, each with its private part "d"`);
  }
  return { keys };
}

/** A P-256 key made now: cheap, and enough for one process (its ID tokens die with it). */
export function generatedJwks(): JwkSet {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  return { keys: [{ ...jwk, use: 'sig', alg: 'ES256', kid: randomBytes(8).toString('hex') }] };
}

/** The operator's signing keys (OAUTH_JWKS, else OAUTH_JWKS_FILE), read once at start; undefined when neither is set. */
export function configuredJwks(env: NodeJS.ProcessEnv): JwkSet | undefined {
  if (env.OAUTH_JWKS) return parseJwks(env.OAUTH_JWKS, 'OAUTH_JWKS');
  const file = env.OAUTH_JWKS_FILE;
  if (!file) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`OAUTH_JWKS_FILE ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  return parseJwks(text, `OAUTH_JWKS_FILE ${file}`);
}

export function randomCookieKeys(): string[] {
  return [randomBytes(32).toString('base64url')];
}
