/**
 * The second yardstick of `npm run bench -- bff`: bare-proxy.ts inside Fastify 5, the BFF's framework. One catch-all
 * route under `/api` that forwards over keep-alive node:http with a fixed bearer token and sends the answer back as
 * a stream (`reply.send(stream)`, as the BFF does): no hooks, no logger, no checks. What it costs over the bare
 * proxy is Fastify's own share (routing, request and reply objects, its send path); the BFF's own cost is the rest.
 *
 * Environment: BARE_PROXY_BASE_URL, BARE_PROXY_TOKEN. Prints `bare fastify proxy on <port>` when listening.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

const base = new URL(process.env.BARE_PROXY_BASE_URL ?? '');
const authorization = `Bearer ${process.env.BARE_PROXY_TOKEN ?? ''}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const app = Fastify({ logger: false, keepAliveTimeout: 72_000 });
// Bodies are not parsed: the request stream is piped upstream as it arrives.
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', (_request, _payload, done) => done(null));

app.all('/api/*', (request, reply) => {
  const upstream = http.request(
    {
      host: base.hostname,
      port: base.port,
      path: `${base.pathname}${(request.raw.url ?? '').replace(/^\/api/, '')}`,
      method: request.method,
      agent,
      headers: {
        authorization,
        accept: request.headers.accept ?? '*/*',
        ...(request.headers['content-type'] ? { 'content-type': request.headers['content-type'] } : {}),
        ...(request.headers['content-length'] ? { 'content-length': request.headers['content-length'] } : {}),
      },
    },
    (answer) => {
      reply.code(answer.statusCode ?? 502).headers(answer.headers);
      void reply.send(answer);
    },
  );
  upstream.on('error', () => reply.raw.destroy());
  request.raw.pipe(upstream);
  return reply;
});

await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`bare fastify proxy on ${(app.server.address() as AddressInfo).port}`);
// Exit (not die) on SIGTERM, so a --cpu-prof profile (DPS_BENCH_NODE_ARGS) is written for comparison with the BFF's.
process.on('SIGTERM', () => process.exit(0));
