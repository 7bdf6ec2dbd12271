/**
 * The service's metrics (one registry per app): its HTTP answers by route template, the database pool, read-cache
 * hits and misses, the recognition queue (depth counted at scrape, time per page), and bytes of uploaded files.
 * Labels take a few fixed values each; none carries an id, a name or anything a caller sent. Below the context (it
 * holds them) and the plugins; plugins/metrics-and-request-ids.ts hooks them into the app.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsListener } from '@/server/shared/metrics/metrics-endpoint';
import { HttpMetrics } from '@/server/shared/metrics/http-metrics';
import { RequestTraffic } from './request-traffic';
import { TallyCounter } from '@/server/shared/metrics/tally-counter';
import type { Store } from '@/server/service/storage';
import { recognitionsRepo } from '@/server/service/storage/repositories/document-recognitions';

export type PageOutcome = 'recognised' | 'not-recognised' | 'failed';

export class ServiceMetrics {
  readonly registry = new Registry();
  readonly http = new HttpMetrics(this.registry, 'dps_service');
  /** The metrics listener (DPS_SERVICE_METRICS_PORT), once the plugin has set it up. */
  listener: MetricsListener = { port: () => undefined };
  private readonly readCache = new TallyCounter(
    {
      name: 'dps_service_read_cache_requests_total',
      help: 'Authenticated GETs the read cache answered (hit) or passed to the route (miss)',
      labelNames: ['result'],
    },
    this.registry,
  );
  readonly readCacheHit = this.readCache.tally({ result: 'hit' });
  readonly readCacheMiss = this.readCache.tally({ result: 'miss' });
  readonly uploadBytes = new Counter({
    name: 'dps_service_upload_bytes_total',
    help: 'Bytes of document files received (inline content on create and file PUTs)',
    registers: [this.registry],
  });
  private readonly recognitionPages = new Histogram({
    name: 'dps_service_recognition_page_duration_seconds',
    help: 'Time text recognition took per page, by outcome: recognised, not-recognised (a limit) or failed',
    labelNames: ['outcome'],
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120],
    registers: [this.registry],
  });

  /** `traffic`: the requests being answered now; background work gives way to them (request-traffic.ts). */
  constructor(
    store: Store,
    readonly traffic = new RequestTraffic(),
  ) {
    new Gauge({
      name: 'dps_service_database_connections',
      help: 'Database pool connections by state: total (open), idle, waiting (queries queued for one); PGlite: total 1',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const use = store.connections();
        this.set({ state: 'total' }, use.total);
        if (use.idle !== undefined) this.set({ state: 'idle' }, use.idle);
        if (use.waiting !== undefined) this.set({ state: 'waiting' }, use.waiting);
      },
    });
    new Gauge({
      name: 'dps_service_recognition_queue_documents',
      help: 'Documents waiting for text recognition or being recognised (all instances sharing the database)',
      registers: [this.registry],
      async collect() {
        this.set(await recognitionsRepo.countWaiting(store.db));
      },
    });
    // Every series exists from the start: a rate over one that appears late misses its first step.
    for (const outcome of ['recognised', 'not-recognised', 'failed']) this.recognitionPages.zero({ outcome });
  }

  recognitionPage(outcome: PageOutcome, seconds: number): void {
    this.recognitionPages.observe({ outcome }, seconds);
  }
}
