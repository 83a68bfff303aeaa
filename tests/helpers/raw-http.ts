// HTTP/1.1 over a plain TCP socket, byte for byte: for requests no HTTP client would send (any
// Host, absolute-form targets, invalid UTF-8, bodies over a cap, chunked bodies) and to see what
// happens to the connection afterwards (kept alive or closed).
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  bytes: Buffer;
}

export class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  closed = false;
  error?: Error;

  private constructor(readonly socket: Socket) {
    socket.on('data', (d: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, d]);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', (err) => {
      this.error = err;
    });
  }

  static open(url: string): Promise<RawConnection> {
    const u = new URL(url);
    return new Promise((resolve, reject) => {
      const s = connect(Number(u.port), u.hostname, () => resolve(new RawConnection(s)));
      s.once('error', reject);
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  private async waitFor<T>(ready: () => T | undefined, ms: number): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const v = ready();
      if (v !== undefined) return v;
      if (this.closed) throw new Error(`connection closed (${this.error?.message ?? 'by the peer'}) before a full response; got ${this.buffer.length} bytes`);
      const left = until - Date.now();
      if (left <= 0) throw new Error(`no full response within ${ms} ms; got ${this.buffer.length} bytes`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.write(data, () => resolve());
    });
  }

  /** Sends a request: head lines as given, then the body (a Content-Length is added unless `chunked`). */
  async request(method: string, target: string, headers: Record<string, string>, body?: string | Buffer, options: { chunked?: boolean; chunk?: number } = {}): Promise<void> {
    const lines = [`${method} ${target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    const bytes = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body) : body;
    if (bytes && options.chunked) lines.push('Transfer-Encoding: chunked');
    else if (bytes) lines.push(`Content-Length: ${bytes.length}`);
    await this.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (!bytes) return;
    if (!options.chunked) return this.write(bytes);
    const size = options.chunk ?? 16 * 1024;
    for (let at = 0; at < bytes.length; at += size) {
      const part = bytes.subarray(at, at + size);
      await this.write(Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]));
    }
    await this.write('0\r\n\r\n');
  }

  /** Reads one response (Content-Length, chunked, or up to the close). */
  async response(ms = 5_000): Promise<RawResponse> {
    const headEnd = await this.waitFor(() => {
      const i = this.buffer.indexOf('\r\n\r\n');
      return i >= 0 ? i : undefined;
    }, ms);
    const head = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const status = Number(head[0].split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of head.slice(1)) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    let rest = headEnd + 4;
    let bytes: Buffer;
    if (headers['content-length'] !== undefined) {
      const n = Number(headers['content-length']);
      await this.waitFor(() => (this.buffer.length >= rest + n ? true : undefined), ms);
      bytes = this.buffer.subarray(rest, rest + n);
      rest += n;
    } else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = await this.waitFor(() => {
          const i = this.buffer.indexOf('\r\n', rest);
          return i >= 0 ? i : undefined;
        }, ms);
        const n = parseInt(this.buffer.subarray(rest, lineEnd).toString('latin1'), 16);
        await this.waitFor(() => (this.buffer.length >= lineEnd + 2 + n + 2 ? true : undefined), ms);
        parts.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + n));
        rest = lineEnd + 2 + n + 2;
        if (n === 0) break;
      }
      bytes = Buffer.concat(parts);
    } else if (status === 204 || status === 304 || (status >= 100 && status < 200)) {
      bytes = Buffer.alloc(0);
    } else {
      await this.waitFor(() => (this.closed ? true : undefined), ms).catch(() => undefined);
      bytes = this.buffer.subarray(rest);
      rest = this.buffer.length;
    }
    this.buffer = this.buffer.subarray(rest);
    return { status, headers, body: bytes.toString('utf8'), bytes };
  }

  /** Resolves true when the peer closes the connection within `ms`. */
  async closedWithin(ms: number): Promise<boolean> {
    try {
      await this.waitFor(() => (this.closed ? true : undefined), ms);
      return true;
    } catch {
      return this.closed;
    }
  }

  end(): void {
    this.socket.destroy();
  }
}

/** One request on a new connection, then the connection is dropped. */
export async function rawOnce(url: string, method: string, target: string, headers: Record<string, string>, body?: string | Buffer): Promise<RawResponse> {
  const c = await RawConnection.open(url);
  try {
    await c.request(method, target, headers, body);
    return await c.response();
  } finally {
    c.end();
  }
}
