// The one place that talks HTTP to an upstream. Everything above it (cache, retries, breaker,
// record/replay) works on these plain request and response objects.
import { Agent, request as undiciRequest, errors as undiciErrors } from 'undici';

export interface OutgoingRequest {
  method: 'GET' | 'POST' | 'HEAD';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBodyBytes: number;
  /** Names the upstream in recordings. */
  upstreamId: string;
  /** Query parameters whose values are credentials (a `query` auth scheme): recordings write them as `<redacted>`. */
  secretQuery?: string[];
  /** Whom the request is for (RequestStats.caller): the in-process data backend runs it on that caller's behalf. */
  caller?: string;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type TransportFailure = 'connect' | 'reset' | 'timeout' | 'too_large' | 'no_recording';

export class TransportError extends Error {
  constructor(
    readonly kind: TransportFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface Transport {
  send(req: OutgoingRequest): Promise<RawResponse>;
  close?(): Promise<void>;
}

// What the layers above read: caching (freshness.ts), quota answers, and the data proxy's pass-through.
const KEPT_HEADERS = ['content-type', 'retry-after', 'location', 'x-rate-limit-remaining', 'last-modified', 'expires', 'cache-control', 'etag', 'age', 'date'];

function pickHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const v = raw[name];
    if (v !== undefined) out[name] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

function classify(err: unknown): TransportError {
  if (err instanceof TransportError) return err;
  const code = (err as { code?: string }).code ?? '';
  if (err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError || code === 'UND_ERR_CONNECT_TIMEOUT' || (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError') {
    return new TransportError('timeout', 'the upstream did not answer in time');
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return new TransportError('connect', 'the upstream could not be reached');
  }
  return new TransportError('reset', 'the connection to the upstream failed');
}

/** Live HTTP over undici: keep-alive pools, no redirects followed, a deadline and a body cap. */
export class LiveTransport implements Transport {
  private readonly agent = new Agent({ keepAliveTimeout: 10_000, connections: 64, connect: { timeout: 5_000 } });

  async send(req: OutgoingRequest): Promise<RawResponse> {
    const deadline = AbortSignal.timeout(req.timeoutMs);
    try {
      const res = await undiciRequest(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        dispatcher: this.agent,
        signal: deadline,
        headersTimeout: req.timeoutMs,
        bodyTimeout: req.timeoutMs,
      });
      // An abandoned body emits an error when destroyed; without a listener that would end the process.
      res.body.on('error', () => {});
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > req.maxBodyBytes) {
        res.body.destroy();
        throw new TransportError('too_large', `the upstream answer is larger than ${req.maxBodyBytes} bytes`);
      }
      const chunks: Buffer[] = [];
      let received = 0;
      for await (const chunk of res.body) {
        received += (chunk as Buffer).length;
        if (received > req.maxBodyBytes) {
          res.body.destroy();
          throw new TransportError('too_large', `the upstream answer is larger than ${req.maxBodyBytes} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
      return { status: res.statusCode, headers: pickHeaders(res.headers), body: Buffer.concat(chunks) };
    } catch (err) {
      throw classify(err);
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
