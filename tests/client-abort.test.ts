// A client that goes away mid-request (its body half sent, or before the answer) against the real
// listener: counted under status "499" (nginx's "client closed request") in http_requests_total,
// not 500; its request line is written at info, and nothing is logged at error level. A key
// holder must not be able to raise the server-error rate at will. The metrics are read from the
// registry directly (the /metrics route may need a credential).
import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_CLOSED_REQUEST } from '../runtime/http/access-log.js';
import { FakeUpstream, delayed, hang, status } from './helpers/fake-upstream.js';
import { BEARER, allUpstreamsAt, eventually, startLive, type LiveApp } from './helpers/live-app.js';

let fake: FakeUpstream;
let app: LiveApp;

beforeAll(async () => {
  fake = await FakeUpstream.start(hang());
  app = await startLive(allUpstreamsAt(fake.url));
});

afterAll(async () => {
  await fake?.stop();
  await app?.close();
});

beforeEach(() => {
  app.logs.length = 0;
  fake.clear();
});

/** http_requests_total by status, all route families together. */
async function countsByStatus(): Promise<Record<string, number>> {
  const metric = await app.running.services.metrics.registry.getSingleMetricAsString('http_requests_total');
  const out: Record<string, number> = {};
  for (const m of metric.matchAll(/http_requests_total\{route="[^"]*",status="(\d+)"\} (\d+)/g)) out[m[1]] = (out[m[1]] ?? 0) + Number(m[2]);
  return out;
}

/** Sends `head` and part of a body, then destroys the connection. */
function abortMidBody(head: string, partial: string): Promise<void> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const s = connect(Number(port), '127.0.0.1', () => {
      s.write(head + partial, () => setTimeout(() => s.destroy(), 50));
    });
    s.on('close', () => resolve());
    s.on('error', reject);
  });
}

const parsed = () => app.logs.map((l) => JSON.parse(l) as { level: number; msg: string; status?: number; outcome?: string });

describe('a client that goes away', () => {
  it('mid-body on POST /mcp/<slug> (the fast path): 499, not 500, and no error log line', async () => {
    const before = await countsByStatus();
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    await abortMidBody(
      `POST /mcp/brreg HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${body.length + 100}\r\n\r\n`,
      body,
    );
    await eventually(async () => expect((await countsByStatus())[CLIENT_CLOSED_REQUEST] ?? 0).toBe((before[CLIENT_CLOSED_REQUEST] ?? 0) + 1));
    expect((await countsByStatus())['500'] ?? 0).toBe(before['500'] ?? 0);
    await eventually(() => expect(parsed().some((l) => l.msg === 'request' && l.status === 499 && l.outcome === 'client_closed' && l.level === 30)).toBe(true));
    expect(parsed().filter((l) => l.level >= 50)).toEqual([]);
  });

  it('mid-body on a connector POST (the Hono path): 499, not 500, and no error log line', async () => {
    const before = await countsByStatus();
    await abortMidBody(
      `POST /api/connectors/brreg/enheter/search HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${BEARER.authorization}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n`,
      '{"navn": "kiw',
    );
    await eventually(async () => expect((await countsByStatus())[CLIENT_CLOSED_REQUEST] ?? 0).toBe((before[CLIENT_CLOSED_REQUEST] ?? 0) + 1));
    expect((await countsByStatus())['500'] ?? 0).toBe(before['500'] ?? 0);
    expect(parsed().filter((l) => l.level >= 50)).toEqual([]);
  });

  it('while its answer is being prepared (an upstream still working): 499 once the answer is ready', async () => {
    fake.respond(delayed(fake, 400, status(404)));
    const before = await countsByStatus();
    const { port } = new URL(app.url);
    const s = connect(Number(port), '127.0.0.1', () => {
      s.write(`GET /api/connectors/brreg/enheter/923609016 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${BEARER.authorization}\r\n\r\n`);
    });
    await eventually(() => expect(fake.count('/enhetsregisteret/')).toBe(1));
    s.destroy();
    await eventually(async () => expect((await countsByStatus())[CLIENT_CLOSED_REQUEST] ?? 0).toBe((before[CLIENT_CLOSED_REQUEST] ?? 0) + 1));
    expect((await countsByStatus())['404'] ?? 0).toBe(before['404'] ?? 0);
    expect(parsed().filter((l) => l.level >= 50)).toEqual([]);
  });
});
