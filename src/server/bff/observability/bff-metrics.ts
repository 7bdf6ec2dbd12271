/**
 * The BFF's metrics (one registry per app, so several apps in one process stay apart): its HTTP answers, its calls
 * to the service, token requests, failed sign-ins, and the sessions open at scrape time. Labels take a few fixed
 * values each; none carries an id, a name or anything an operator typed.
 */
import { Counter, Gauge, Registry } from 'prom-client';
import { HttpMetrics, LATENCY_BUCKETS, statusClass } from '@/server/shared/metrics/http-metrics';
import { TallyHistogram, type HistogramSeries } from '@/server/shared/metrics/tally-histogram';

/** What the upstream client reports: an answer (status and time to its headers), or no answer. */
export interface UpstreamObserver {
  answered(method: string, status: number, seconds: number): void;
  failed(kind: 'timeout' | 'unreachable'): void;
}

export type SignInFailure = 'wrong-credentials' | 'rate-limited' | 'launch-link';

const READ_METHODS = new Set(['GET', 'HEAD']);

export class BffMetrics implements UpstreamObserver {
  readonly registry = new Registry();
  readonly http = new HttpMetrics(this.registry, 'dps_bff');
  private readonly upstreamDuration = new TallyHistogram<'kind' | 'status_class'>(
    'dps_bff_upstream_request_duration_seconds',
    'Time the service took to answer a call (until its response headers), by read/write and status class',
    LATENCY_BUCKETS,
    this.registry,
  );
  private readonly upstreamErrors = new Counter({
    name: 'dps_bff_upstream_errors_total',
    help: 'Calls to the service that got no answer: timeout or unreachable',
    labelNames: ['reason'],
    registers: [this.registry],
  });
  private readonly tokenRequests = new Counter({
    name: 'dps_bff_token_requests_total',
    help: 'Access token requests to the token endpoint (refreshes included), by outcome: obtained or failed',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly signInFailures = new Counter({
    name: 'dps_bff_sign_in_failures_total',
    help: 'Refused sign-ins: wrong-credentials, rate-limited or launch-link (an unknown or used link)',
    labelNames: ['reason'],
    registers: [this.registry],
  });
  /** Label children reused per read/write and status class (no label object per call). */
  private readonly upstreamChildren = new Map<string, HistogramSeries>();
  private sessionCount: () => Promise<number> = async () => 0;

  constructor() {
    const sessions: Gauge = new Gauge({
      name: 'dps_bff_active_sessions',
      help: 'Operator sessions open (not expired, not signed out), counted at scrape',
      registers: [this.registry],
      collect: async (): Promise<void> => sessions.set(await this.sessionCount()),
    });
    // Every label value exists from the start: a rate over a counter that appears late misses its first step.
    for (const reason of ['timeout', 'unreachable']) this.upstreamErrors.inc({ reason }, 0);
    for (const outcome of ['obtained', 'failed']) this.tokenRequests.inc({ outcome }, 0);
    for (const reason of ['wrong-credentials', 'rate-limited', 'launch-link']) this.signInFailures.inc({ reason }, 0);
  }

  /** Where the sessions gauge counts (the session store, known once the state is open). */
  countSessionsWith(count: () => Promise<number>): void {
    this.sessionCount = count;
  }

  answered(method: string, status: number, seconds: number): void {
    const kind = READ_METHODS.has(method) ? 'read' : 'write';
    const key = `${kind} ${statusClass(status)}`;
    let child = this.upstreamChildren.get(key);
    if (!child) {
      child = this.upstreamDuration.series({ kind, status_class: statusClass(status) });
      this.upstreamChildren.set(key, child);
    }
    child.observe(seconds);
  }

  failed(reason: 'timeout' | 'unreachable'): void {
    this.upstreamErrors.inc({ reason });
  }

  tokenRequested(outcome: 'obtained' | 'failed'): void {
    this.tokenRequests.inc({ outcome });
  }

  signInFailed(reason: SignInFailure): void {
    this.signInFailures.inc({ reason });
  }
}
