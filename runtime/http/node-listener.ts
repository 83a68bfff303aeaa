// The Node request listener: POST /mcp/<slug> for a known slug goes straight to the MCP endpoint
// on Node's own request and response objects (no web Request, Response or router per call);
// everything else, and any MCP request the fast path does not take, goes through the Hono app.
// Both paths run the same endpoint, host check and log line.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener, RequestError } from '@hono/node-server';
import { answerLength } from '../mcp/dispatch.js';
import { internalError, type McpHttpResponse } from '../mcp/endpoint.js';
import type { Services } from '../services.js';
import type { AppParts } from './app.js';
import { readIncomingText } from './body.js';
import { clientClosed, loggedStatus } from './access-log.js';
import { refusal } from './host-guard.js';
import { logRequest, NO_SNIFF, requestIdFrom, requestStats, resolveClientAddress, type LogFields } from './request.js';

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/**
 * What the Node adapter answers when it cannot make a request of what came in (a malformed Host
 * or target, before the app runs): its own statuses, bodiless, with the header of every answer.
 */
function adapterRefusal(err: unknown): Response {
  const status = err instanceof RequestError ? 400 : err instanceof Error && err.name === 'TimeoutError' ? 504 : 500;
  return new Response(null, { status, headers: { [NO_SNIFF.name]: NO_SNIFF.value } });
}

const mcpTemplate = () => '/mcp/{slug}';

export function createNodeListener(services: Services, parts: AppParts): (req: IncomingMessage, res: ServerResponse) => void {
  const viaHono = getRequestListener(parts.app.fetch, { errorHandler: adapterRefusal });
  const { trustProxy } = services.config;

  async function fastMcp(req: IncomingMessage, res: ServerResponse, slug: string): Promise<void> {
    const started = performance.now();
    const reqId = requestIdFrom(header(req, 'x-request-id'));
    const log: LogFields = {};
    const address = () => resolveClientAddress(header(req, 'x-forwarded-for'), req.socket.remoteAddress, trustProxy);
    const stats = requestStats(log, address);
    let answer: McpHttpResponse;
    const reason = parts.checkHost(header(req, 'host'), header(req, 'origin'), req.socket.localPort ?? services.config.port);
    if (reason) {
      const r = refusal('/mcp', reason);
      answer = { status: r.status, headers: { 'content-type': r.contentType }, body: r.body };
    } else {
      try {
        answer = await parts.mcp.handle(slug, {
          header: (name) => header(req, name),
          readBody: (max) => readIncomingText(req, max),
          clientAddress: address,
          reqId,
          stats,
          log,
        });
      } catch (err) {
        // A client that hung up mid-body breaks the read: its matter, not the server's.
        if (clientClosed(req)) services.logger.debug({ reqId }, 'client closed the request');
        else services.logger.error({ err, reqId }, 'unhandled error');
        answer = internalError(reqId);
      }
    }
    const status = loggedStatus(req, answer.status);
    if (status !== answer.status) {
      logRequest(services, { reqId, method: 'POST', path: req.url ?? '', status, started, log, stats, template: mcpTemplate });
      return;
    }
    // A flat name, value list: writeHead takes it as is, without an object to build or walk.
    const head: (string | number)[] = [];
    for (const name in answer.headers) head.push(name, answer.headers[name]);
    head.push('x-request-id', reqId, NO_SNIFF.name, NO_SNIFF.value);
    const body = answer.body;
    if (body !== null) head.push('content-length', answerLength(body));
    res.writeHead(answer.status, head);
    if (typeof body === 'string' || body === null) res.end(body ?? undefined);
    else if (body.length === 1) res.end(body[0]);
    else {
      res.cork();
      for (let i = 0; i < body.length - 1; i++) res.write(body[i]);
      res.end(body[body.length - 1]);
      res.uncork();
    }
    logRequest(services, { reqId, method: 'POST', path: req.url ?? '', status: answer.status, started, log, stats, template: mcpTemplate });
  }

  return (req, res) => {
    const url = req.url ?? '';
    if (req.method === 'POST' && url.startsWith('/mcp/')) {
      const slug = url.slice(5);
      if (parts.mcp.has(slug)) {
        void fastMcp(req, res, slug);
        return;
      }
    }
    void viaHono(req, res);
  };
}
