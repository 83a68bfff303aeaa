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

/** One label set of a metric, found by its joined values and kept. */
abstract class Tally<S> {
  private readonly series = new Map<string, S>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  protected abstract create(): S;
  /** Back to nothing counted; a series kept by a hot path stays the one counted on. */
  protected abstract zero(s: S): void;

  protected seriesOf(values: readonly string[]): S {
    if (values.length !== this.labelNames.length) throw new Error(`${this.name} takes labels ${this.labelNames.join(', ')}`);
    const key = values.join('\u0000');
    let s = this.series.get(key);
    if (!s) this.series.set(key, (s = this.create()));
    return s;
  }

  protected *entries(): Iterable<[Record<string, string>, S]> {
    for (const [key, s] of this.series) {
      const values = key.split('\u0000');
      yield [Object.fromEntries(this.labelNames.map((n, i) => [n, values[i]])), s];
    }
  }

  reset(): void {
    for (const s of this.series.values()) this.zero(s);
  }
}

export class TallyCounter extends Tally<{ value: number }> {
  readonly type = 'counter';

  protected create() {
    return { value: 0 };
  }

  protected zero(s: { value: number }) {
    s.value = 0;
  }

  /** The series of these label values, to be kept by a hot path and counted on. */
  labels(...values: string[]): { inc(n?: number): void } {
    const s = this.seriesOf(values);
    return {
      inc: (n = 1) => {
        s.value += n;
      },
    };
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

export class TallyHistogram extends Tally<Buckets> {
  readonly type = 'histogram';

  constructor(name: string, help: string, labelNames: readonly string[], registry: Registry, private readonly bounds: readonly number[]) {
    super(name, help, labelNames, registry);
  }

  protected create(): Buckets {
    return { counts: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 };
  }

  protected zero(s: Buckets) {
    s.counts.fill(0);
    s.sum = 0;
    s.count = 0;
  }

  labels(...values: string[]): { observe(v: number): void } {
    const s = this.seriesOf(values);
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
