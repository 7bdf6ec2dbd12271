/**
 * The probes of both servers (DESIGN.md §5), for a load balancer or an orchestrator:
 * - `GET /healthz`: the process answers (liveness) — 200 `{status: 'ok'}`;
 * - `GET /readyz`: it can serve — every readiness check passes, each run at most `timeoutMs`; 200 or 503 with
 *   `{status, checks: {name: 'ok' | 'fail'}}`. While the server drains before it stops (graceful-shutdown.ts) readyz
 *   fails at once with `shutdown: 'fail'`, so a balancer stops sending it new requests.
 * No authentication and nothing beyond up/down and the name of a failed check; why a check failed goes to the log,
 * once when it starts failing. Never cached by anyone on the way.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Resolves when the server's dependency is usable, rejects (with the reason, for the log) when it is not. */
export type ReadinessCheck = () => Promise<void>;

export const PROBE_PATHS: readonly string[] = ['/healthz', '/readyz'];

interface HealthOptions {
  checks: Record<string, ReadinessCheck>;
  /** A check that has not answered in this time fails (a database that hangs must not hang the probe). */
  timeoutMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `drain()`: readyz fails from now on (the server is stopping). */
    readiness: { drain(): void; readonly draining: boolean };
  }
}

function withTimeout(check: ReadinessCheck, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise<void>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}

const answer = (reply: FastifyReply, ok: boolean, body: object) =>
  reply
    .code(ok ? 200 : 503)
    .header('cache-control', 'no-store')
    .send({ status: ok ? 'ok' : 'fail', ...body });

export const healthRoutes = fp<HealthOptions>(
  async (app: FastifyInstance, { checks, timeoutMs = 2_000 }) => {
    let draining = false;
    const failing = new Set<string>();
    app.decorate('readiness', {
      drain: () => void (draining = true),
      get draining() {
        return draining;
      },
    });

    app.get('/healthz', async (_request, reply) => answer(reply, true, {}));

    app.get('/readyz', async (_request, reply) => {
      if (draining) return answer(reply, false, { checks: { shutdown: 'fail' } });
      const names = Object.keys(checks);
      const outcomes = await Promise.allSettled(names.map((name) => withTimeout(checks[name], timeoutMs)));
      const results: Record<string, 'ok' | 'fail'> = {};
      outcomes.forEach((outcome, i) => {
        const name = names[i];
        results[name] = outcome.status === 'fulfilled' ? 'ok' : 'fail';
        if (outcome.status === 'fulfilled') failing.delete(name);
        else if (!failing.has(name)) {
          failing.add(name);
          app.log.warn({ check: name, reason: (outcome.reason as Error)?.message }, 'readiness check failed');
        }
      });
      return answer(
        reply,
        Object.values(results).every((r) => r === 'ok'),
        { checks: results },
      );
    });
  },
  { name: 'health-routes' },
);
