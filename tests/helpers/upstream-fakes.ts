// A scripted Transport and test upstream definitions for unit tests of the upstream layer.
// No network: every answer is written by the test.
import { Metrics } from '../../runtime/metrics.js';
import type { CredentialSource } from '../../runtime/upstream/auth.js';
import type { UpstreamDefinition } from '../../runtime/upstream/catalogue.js';
import { UpstreamClient, type UpstreamClientOptions } from '../../runtime/upstream/client.js';
import { TransportError, type OutgoingRequest, type RawResponse, type Transport, type TransportFailure } from '../../runtime/upstream/transport.js';

/** One scripted answer: a response, a failure to throw, or a function of the request. */
export type Step = RawResponse | TransportError | Error | ((req: OutgoingRequest) => RawResponse | Promise<RawResponse>);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): RawResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: Buffer.from(JSON.stringify(body)) };
}

export function raw(status: number, body: string | Buffer = '', headers: Record<string, string> = {}): RawResponse {
  return { status, headers, body: typeof body === 'string' ? Buffer.from(body) : body };
}

export const failure = (kind: TransportFailure, message = `scripted ${kind}`) => new TransportError(kind, message);

/** A promise that the test resolves when it chooses. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Answers from a queue of steps; when the queue is empty, from `fallback` (or fails the test
 * loudly). Records every request and the highest number of sends in flight at once.
 */
export class FakeTransport implements Transport {
  readonly requests: OutgoingRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;
  private readonly queue: Step[] = [];

  constructor(private readonly fallback?: Step) {}

  /** Queues answers, used in order by the next sends. */
  script(...steps: Step[]): this {
    this.queue.push(...steps);
    return this;
  }

  get sends(): number {
    return this.requests.length;
  }

  async send(req: OutgoingRequest): Promise<RawResponse> {
    this.requests.push(req);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const step = this.queue.length > 0 ? this.queue.shift() : this.fallback;
      if (step === undefined) throw new Error(`FakeTransport: no scripted answer for ${req.method} ${req.url}`);
      if (step instanceof Error) throw step;
      if (typeof step === 'function') return await step(req);
      return { status: step.status, headers: { ...step.headers }, body: step.body };
    } finally {
      this.inFlight -= 1;
    }
  }
}

export const SECRETS = {
  KEYED_KEY: 'sk-keyed-SECRET-8b1f2c',
  PREFIXED_KEY: 'pfx-SECRET-77aa10',
  BASIC_USER: 'basic-user-SECRET-u1',
  BASIC_PASSWORD: 'basic-pass-SECRET-p9',
};

export const TEST_UPSTREAMS: UpstreamDefinition[] = [
  {
    id: 'open',
    name: 'Open Test API',
    baseUrl: 'https://open.example.test/api/v1',
    envVar: 'OPEN_BASE_URL',
    auth: { type: 'none' },
    docs: 'https://open.example.test/docs',
  },
  {
    id: 'keyed',
    name: 'Keyed Test API',
    baseUrl: 'https://keyed.example.test',
    envVar: 'KEYED_BASE_URL',
    auth: { type: 'header', header: 'X-Api-Key', envVar: 'KEYED_KEY' },
    docs: 'https://keyed.example.test/docs',
  },
  {
    id: 'prefixed',
    name: 'Prefixed Test API',
    baseUrl: 'https://prefixed.example.test/',
    envVar: 'PREFIXED_BASE_URL',
    auth: { type: 'header', header: 'SVV-Authorization', envVar: 'PREFIXED_KEY', prefix: 'Apikey ' },
    docs: 'https://prefixed.example.test/docs',
  },
  {
    id: 'basic',
    name: 'Basic Test API',
    baseUrl: 'https://basic.example.test/v2',
    envVar: 'BASIC_BASE_URL',
    auth: { type: 'basic', userEnvVar: 'BASIC_USER', passwordEnvVar: 'BASIC_PASSWORD' },
    docs: 'https://basic.example.test/docs',
  },
  {
    id: 'narrow',
    name: 'Narrow Test API',
    baseUrl: 'https://narrow.example.test',
    envVar: 'NARROW_BASE_URL',
    auth: { type: 'none' },
    docs: 'https://narrow.example.test/docs',
    maxConcurrent: 2,
  },
];

export function credentials(values: Record<string, string | undefined>): CredentialSource {
  return { get: (name) => (values[name] === '' ? undefined : values[name]) };
}

/** A controllable clock for the `now` option. */
export function clock(start = Date.parse('2026-11-22T12:00:00Z')) {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
  };
}

export interface ClientHarness {
  client: UpstreamClient;
  transport: FakeTransport;
  metrics: Metrics;
  clock: ReturnType<typeof clock>;
}

/** An UpstreamClient on a FakeTransport, the test upstreams, all credentials set, a fake clock and fast retries. */
export function makeClient(
  transport = new FakeTransport(),
  options: Partial<UpstreamClientOptions> & { creds?: Record<string, string | undefined> } = {},
): ClientHarness {
  const c = clock();
  const metrics = new Metrics();
  const { creds, ...rest } = options;
  const client = new UpstreamClient({
    transport,
    upstreams: TEST_UPSTREAMS,
    credentials: credentials(creds ?? SECRETS),
    metrics,
    userAgent: 'nordic-open-data-host/test (+https://example.test)',
    retryBaseMs: 1,
    now: c.now,
    ...rest,
  });
  return { client, transport, metrics, clock: c };
}

/** Counter value for one label set, 0 when absent. */
export async function counterValue(counter: { get(): Promise<{ values: Array<{ labels: Record<string, string | number>; value: number }> }> }, labels: Record<string, string>): Promise<number> {
  const { values } = await counter.get();
  const hit = values.find((v) => Object.entries(labels).every(([k, val]) => String(v.labels[k]) === val));
  return hit?.value ?? 0;
}

/** Runs a function that must throw and returns what it threw. */
export function thrown(fn: () => unknown): any {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

/** Awaits a promise that must reject and returns what it rejected with. */
export async function rejection(p: Promise<unknown>): Promise<any> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to reject, it resolved');
}
