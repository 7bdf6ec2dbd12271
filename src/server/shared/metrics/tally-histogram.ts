/**
 * A labelled Prometheus histogram for hot paths, beside TallyCounter: prom-client's `observe` checks and hashes the
 * labels and finds the bucket through an object keyed by the bound as a string on every call. Here each label set is
 * a series the caller keeps (bucket counts in an array, a sum and a count), and the registry reads every series when
 * it is scraped, through the `get()` every prom-client metric answers, in prom-client's own exposition: cumulative
 * `_bucket` lines (`le` first, then the labels), `+Inf`, `_sum` and `_count`.
 */
import type { Metric, Registry } from 'prom-client';

type Labels<Name extends string> = Record<Name, string>;

interface Series<Name extends string> {
  labels: Labels<Name>;
  counts: number[];
  sum: number;
  count: number;
}

export interface HistogramSeries {
  observe(value: number): void;
}

interface ExposedValue {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
}

export class TallyHistogram<Name extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly all: Series<Name>[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    // The registry reads a metric only through name, help, type, aggregator, get() and reset().
    registry.registerMetric(this as unknown as Metric);
  }

  /** One label set's series, exposed from its first observation; keep it and call `observe` on it. */
  series(labels: Labels<Name>): HistogramSeries {
    const buckets = this.buckets;
    let added = false;
    const series: Series<Name> = { labels, counts: buckets.map(() => 0), sum: 0, count: 0 };
    return {
      observe: (value: number) => {
        if (!Number.isFinite(value)) return;
        if (!added) {
          added = true;
          this.all.push(series);
        }
        let bucket = 0;
        while (bucket < buckets.length && value > buckets[bucket]) bucket++;
        if (bucket < buckets.length) series.counts[bucket]++;
        series.sum += value;
        series.count++;
      },
    };
  }

  get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: ExposedValue[] }> {
    const values: ExposedValue[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const series of this.all) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += series.counts[i];
        values.push({ labels: { le: bound, ...series.labels }, value: cumulative, metricName: bucketName });
      });
      values.push({ labels: { le: '+Inf', ...series.labels }, value: series.count, metricName: bucketName });
      values.push({ labels: { ...series.labels }, value: series.sum, metricName: `${this.name}_sum` });
      values.push({ labels: { ...series.labels }, value: series.count, metricName: `${this.name}_count` });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }

  reset(): void {
    for (const series of this.all) {
      series.counts.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  }
}
