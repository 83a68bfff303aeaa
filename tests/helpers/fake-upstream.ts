// A local HTTP server that plays an upstream (or the data backend) for tests that run the real
// LiveTransport: node:http on 127.0.0.1 and a free port, every request recorded, and each answer
// scripted by the test: good JSON, any status, a connection reset mid-body, no answer at all, a
// body that trickles, bodies over a size cap, redirects. `stop()` closes the port (connections are
// then refused) and `start()` opens it again on the same port.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  method: string;
  /** The request target exactly as it arrived (path and query, not normalised). */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

/** What the fake does with one request. */
export type Behaviour = (req: IncomingMessage, res: ServerResponse, seen: SeenRequest) => void | Promise<void>;

export class FakeUpstream {
  readonly requests: SeenRequest[] = [];
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private behaviour: Behaviour;
  private readonly once: Behaviour[] = [];
  port = 0;

  private constructor(fallback: Behaviour) {
    this.behaviour = fallback;
  }

  /** A fake on a free port (or `port`), answering `fallback` until told otherwise. */
  static async start(fallback: Behaviour = status(404), port = 0): Promise<FakeUpstream> {
    const fake = new FakeUpstream(fallback);
    fake.port = port;
    await fake.start();
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Answers every following request with `b` (one-shot answers queued with `next` come first). */
  respond(b: Behaviour): this {
    this.behaviour = b;
    return this;
  }

  /** Queues answers for the next requests, in order, before the standing behaviour. */
  next(...b: Behaviour[]): this {
    this.once.push(...b);
    return this;
  }

  /** Forgets the recorded requests. */
  clear(): this {
    this.requests.length = 0;
    return this;
  }

  /** Requests seen whose target starts with `prefix` (all when omitted). */
  count(prefix = ''): number {
    return this.requests.filter((r) => r.url.startsWith(prefix)).length;
  }

  /** A timer that `stop()` clears, for behaviours that answer later. */
  later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const seen: SeenRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        this.requests.push(seen);
        // The service may drop the connection while an answer is written (a cap, a deadline).
        res.on('error', () => {});
        const b = this.once.shift() ?? this.behaviour;
        Promise.resolve()
          .then(() => b(req, res, seen))
          .catch(() => res.destroy());
      });
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    // The peer (the service under test) may drop a connection in the middle of an answer.
    server.on('clientError', (_err, socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Closes the port and every open connection: requests are then refused. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const s of this.sockets) s.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

// ---- behaviours ----

export function json(code: number, body: unknown, headers: Record<string, string> = {}): Behaviour {
  const text = JSON.stringify(body);
  return (_req, res) => {
    res.writeHead(code, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };
}

export function text(code: number, body: string | Buffer, headers: Record<string, string> = {}): Behaviour {
  return (_req, res) => {
    res.writeHead(code, { 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  };
}

export function status(code: number, headers: Record<string, string> = {}): Behaviour {
  return json(code, { status: code, message: `scripted ${code}` }, headers);
}

/** Headers and half of the declared body, then the connection is destroyed. */
export function resetMidBody(declared = 4096): Behaviour {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': declared });
    res.write(`{"navn":"${'x'.repeat(Math.floor(declared / 2))}`);
    setTimeout(() => res.socket?.destroy(), 20);
  };
}

/** Never answers: no status line, no headers (the socket stays open until the peer gives up). */
export function hang(): Behaviour {
  return () => {};
}

/** Headers at once, then a byte every `everyMs`, for `forMs` in all: a body that outlasts a deadline. */
export function slowBody(fake: FakeUpstream, everyMs = 50, forMs = 5_000): Behaviour {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"navn":"');
    const started = Date.now();
    const tick = () => {
      if (res.destroyed || res.writableEnded) return;
      if (Date.now() - started > forMs) {
        res.end('"}');
        return;
      }
      res.write('x');
      fake.later(everyMs, tick);
    };
    fake.later(everyMs, tick);
  };
}

/** A 200 whose Content-Length says `bytes` (and that sends them). */
export function declaredLarge(bytes: number): Behaviour {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes });
    res.end(Buffer.alloc(bytes, 0x20));
  };
}

/** A chunked 200 (no Content-Length) that keeps sending past `bytes`. */
export function chunkedLarge(bytes: number, chunk = 16 * 1024): Behaviour {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk;
        if (!res.write(Buffer.alloc(chunk, 0x20))) {
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    pump();
  };
}

export function redirect(location: string, code = 302): Behaviour {
  return (_req, res) => {
    res.writeHead(code, { location, 'content-length': 0 });
    res.end();
  };
}

/** Answers with `b` after `ms`. */
export function delayed(fake: FakeUpstream, ms: number, b: Behaviour): Behaviour {
  return (req, res, seen) => {
    fake.later(ms, () => void Promise.resolve(b(req, res, seen)).catch(() => res.destroy()));
  };
}

/** Chooses a behaviour by the request target. */
export function byPath(routes: Array<[RegExp, Behaviour]>, otherwise: Behaviour = status(404)): Behaviour {
  return (req, res, seen) => {
    for (const [pattern, b] of routes) if (pattern.test(seen.url)) return b(req, res, seen);
    return otherwise(req, res, seen);
  };
}

/** A port that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
