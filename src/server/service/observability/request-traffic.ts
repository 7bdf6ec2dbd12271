/**
 * The requests the service is answering right now, so background work can give way to them. Text recognition does
 * its database work (claiming a page, reading the file's chunks, storing the words) on the thread that answers the
 * API, and on the embedded database every statement runs one at a time: a statement of the queue's started just
 * before a request makes that request wait for it. The queue asks `quiet()` before each step: it goes on once no
 * request has been in flight for `settleMs` — a client working one request after another (a screen's loaders, a
 * script) sends its next request within a millisecond or two of the last answer, and a step started in that gap
 * makes the next request wait — or after `maxWaitMs` at the latest, so a service that is never idle still recognises
 * its documents.
 */
import type { FastifyInstance } from 'fastify';

export class RequestTraffic {
  private inFlight = 0;
  /** When the last request in flight was answered (performance.now()). */
  private lastAnswered = Number.NEGATIVE_INFINITY;
  /** Checks of waiting background work, run again when the last request in flight is answered. */
  private waiting = new Set<() => void>();

  constructor(private readonly settleMs = 3) {}

  /** Counts every request of `app` from its arrival to its answer (or to the client going away). */
  hook(app: FastifyInstance): void {
    app.addHook('onRequest', (_request, _reply, done) => {
      this.inFlight += 1;
      done();
    });
    const ended = (_request: unknown, _reply: unknown, done: () => void) => {
      this.end();
      done();
    };
    app.addHook('onResponse', ended);
    app.addHook('onRequestAbort', (_request, done) => {
      this.end();
      done();
    });
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  /**
   * Resolves once no request has been in flight for `settleMs` (at once on an idle service), or after `maxWaitMs` at
   * the latest.
   */
  quiet(maxWaitMs = 250): Promise<void> {
    if (this.inFlight === 0 && performance.now() - this.lastAnswered >= this.settleMs) return Promise.resolve();
    return new Promise((resolve) => {
      let settling: NodeJS.Timeout | undefined;
      const go = () => {
        clearTimeout(settling);
        clearTimeout(deadline);
        this.waiting.delete(check);
        resolve();
      };
      const deadline = setTimeout(go, maxWaitMs);
      const check = () => {
        clearTimeout(settling);
        if (this.inFlight > 0) {
          this.waiting.add(check);
          return;
        }
        const left = this.settleMs - (performance.now() - this.lastAnswered);
        if (left <= 0) go();
        else settling = setTimeout(check, left);
      };
      check();
    });
  }

  private end(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight > 0) return;
    this.lastAnswered = performance.now();
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const check of waiting) check();
  }
}
