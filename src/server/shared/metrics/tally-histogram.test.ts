import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKETS } from './http-metrics';
import { TallyHistogram } from './tally-histogram';

describe('TallyHistogram', () => {
  it('is scraped exactly as prom-client exposes the same observations', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const tally = new TallyHistogram<'route' | 'status_class'>('demo_seconds', 'Demo', LATENCY_BUCKETS, ours);
    const histogram = new Histogram({
      name: 'demo_seconds',
      help: 'Demo',
      labelNames: ['route', 'status_class'],
      buckets: LATENCY_BUCKETS,
      registers: [theirs],
    });
    const observations: [string, string, number][] = [
      ['/api/*', '2xx', 0.0004],
      ['/api/*', '2xx', 0.001], // on a bound: counted in it
      ['/api/*', '2xx', 0.3],
      ['/api/*', '5xx', 75], // beyond the last bound: +Inf only
      ['/bff/session', '2xx', 0.02],
    ];
    const series = new Map<string, ReturnType<typeof tally.series>>();
    for (const [route, statusClass, seconds] of observations) {
      const key = `${route} ${statusClass}`;
      if (!series.has(key)) series.set(key, tally.series({ route, status_class: statusClass }));
      series.get(key)!.observe(seconds);
      histogram.labels({ route, status_class: statusClass }).observe(seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('exposes a series from its first observation, and reset sets it back to zero', async () => {
    const registry = new Registry();
    const tally = new TallyHistogram<'kind'>('demo_seconds', 'Demo', [0.1, 1], registry);
    const reads = tally.series({ kind: 'read' });
    expect(await registry.metrics()).not.toContain('kind="read"');
    reads.observe(0.5);
    expect(await registry.metrics()).toContain('demo_seconds_bucket{le="1",kind="read"} 1');
    registry.resetMetrics();
    expect(await registry.metrics()).toContain('demo_seconds_count{kind="read"} 0');
  });
});
