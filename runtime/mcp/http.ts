// The MCP endpoint as a Hono handler for any method on /mcp/<slug> (used by app.request in tests
// and whenever the Node fast path does not take a request).
import type { Context } from 'hono';
import { readBodyText } from '../http/body.js';
import { clientAddress, type AppEnv } from '../http/request.js';
import type { McpEndpoint, McpHttpResponse } from './endpoint.js';

export function toResponse(r: McpHttpResponse): Response {
  // Byte answers stay bytes: one may be gzip-compressed.
  const body = r.body === null ? null : typeof r.body === 'string' ? r.body : Buffer.concat(r.body);
  return new Response(body, { status: r.status, headers: r.headers });
}

export function honoMcpHandler(endpoint: McpEndpoint, trustProxy: number) {
  return (c: Context<AppEnv>, slug: string): Promise<Response> => {
    const req = {
      header: (name: string) => c.req.header(name),
      readBody: (max: number) => readBodyText(c, max),
      clientAddress: () => clientAddress(c, trustProxy),
      reqId: c.get('reqId'),
      stats: c.get('stats'),
      log: c.get('log'),
    };
    return endpoint.handle(slug, req, c.req.method).then(toResponse);
  };
}
