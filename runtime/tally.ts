// Counters and a histogram that count in plain objects and hand their values to prom-client only
// when /metrics is read. prom-client's own Counter and Histogram convert, validate and hash the
// labels on every update, even through labels() (about 3 µs per tool call, profiled); these are
// registered in the same prom-client Registry through its metric interface (get, reset), so the
// exposition format is prom-client's.
import type { Registry } from 'prom-client';

interface Sample {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

interface MetricData {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  values: Sample[];
  aggregator: 'sum';
}

/**
 * The series of a metric, one per label set, each with the bound object a hot path counts on:
 * labels() finds it through one map per label, by the values themselves. Values are mostly the
 * same string objects every time (a route, a tool's name), whose hash V8 keeps; a joined key
 * would be a new string to hash on every update.
 */
abstract class Tally<S, C> {
  /** Every series with its label values, in the order made (what /metrics reads). */
  private readonly series: { values: string[]; state: S }[] = [];
  private readonly index = new Map<string, unknown>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  protected abstract create(): S;
  protected abstract bind(state: S): C;
  /** Back to nothing counted; a child kept by a hot path stays the one counted on. */
  protected abstract zero(state: S): void;

  labels(...values: string[]): C {
    if (values.length !== this.labelNames.length || values.length === 0) throw new Error(`${this.name} takes labels ${this.labelNames.join(', ')}`);
    let node = this.index;
    const last = values.length - 1;
    for (let i = 0; i < last; i++) {
      let next = node.get(values[i]) as Map<string, unknown> | undefined;
      if (!next) node.set(values[i], (next = new Map()));
      node = next;
    }
    let entry = node.get(values[last]) as { state: S; child: C } | undefined;
    if (!entry) {
      const state = this.create();
      entry = { state, child: this.bind(state) };
      node.set(values[last], entry);
      this.series.push({ values, state });
    }
    return entry.child;
  }

  protected *entries(): Iterable<[Record<string, string>, S]> {
    for (const { values, state } of this.series) yield [Object.fromEntries(this.labelNames.map((n, i) => [n, values[i]])), state];
  }

  reset(): void {
    for (const { state } of this.series) this.zero(state);
  }
}

export class TallyCounter extends Tally<{ value: number }, { inc(n?: number): void }> {
  readonly type = 'counter';

  protected create() {
    return { value: 0 };
  }

  protected bind(s: { value: number }) {
    return {
      inc: (n = 1) => {
        s.value += n;
      },
    };
  }

  protected zero(s: { value: number }) {
    s.value = 0;
  }

  async get(): Promise<MetricData> {
    const values = [...this.entries()].map(([labels, s]) => ({ labels, value: s.value }));
    return { name: this.name, help: this.help, type: this.type, values, aggregator: 'sum' };
  }
}

interface Buckets {
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  counts: Float64Array;
  sum: number;
  count: number;
}

export class TallyHistogram extends Tally<Buckets, { observe(v: number): void }> {
  readonly type = 'histogram';

  constructor(name: string, help: string, labelNames: readonly string[], registry: Registry, private readonly bounds: readonly number[]) {
    super(name, help, labelNames, registry);
  }

  protected create(): Buckets {
    return { counts: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 };
  }

  protected bind(s: Buckets) {
    const { bounds } = this;
    return {
      observe: (v: number) => {
        let i = 0;
        while (i < bounds.length && v > bounds[i]) i++;
        s.counts[i] += 1;
        s.sum += v;
        s.count += 1;
      },
    };
  }

  protected zero(s: Buckets) {
    s.counts.fill(0);
    s.sum = 0;
    s.count = 0;
  }

  async get(): Promise<MetricData> {
    const values: Sample[] = [];
    for (const [labels, s] of this.entries()) {
      let cumulative = 0;
      for (let i = 0; i <= this.bounds.length; i++) {
        cumulative += s.counts[i];
        values.push({ labels: { le: i < this.bounds.length ? this.bounds[i] : '+Inf', ...labels }, value: cumulative, metricName: `${this.name}_bucket` });
      }
      values.push({ labels, value: s.sum, metricName: `${this.name}_sum` }, { labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: 'sum' };
  }
}
