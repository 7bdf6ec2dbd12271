/**
 * The requests the service is answering right now, so background work can give way to them. Text recognition does
 * its database work (claiming a page, reading the file's chunks, storing the words) on the thread that answers the
 * API, and on the embedded database every statement runs one at a time: a statement of the queue's started just
 * before a request makes that request wait for it. The queue asks `quiet()` before each step: it goes on at once when
 * no request is in flight, else when the last one is answered — or after `maxWaitMs`, so a service that is never
 * idle still recognises its documents.
 */
import type { FastifyInstance } from 'fastify';

export class RequestTraffic {
  private inFlight = 0;
  private waiting: (() => void)[] = [];

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

  /** Resolves when no request is in flight, or after `maxWaitMs` at the latest. */
  quiet(maxWaitMs = 250): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== go);
        resolve();
      }, maxWaitMs);
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push(go);
    });
  }

  private end(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight > 0 || this.waiting.length === 0) return;
    const waiting = this.waiting;
    this.waiting = [];
    for (const go of waiting) go();
  }
}
