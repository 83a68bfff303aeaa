// The data proxy's backend (REST spec 4.1): `/v1/connectors/{sourceKey}/{route}`, the same
// connector routes as /api/connectors keyed by source key, plus the platform keys the service
// answers itself. With DATA_BACKEND_URL unset the backend is this same service: the upstream
// layer's requests for `data-backend` are handed to the app in process (no network), and only
// those requests pass the backend's gate without a key (the gateway already checked one).
import { Hono, type MiddlewareHandler } from 'hono';
import { requireKey } from '../http/api-auth.js';
import { connectorRoutes } from '../http/connectors.js';
import type { AppEnv } from '../http/request.js';
import type { Services } from '../services.js';
import { TransportError, type OutgoingRequest, type RawResponse, type Transport } from '../upstream/transport.js';
import { platformKeyRoutes } from './platform-keys.js';

export const DATA_BACKEND = 'data-backend';

/**
 * Requests the in-process transport made, with the caller they run for: they cannot come from the
 * network, so they need no key, and their upstream calls count against the proxy's caller.
 */
const inProcessRequests = new WeakMap<Request, string | undefined>();

const KEPT_HEADERS = ['content-type', 'retry-after'];

/**
 * A transport that answers `data-backend` requests from the app itself when the backend is this
 * service, and passes every other request to the real transport (live, replay or record).
 */
export class InProcessBackend implements Transport {
  private handler?: (request: Request) => Response | Promise<Response>;

  constructor(
    private readonly inner: Transport,
    /** True when DATA_BACKEND_URL is unset. */
    readonly inProcess: boolean,
    /** PUBLIC_BASE_URL: the origin the in-process requests carry, so the host guard lets them in. */
    private readonly origin: string,
  ) {}

  /** The app's fetch; set once the app exists (runtime/http/app.ts). */
  attach(handler: (request: Request) => Response | Promise<Response>): void {
    this.handler = handler;
  }

  async send(req: OutgoingRequest): Promise<RawResponse> {
    if (!this.inProcess || req.upstreamId !== DATA_BACKEND) return this.inner.send(req);
    if (!this.handler) throw new TransportError('connect', 'the in-process data backend is not attached');
    const url = new URL(req.url);
    const origin = new URL(this.origin);
    const headers: Record<string, string> = { ...req.headers, host: origin.host };
    const request = new Request(`${origin.origin}${url.pathname}${url.search}`, { method: req.method, headers, body: req.body });
    inProcessRequests.set(request, req.caller);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TransportError('timeout', 'the data backend did not answer in time')), req.timeoutMs);
    });
    try {
      const res = await Promise.race([Promise.resolve(this.handler(request)), deadline]);
      const body = Buffer.from(await Promise.race([res.arrayBuffer(), deadline]));
      if (body.length > req.maxBodyBytes) throw new TransportError('too_large', `the data backend answered more than ${req.maxBodyBytes} bytes`);
      const kept: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const v = res.headers.get(name);
        if (v !== null) kept[name] = v;
      }
      return { status: res.status, headers: kept, body };
    } catch (err) {
      if (err instanceof TransportError) throw err;
      throw new TransportError('reset', 'the in-process data backend failed');
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    return this.inner.close?.() ?? Promise.resolve();
  }
}

/** The backend's gate: in-process requests pass; anyone else needs a key (and spends its limit). */
export function backendGate(services: Services): MiddlewareHandler<AppEnv> {
  const keyed = requireKey(services);
  return async (c, next) => {
    c.get('log').route = 'backend';
    if (inProcessRequests.has(c.req.raw)) {
      const caller = inProcessRequests.get(c.req.raw);
      if (caller) c.get('stats').caller = () => caller;
      return next();
    }
    return keyed(c, next);
  };
}

/** Routes under /v1/connectors: every tool by source key, and the platform keys served here. */
export function backendRoutes(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route('/', platformKeyRoutes(services));
  app.route('/', connectorRoutes(services, 'sourceKey'));
  return app;
}
