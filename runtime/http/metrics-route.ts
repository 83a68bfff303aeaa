// Prometheus metrics, for the operator only. On the main port /metrics needs
// `Authorization: Bearer $METRICS_TOKEN` and does not exist while no token is set; METRICS_PORT
// opens a listener of its own that serves /metrics without a token, bound to METRICS_HOST
// (loopback unless the operator says otherwise), as exporters usually are.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler } from 'hono';
import { bearerToken } from '../auth/keys.js';
import { ToolError, fail } from '../errors.js';
import type { Services } from '../services.js';
import { problemResponse } from './problem.js';
import { clientAddress, type AppEnv } from './request.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so the time taken says nothing about how much of the token was right. */
function tokenMatcher(expected: string): (given: string | undefined) => boolean {
  const want = digest(expected);
  return (given) => given !== undefined && timingSafeEqual(digest(given), want);
}

/** GET /metrics on the main port. A wrong or missing token spends the address's anonymous allowance, so guessing is limited. */
export function metricsRoute(services: Services): Handler<AppEnv> {
  const { metricsToken, publicBaseUrl, trustProxy } = services.config;
  const matches = metricsToken ? tokenMatcher(metricsToken) : undefined;
  return async (c) => {
    if (!matches) return c.notFound();
    c.get('log').route = 'metrics';
    if (matches(bearerToken(c.req.header('authorization')))) {
      return c.body(await services.metrics.registry.metrics(), 200, { 'content-type': services.metrics.registry.contentType });
    }
    const decision = await services.limiter.checkAnonymous(clientAddress(c, trustProxy));
    const err = decision.allowed
      ? new ToolError('unauthorized', '/metrics needs "Authorization: Bearer <METRICS_TOKEN>".')
      : fail.rateLimited(`Rate limit exceeded; retry after ${decision.retryAfterMs} ms.`, decision.retryAfterMs ?? 1000);
    return problemResponse(err, publicBaseUrl, c.get('reqId'), decision.headers);
  };
}

/** The METRICS_PORT listener: GET (or HEAD) /metrics, nothing else. */
export function metricsListener(services: Services): (req: IncomingMessage, res: ServerResponse) => void {
  const { registry } = services.metrics;
  return (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('This listener serves GET /metrics only.\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        services.logger.error({ err }, 'metrics failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('metrics failed\n');
      },
    );
  };
}
