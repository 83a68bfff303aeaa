// Counters and the histogram behind /metrics: counted in plain objects, exposed by prom-client.
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { TallyCounter, TallyHistogram } from '../runtime/tally.js';

describe('tally metrics', () => {
  it('counts per label set and exposes the counts in the Prometheus text format', async () => {
    const registry = new Registry();
    const calls = new TallyCounter('calls_total', 'Calls.', ['server', 'outcome'], registry);
    const ok = calls.labels('brreg', 'ok');
    ok.inc();
    ok.inc();
    calls.labels('brreg', 'not_found').inc(3);
    calls.labels('cvr', 'ok').inc();
    const text = await registry.metrics();
    expect(text).toContain('# TYPE calls_total counter');
    expect(text).toContain('calls_total{server="brreg",outcome="ok"} 2');
    expect(text).toContain('calls_total{server="brreg",outcome="not_found"} 3');
    expect(text).toContain('calls_total{server="cvr",outcome="ok"} 1');
  });

  it('keeps cumulative buckets, sum and count', async () => {
    const registry = new Registry();
    const h = new TallyHistogram('took_seconds', 'Took.', ['server'], registry, [0.001, 0.005, 0.02, 10]);
    const brreg = h.labels('brreg');
    for (const v of [0.0005, 0.001, 0.003, 7, 20]) brreg.observe(v);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE took_seconds histogram');
    for (const [le, n] of [['0.001', 2], ['0.005', 3], ['0.02', 3], ['10', 4], ['+Inf', 5]] as const) {
      expect(text).toContain(`took_seconds_bucket{le="${le}",server="brreg"} ${n}`);
    }
    expect(text).toContain('took_seconds_sum{server="brreg"} 27.0045');
    expect(text).toContain('took_seconds_count{server="brreg"} 5');
  });

  it('refuses a wrong number of labels, and a reset keeps series that are held', async () => {
    const registry = new Registry();
    const c = new TallyCounter('c_total', 'C.', ['a'], registry);
    expect(() => c.labels('x', 'y')).toThrow(/takes labels a/);
    const x = c.labels('x');
    x.inc(5);
    registry.resetMetrics();
    x.inc();
    expect((await c.get()).values).toEqual([{ labels: { a: 'x' }, value: 1 }]);
  });

  it('refuses a second metric of the same name in one registry', () => {
    const registry = new Registry();
    new TallyCounter('dup_total', 'D.', [], registry);
    expect(() => new TallyCounter('dup_total', 'D.', [], registry)).toThrow(/already been registered/);
  });
});
