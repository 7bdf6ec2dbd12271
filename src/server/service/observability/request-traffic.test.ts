import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestTraffic } from './request-traffic';

/** A server whose one route answers when the test lets it. */
async function serverWithHeldRoute(traffic = new RequestTraffic()) {
  const app = Fastify();
  traffic.hook(app);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  app.get('/held', async () => {
    arrived();
    await held;
    return { ok: true };
  });
  await app.ready();
  return { app, traffic, release, arrival };
}

describe('RequestTraffic', () => {
  it('lets background work go at once when no request is being answered', async () => {
    const { app, traffic } = await serverWithHeldRoute();
    expect(traffic.requestsInFlight).toBe(0);
    await expect(traffic.quiet(60_000)).resolves.toBeUndefined();
    await app.close();
  });

  it('holds background work until the request in flight is answered', async () => {
    const { app, traffic, release, arrival } = await serverWithHeldRoute();
    const answer = app.inject({ url: '/held' });
    await arrival;
    expect(traffic.requestsInFlight).toBe(1);
    let went = false;
    const waiting = traffic.quiet(60_000).then(() => (went = true));
    // The request is still held: the check below runs after every promise that could have settled has.
    await new Promise((resolve) => setImmediate(resolve));
    expect(went).toBe(false);
    release();
    await answer;
    await waiting;
    expect(went).toBe(true);
    expect(traffic.requestsInFlight).toBe(0);
    await app.close();
  });

  it('waits for a pause: a request sent right after the last answer keeps background work waiting', async () => {
    const traffic = new RequestTraffic(100);
    const first = await serverWithHeldRoute(traffic);
    const answer = first.app.inject({ url: '/held' });
    await first.arrival;
    let went = false;
    const waiting = traffic.quiet(60_000).then(() => (went = true));
    first.release();
    await answer;
    // The client's next request, within the pause background work waits for.
    const second = await serverWithHeldRoute(traffic);
    const nextAnswer = second.app.inject({ url: '/held' });
    await second.arrival;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(went).toBe(false);
    second.release();
    await nextAnswer;
    await new Promise((resolve) => setImmediate(resolve));
    expect(went).toBe(false);
    await waiting;
    expect(traffic.requestsInFlight).toBe(0);
    await Promise.all([first.app.close(), second.app.close()]);
  });

  it('lets background work go after the longest wait even while requests keep coming', async () => {
    const { app, traffic, release, arrival } = await serverWithHeldRoute();
    const answer = app.inject({ url: '/held' });
    await arrival;
    await expect(traffic.quiet(20)).resolves.toBeUndefined();
    expect(traffic.requestsInFlight).toBe(1);
    release();
    await answer;
    await app.close();
  });
});
