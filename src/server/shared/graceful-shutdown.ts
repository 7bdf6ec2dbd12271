/**
 * Stopping a server without cutting anybody off (DESIGN.md §5), for both servers' main.ts and `npm start`:
 * on SIGTERM or SIGINT readyz fails at once and the port closes (a balancer drains, new connections are refused),
 * requests in flight finish within DPS_SHUTDOWN_GRACE_MS, idle keep-alive connections are closed as they become
 * idle; then the caller closes its pools and child processes. Whatever is still running when the grace is over is
 * cut. A second signal exits at once.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { envDefault, envInteger, parseEnv, type Env } from './env-schema';

const DEFAULT_GRACE_MS = 10_000;
const REAP_EVERY_MS = 50;

/** DPS_SHUTDOWN_GRACE_MS: how long requests in flight may take to finish once a stop signal came (default 10 s). */
export function shutdownGraceMs(env: Env): number {
  const vars = parseEnv(
    z.looseObject({ DPS_SHUTDOWN_GRACE_MS: envDefault(envInteger(0, 600_000), DEFAULT_GRACE_MS) }),
    env,
  );
  return vars.DPS_SHUTDOWN_GRACE_MS;
}

/**
 * Stops accepting and waits until every connection of `app` has finished its request (closing each as soon as it
 * is idle), at most `graceMs`. Resolves with the number of connections still open then (the caller's close cuts them).
 */
export async function drainServer(app: FastifyInstance, graceMs: number): Promise<number> {
  app.readiness.drain();
  const server = app.server;
  // No new connections; Node also closes the idle ones now.
  server.close(() => undefined);
  const openConnections = () =>
    new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
  const deadline = Date.now() + graceMs;
  for (;;) {
    // A keep-alive connection whose answer just went out is idle now: close it rather than wait for its next request.
    server.closeIdleConnections();
    const open = await openConnections();
    if (open === 0 || Date.now() >= deadline) return open;
    await new Promise((resolve) => setTimeout(resolve, REAP_EVERY_MS));
  }
}

/**
 * Runs `stop` on the first SIGTERM or SIGINT, then exits 0 (1 when stop failed); a second signal exits at once.
 * `log` says what is happening on the server's log stream.
 */
export function stopOnSignals(stop: () => Promise<void>, log: (message: string) => void): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: stopping gracefully (a second signal exits at once)`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
