// The fetch the authorization server uses for what a client names by URL (a Client ID Metadata
// Document, a jwks_uri): https only, the host resolved first, and refused when ANY of its
// addresses is loopback, private, link-local, CGNAT, multicast, reserved, documentation or
// benchmarking, before a socket is opened, so a refusal costs the same whatever the port (no port
// scan by timing). The connection then goes to the vetted address only (a DNS answer that changes
// between the check and the connect cannot swap it), with a connect timeout and a body cap.
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch, type Dispatcher } from 'undici';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A URL the service will not fetch; the provider answers invalid_client, with no connection made. */
export class MetadataFetchRefused extends Error {}

export interface GuardedFetchOptions {
  /** Every address of a host name (tests inject one; the system resolver by default). */
  lookup?: (host: string) => Promise<ResolvedAddress[]>;
  /** The dispatcher that connects to `address` only (tests inject a mock). */
  dispatcherFor?: (address: ResolvedAddress) => Dispatcher;
}

/** Bytes of a response body: a Client ID Metadata Document is capped at 5 KiB by the provider, a key set at 64 KiB. */
export const MAX_FETCHED_BYTES = 64 * 1024;
const CONNECT_TIMEOUT_MS = 2_000;

// IANA special-purpose registries (RFC 6890 and updates), plus multicast and the reserved 240/4.
const SPECIAL_IPV4: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.31.196.0', 24], ['192.52.193.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16],
  ['192.175.48.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
// IPv6 outside 2000::/3 (loopback, unspecified, IPv4-mapped and -compatible, NAT64, ULA, link-local,
// multicast) is refused wholesale; inside it, these special blocks are too.
const SPECIAL_IPV6: [string, number][] = [
  ['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['2620:4f:8000::', 48], ['3fff::', 20],
];

const special = new BlockList();
for (const [net, prefix] of SPECIAL_IPV4) special.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of SPECIAL_IPV6) special.addSubnet(net, prefix, 'ipv6');
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');

/** Whether an IP address is an ordinary public one (anything else, or not an address: false). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !special.check(address, 'ipv4');
  if (family === 6) return globalUnicastV6.check(address, 'ipv6') && !special.check(address, 'ipv6');
  return false;
}

const systemLookup = async (host: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** A lookup that answers the vetted address whatever it is asked (net.connect's form, with or without `all`). */
export function pinnedLookup(vetted: ResolvedAddress): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [vetted]);
    else callback(null, vetted.address, vetted.family);
  }) as LookupFunction;
}

/** A dispatcher that connects to `vetted` whatever name a URL gives, with a connect timeout and the body cap. */
export const pinnedAgent = (vetted: ResolvedAddress): Dispatcher =>
  new Agent({ connect: { lookup: pinnedLookup(vetted), timeout: CONNECT_TIMEOUT_MS }, maxResponseSize: MAX_FETCHED_BYTES, connections: 1, pipelining: 0 });

function abortable<T>(work: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** The one address the URL may be fetched from, or a refusal naming why. */
export async function vetUrl(target: string, lookup: (host: string) => Promise<ResolvedAddress[]>, signal?: AbortSignal | null): Promise<ResolvedAddress> {
  const url = URL.parse(target);
  if (!url || url.protocol !== 'https:') throw new MetadataFetchRefused(`${target.slice(0, 200)}: only https URLs are fetched`);
  // WHATWG parsing has already turned 2130706433, 0x7f000001 and 127.1 into 127.0.0.1.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await abortable(lookup(host), signal);
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new MetadataFetchRefused(`${host.slice(0, 200)}: the name does not resolve`);
    }
  }
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  if (refused || !addresses.length) throw new MetadataFetchRefused(`${host.slice(0, 200)}: resolves to ${refused?.address ?? 'no address'}, which is not a public address`);
  return addresses[0];
}

/** The provider's `fetch`: vets the URL, then fetches it from the vetted address only. */
export function guardedFetch(options: GuardedFetchOptions = {}): typeof fetch {
  const lookup = options.lookup ?? systemLookup;
  const dispatcherFor = options.dispatcherFor ?? pinnedAgent;
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const target = input instanceof Request ? input.url : String(input);
    const vetted = await vetUrl(target, lookup, init.signal);
    // The provider passes a dispatcher of its own (one that checks after connecting): ours replaces it.
    const { dispatcher: _theirs, ...rest } = init as RequestInit & { dispatcher?: unknown };
    const dispatcher = dispatcherFor(vetted);
    try {
      const response = await undiciFetch(target, { ...(rest as object), redirect: 'manual', dispatcher });
      // Closes once the body is read (close waits for the request in flight).
      void dispatcher.close().catch(() => {});
      return response as unknown as Response;
    } catch (err) {
      void dispatcher.destroy().catch(() => {});
      throw err;
    }
  }) as typeof fetch;
}
