// What dynamic client registration (RFC 7591) accepts, so that no anonymous caller can make the
// store keep an unbounded amount: a bound on every metadata field and on the metadata as a whole,
// redirect URIs as the MCP authorization spec asks (https, or http on a loopback host, RFC 8252
// section 7.3), at most REGISTRATIONS_PER_HOUR registrations per client address per hour and
// MAX_UNUSED_CLIENTS registered clients not used yet in all. A new client expires after
// UNUSED_CLIENT_TTL_MS unless an authorization completes for it (adapter.ts lifts the expiry), and
// the OAuth service's hourly sweep deletes it. Refusals name the field and the bound.
import { BlockList, isIP } from 'node:net';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { resolveClientAddress } from '../http/request.js';
import { hashId, UNUSED_CLIENT_TTL_MS } from './adapter.js';
import type { OAuthArtifactStore } from './artifacts.js';

/** The registration request's body, checked on its Content-Length before the library reads it (its own cap is 56 KiB). */
export const MAX_REGISTRATION_BYTES = 16 * 1024;
/** The registered metadata as JSON: what one client may keep in the store. */
export const MAX_METADATA_BYTES = 8 * 1024;
export const MAX_REDIRECT_URIS = 10;
export const MAX_URI_CHARS = 2000;
export const REGISTRATIONS_PER_HOUR = 20;
export const MAX_UNUSED_CLIENTS = 10_000;
export { UNUSED_CLIENT_TTL_MS };

/** Characters of a string field named here; any other string field: DEFAULT_STRING_CHARS. */
const STRING_CHARS: Record<string, number> = {
  client_name: 200,
  software_id: 200,
  software_version: 200,
  scope: 500,
  client_uri: MAX_URI_CHARS,
  logo_uri: MAX_URI_CHARS,
  policy_uri: MAX_URI_CHARS,
  tos_uri: MAX_URI_CHARS,
  jwks_uri: MAX_URI_CHARS,
  initiate_login_uri: MAX_URI_CHARS,
  sector_identifier_uri: MAX_URI_CHARS,
};
const DEFAULT_STRING_CHARS = 100;
/** Entries of a list field and characters of each entry; any other list: DEFAULT_LIST. */
const LIST_BOUNDS: Record<string, { entries: number; chars: number }> = {
  redirect_uris: { entries: MAX_REDIRECT_URIS, chars: MAX_URI_CHARS },
  post_logout_redirect_uris: { entries: MAX_REDIRECT_URIS, chars: MAX_URI_CHARS },
  contacts: { entries: 5, chars: 254 },
};
const DEFAULT_LIST = { entries: 10, chars: DEFAULT_STRING_CHARS };
/** Made by the service (or, for a Client ID Metadata Document, checked by the library as a URL), not sent by a client. */
const SERVER_MADE = new Set(['client_id', 'client_secret', 'client_id_issued_at', 'client_secret_expires_at']);
/** RFC 7591 fields the library does not know: declared so that they are kept, bounded, and give the check its hook. */
const EXTRA_FIELDS = ['software_id', 'software_version'] as const;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
/** Addresses no redirect may name even over https: unspecified, link-local, multicast, reserved, IPv4-mapped. */
const NOWHERE = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['169.254.0.0', 16], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) NOWHERE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['fe80::', 10], ['ff00::', 8], ['::ffff:0:0', 96]] as const) NOWHERE.addSubnet(net, prefix, 'ipv6');

const shown = (value: string) => (value.length > 80 ? `${value.slice(0, 80)}…` : value);

/**
 * Why one redirect URI is refused, or undefined. A native app may also use a private-use scheme
 * (RFC 8252 section 7.1; the library refuses javascript:, data: and the like).
 */
function redirectUriProblem(uri: string, native: boolean): string | undefined {
  const url = URL.parse(uri);
  if (!url) return 'not a valid URI';
  if (uri.includes('#')) return 'must not contain a fragment';
  if (!native && url.protocol !== 'http:' && url.protocol !== 'https:') return 'https, or http on a loopback host (other schemes only with application_type native)';
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) return 'http only on a loopback host (127.0.0.1, [::1], localhost), otherwise https';
  if (url.protocol === 'https:') {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const family = isIP(host);
    if (family && NOWHERE.check(host, family === 6 ? 'ipv6' : 'ipv4')) return 'not an unspecified, link-local, multicast or reserved address';
  }
  return undefined;
}

/** The first bound the metadata breaks, as a message that starts with the field (redirect_uris… makes the library answer invalid_redirect_uri). */
export function metadataProblem(metadata: Record<string, unknown>): string | undefined {
  for (const [field, value] of Object.entries(metadata)) {
    if (value === undefined || SERVER_MADE.has(field)) continue;
    if (typeof value === 'string') {
      const max = STRING_CHARS[field] ?? DEFAULT_STRING_CHARS;
      if (value.length > max) return `${field}: at most ${max} characters (got ${value.length})`;
    } else if (Array.isArray(value)) {
      const { entries, chars } = LIST_BOUNDS[field] ?? DEFAULT_LIST;
      if (value.length > entries) return `${field}: at most ${entries} entries (got ${value.length})`;
      for (const [i, entry] of value.entries()) {
        if (typeof entry === 'string' && entry.length > chars) return `${field}[${i}]: at most ${chars} characters (got ${entry.length})`;
      }
    } else if ((EXTRA_FIELDS as readonly string[]).includes(field)) {
      return `${field}: a string of at most ${STRING_CHARS[field]} characters`;
    }
  }
  const uris = metadata.redirect_uris;
  if (Array.isArray(uris)) {
    for (const [i, uri] of uris.entries()) {
      const problem = typeof uri === 'string' ? redirectUriProblem(uri, metadata.application_type === 'native') : undefined;
      if (problem) return `redirect_uris[${i}]: ${problem} (got ${shown(uri as string)})`;
    }
  }
  let bytes: number;
  try {
    bytes = Buffer.byteLength(JSON.stringify(metadata));
  } catch {
    return 'client metadata: not serialisable as JSON';
  }
  if (bytes > MAX_METADATA_BYTES) return `client metadata: at most ${MAX_METADATA_BYTES} bytes as JSON (got ${bytes})`;
  return undefined;
}

/**
 * The provider's `extraClientMetadata`: the library calls the validator for each extra field, with
 * the whole metadata, before its own checks, for registrations, stored clients and Client ID
 * Metadata Documents alike; the whole check runs once, at the first field.
 */
export function boundedClientMetadata(InvalidClientMetadata: new (description: string) => Error) {
  return {
    properties: [...EXTRA_FIELDS],
    validator(_ctx: unknown, key: string, _value: unknown, metadata: object) {
      if (key !== EXTRA_FIELDS[0]) return;
      const problem = metadataProblem(metadata as Record<string, unknown>);
      if (problem) throw new InvalidClientMetadata(problem);
    },
  };
}

/**
 * Whom the hourly allowance counts: an IPv4 address (also when written IPv4-mapped), or an IPv6
 * address's /64, since one host usually holds the whole prefix.
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head, tail] = address.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? front : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

const HOUR_MS = 60 * 60 * 1000;
/** Counters of registrations per address and hour, in the artifact store so that replicas share them. */
const WINDOW_KIND = 'RegistrationWindow';
/** When registrations are full in all: the earliest an unused client may have expired. */
const FULL_RETRY_AFTER_S = 600;

export interface RegistrationGateOptions {
  store: OAuthArtifactStore;
  /** The registration endpoint's path. */
  path: string;
  /** TRUST_PROXY: how many proxies in front may name the client in X-Forwarded-For. */
  trustProxy: number;
  now?: () => number;
}

function refuse(ctx: KoaContextWithOIDC, status: number, error: string, description: string, retryAfterS?: number): void {
  ctx.status = status;
  ctx.set('cache-control', 'no-store');
  if (retryAfterS !== undefined) ctx.set('retry-after', String(retryAfterS));
  ctx.body = { error, error_description: description };
}

/**
 * Koa middleware in front of the provider: a registration request too large, from an address
 * past its hourly allowance, or made while MAX_UNUSED_CLIENTS clients wait for their first use, is
 * answered here, before the library reads the body. Every request that reaches the count spends
 * one of the address's allowance, refused or not.
 */
export function registrationGate(options: RegistrationGateOptions) {
  const now = options.now ?? Date.now;
  return async (ctx: KoaContextWithOIDC, next: () => Promise<unknown>): Promise<void> => {
    if (ctx.method !== 'POST' || ctx.path !== options.path) {
      await next();
      return;
    }
    const length = Number(ctx.get('content-length'));
    if (length > MAX_REGISTRATION_BYTES) {
      refuse(ctx, 413, 'invalid_client_metadata', `the registration request: at most ${MAX_REGISTRATION_BYTES} bytes (got ${length})`);
      return;
    }
    const address = addressGroup(resolveClientAddress(ctx.get('x-forwarded-for') || undefined, ctx.req.socket.remoteAddress, options.trustProxy));
    const at = now();
    const windowEnd = (Math.floor(at / HOUR_MS) + 1) * HOUR_MS;
    const count = await options.store.tally(WINDOW_KIND, hashId(`${address} ${windowEnd}`), windowEnd);
    if (count > REGISTRATIONS_PER_HOUR) {
      const wait = Math.max(1, Math.ceil((windowEnd - at) / 1000));
      refuse(ctx, 429, 'temporarily_unavailable', `at most ${REGISTRATIONS_PER_HOUR} registrations per address per hour; try again in ${Math.ceil(wait / 60)} min`, wait);
      return;
    }
    if ((await options.store.countExpiring('Client')) >= MAX_UNUSED_CLIENTS) {
      refuse(ctx, 503, 'temporarily_unavailable', `at most ${MAX_UNUSED_CLIENTS} registered clients may wait for their first authorization; try again later or use a Client ID Metadata Document`, FULL_RETRY_AFTER_S);
      return;
    }
    await next();
  };
}
