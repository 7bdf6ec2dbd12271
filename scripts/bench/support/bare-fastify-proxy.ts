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
import { upstreamRequestOptions } from './bare-upstream';
import Fastify from 'fastify';

const app = Fastify({ logger: false, keepAliveTimeout: 72_000 });
// Bodies are not parsed: the request stream is piped upstream as it arrives.
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', (_request, _payload, done) => done(null));

app.all('/api/*', (request, reply) => {
  const upstream = http.request(
    upstreamRequestOptions(request.method ?? 'GET', request.raw.url ?? '', request.headers),
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
