/**
 * Serves a registry as Prometheus text: on a listener of its own (opened when the app is ready, closed with it) and/or
 * as `GET /metrics` on the app's port for the configured bearer token, compared in constant time (digests of equal
 * length, so neither the token nor its length leaks through timing). The listener of its own answers only the Host
 * names the server's main port answers and its own bind host (host-allowlist.ts): no token guards it, so a page that
 * reached it by DNS rebinding would read the metrics.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, type Registry } from 'prom-client';
import { hostAllowlist, hostProblem } from '@/server/shared/host-allowlist';
import type { MetricsConfig } from './metrics-config';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries exactly `Bearer <token>`. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+)$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

export interface MetricsListener {
  /** The bound port once the app is ready (the configured one, or the free one 0 picked). */
  port(): number | undefined;
}

/** `allowedHosts`: the Host names the server's main port is reached by besides loopback (its bind host included). */
export function serveMetrics(
  app: FastifyInstance,
  registry: Registry,
  config: MetricsConfig,
  allowedHosts: readonly string[],
): MetricsListener {
  // The process's CPU, memory, event loop lag, handles and GC (prom-client's defaults), only when metrics are served.
  collectDefaultMetrics({ register: registry });
  const { token } = config;
  if (token !== undefined) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'metrics need the metrics token' });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  }
  if (config.port === undefined) return { port: () => undefined };

  const allowed = hostAllowlist([...allowedHosts, config.host]);
  const server = http.createServer((request, response) => {
    const badHost = hostProblem(request.headers.host, allowed);
    if (badHost) {
      response.writeHead(421, { 'content-type': 'text/plain' }).end(`${badHost}\n`);
      return;
    }
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: Error) => {
        app.log.error({ err: error.message }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n');
      },
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { port: () => (server.address() as AddressInfo | null)?.port };
}
