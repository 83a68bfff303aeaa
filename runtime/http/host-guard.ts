// The DNS-rebinding guard. A rebinding page reaches this service under the attacker's name, so
// its requests carry that name in Host and the attacker's page in Origin: Host must name this
// service (any port, as the MCP SDK compares it: a port forward or proxy may change it), and an
// Origin, when sent, must be one of this service's own origins exactly (scheme, host and port).
import type { MiddlewareHandler } from 'hono';
import { isLoopback, isWildcard } from '../config.js';

/** Loopback names and addresses: always this machine, whatever the bind address. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** A plain `host[:port]`: a name, IPv4 or bracketed IPv6 address, and a port up to 65535. No userinfo, path or list. */
const PLAIN_HOST = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/;

export interface HostRules {
  /** PUBLIC_BASE_URL: its host, and its origin. */
  publicBaseUrl: string;
  /** HOST: the bind address; a specific one (not a wildcard) is a name of this service too. */
  bindHost: string;
  /** ALLOWED_HOSTS entries: `host`, `host:port` or an origin such as `https://host`. */
  allowedHosts: string[];
}

/** The lower-case hostname of a plain `host[:port]`, or undefined when it is anything else. */
export function plainHostname(value: string): string | undefined {
  const match = PLAIN_HOST.exec(value);
  if (!match) return undefined;
  if (match[2] !== undefined && Number(match[2]) > 65535) return undefined;
  try {
    return new URL(`http://${value}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The names and origins this service answers to; origins of port-less names follow the listening port. */
export function hostAllowList(rules: HostRules): { hostnames: Set<string>; origins: Set<string>; onListeningPort: string[] } {
  const hostnames = new Set(LOOPBACK_NAMES);
  const origins = new Set<string>();
  const onListeningPort = [...LOOPBACK_NAMES];
  const add = (hostname: string | undefined, origin: string | undefined) => {
    if (hostname) hostnames.add(hostname);
    if (origin) origins.add(origin);
  };
  const pub = originOf(rules.publicBaseUrl);
  if (pub) add(new URL(pub).hostname, pub);
  const bind = rules.bindHost.toLowerCase();
  if (!isLoopback(bind) && !isWildcard(bind)) {
    const name = plainHostname(bind.includes(':') && !bind.startsWith('[') ? `[${bind}]` : bind);
    if (name) {
      hostnames.add(name);
      onListeningPort.push(name);
    }
  }
  for (const entry of rules.allowedHosts) {
    if (entry.includes('://')) {
      const origin = originOf(entry);
      if (!origin) throw new Error(`ALLOWED_HOSTS: "${entry}" is not an origin such as https://data.example.org`);
      add(new URL(origin).hostname, origin);
      continue;
    }
    const name = plainHostname(entry);
    if (!name) throw new Error(`ALLOWED_HOSTS: "${entry}" is not a host[:port] or an origin`);
    if (/:\d+$/.test(entry)) add(name, originOf(`http://${entry}`));
    else {
      hostnames.add(name);
      onListeningPort.push(name);
    }
  }
  return { hostnames, origins, onListeningPort };
}

export type HostCheck = (host: string | undefined, origin: string | undefined, listeningPort: number) => string | undefined;

/**
 * The check on Host and Origin: undefined when the request may pass, else the reason. Host values
 * found good are remembered, since a client sends the same one every time.
 */
export function hostChecker(rules: HostRules): HostCheck {
  const { hostnames, origins, onListeningPort } = hostAllowList(rules);
  const good = new Set<string>();
  const portOrigins = new Map<number, Set<string>>();
  const originsOn = (port: number) => {
    let set = portOrigins.get(port);
    if (!set) {
      set = new Set(origins);
      for (const name of onListeningPort) set.add(new URL(`http://${name}:${port}`).origin);
      if (portOrigins.size < 16) portOrigins.set(port, set);
    }
    return set;
  };
  return (host, origin, listeningPort) => {
    if (!host) return 'Missing Host header';
    if (origin === undefined && good.has(host)) return undefined;
    const hostname = plainHostname(host);
    if (!hostname) return `Invalid Host header: ${host.slice(0, 100)}`;
    if (!hostnames.has(hostname)) return `Invalid Host: ${hostname.slice(0, 100)}`;
    if (good.size < 64) good.add(host);
    if (origin === undefined) return undefined;
    if (!originsOn(listeningPort).has(origin.toLowerCase())) return `Invalid Origin: ${origin.slice(0, 100)}`;
    return undefined;
  };
}

export function refusal(path: string, message: string): { status: 403; contentType: string; body: string } {
  const mcp = path.startsWith('/mcp');
  const body = mcp
    ? { jsonrpc: '2.0', error: { code: -32000, message }, id: null }
    : { type: 'about:blank', title: 'Forbidden', status: 403, detail: message };
  return { status: 403, contentType: mcp ? 'application/json' : 'application/problem+json', body: JSON.stringify(body) };
}

/**
 * Refuses requests whose Host or Origin names another site (DNS rebinding), with 403. Paths in
 * `exempt` pass unchecked: a load balancer's health probe names whatever address it dialled.
 * Paths for which `anyOrigin` is true get the Host check only: public documents that any web
 * page may read (CORS `*`), such as the MCP discovery documents.
 */
export function hostGuard(check: HostCheck, fallbackPort: number, exempt: ReadonlySet<string>, anyOrigin: (path: string) => boolean = () => false): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (exempt.has(path)) return next();
    // The port the client dialled; app.request() in tests has no socket, so the configured one.
    const port = (c.env as { incoming?: { socket?: { localPort?: number } } } | undefined)?.incoming?.socket?.localPort ?? fallbackPort;
    const reason = check(c.req.header('host'), anyOrigin(path) ? undefined : c.req.header('origin'), port);
    if (reason) {
      const r = refusal(c.req.path, reason);
      return new Response(r.body, { status: r.status, headers: { 'content-type': r.contentType } });
    }
    await next();
  };
}
