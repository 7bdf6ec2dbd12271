/**
 * Requests by route template, method and status, with a latency histogram, recorded once per answer (onResponse,
 * Fastify's own elapsed time). Labels are the route as declared (`/v1/users/:userId`), never the URL, so no id, name
 * or value a caller sent ends up in a label. The label children are kept per route, method and status and reused:
 * a request costs three map lookups, an addition and an observation (tallies, read by prom-client at scrape time).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Registry } from 'prom-client';
import { TallyCounter } from './tally-counter';
import { TallyHistogram, type HistogramSeries } from './tally-histogram';

/** Seconds: a cached read takes a millisecond, an upload through the BFF may take a minute. */
export const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** What a request no route matched is counted under. */
const UNMATCHED = 'unmatched';
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

/** `5xx` from 503: a label with five values. */
export function statusClass(status: number): string {
  return STATUS_CLASSES[Math.floor(status / 100) - 1] ?? 'other';
}

interface Children {
  requests: { inc(): void };
  duration: HistogramSeries;
}

export class HttpMetrics {
  private readonly requests: TallyCounter<'route' | 'method' | 'status'>;
  private readonly duration: TallyHistogram<'route' | 'method' | 'status_class'>;
  private readonly children = new Map<string, Map<string, Map<number, Children>>>();

  constructor(registry: Registry, prefix: string) {
    this.requests = new TallyCounter(
      {
        name: `${prefix}_http_requests_total`,
        help: 'HTTP requests answered, by route template, method and status',
        labelNames: ['route', 'method', 'status'],
      },
      registry,
    );
    this.duration = new TallyHistogram(
      `${prefix}_http_request_duration_seconds`,
      'Time from the request to its answer, by route template, method and status class',
      LATENCY_BUCKETS,
      registry,
    );
  }

  record(route: string | undefined, rawMethod: string, status: number, seconds: number): void {
    const method = METHODS.has(rawMethod) ? rawMethod : 'other';
    const template = route ?? UNMATCHED;
    let byMethod = this.children.get(template);
    if (!byMethod) this.children.set(template, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let children = byStatus.get(status);
    if (!children) {
      children = {
        requests: this.requests.tally({ route: template, method, status: String(status) }),
        duration: this.duration.series({ route: template, method, status_class: statusClass(status) }),
      };
      byStatus.set(status, children);
    }
    children.requests.inc();
    children.duration.observe(seconds);
  }

  /** Records every answer of `app` (register on the root instance, before the routes). */
  hook(app: FastifyInstance): void {
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      this.record(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
}
