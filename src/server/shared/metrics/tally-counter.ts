/**
 * A labelled Prometheus counter for hot paths: prom-client hashes the labels on every `inc` of a labelled counter
 * (about a microsecond), so each label set here is a plain number that is handed to prom-client when it is scraped.
 */
import { Counter, type CounterConfiguration, type Registry } from 'prom-client';

type Labels<Name extends string> = Partial<Record<Name, string>>;

interface Tally<Name extends string> {
  labels: Labels<Name>;
  count: number;
  reported: number;
}

export class TallyCounter<Name extends string> {
  private readonly tallies: Tally<Name>[] = [];
  private readonly counter: Counter<Name>;

  constructor(configuration: Omit<CounterConfiguration<Name>, 'registers' | 'collect'>, registry: Registry) {
    const tallies = this.tallies;
    this.counter = new Counter({
      ...configuration,
      registers: [registry],
      collect() {
        for (const tally of tallies) {
          if (tally.count === tally.reported) continue;
          this.inc(tally.labels, tally.count - tally.reported);
          tally.reported = tally.count;
        }
      },
    });
  }

  /** One label set's tally, exposed at 0 from the start; keep it and call `inc` on it. */
  tally(labels: Labels<Name>): { inc(by?: number): void } {
    const tally: Tally<Name> = { labels, count: 0, reported: 0 };
    this.tallies.push(tally);
    this.counter.inc(labels, 0);
    return {
      inc: (by = 1) => {
        tally.count += by;
      },
    };
  }
}
