/**
 * The yardstick of `npm run bench -- bff`: the least a proxy in its own process can do on this machine. A bare
 * `node:http` server that forwards every request under `/api` to `{base_url}` over keep-alive with a fixed bearer
 * token and pipes the answer back: no session, no checks, no header allowlists, no audit. What it costs over direct
 * is what any proxy hop costs here (two more sockets, one more process to wake); the BFF's own cost is the rest.
 *
 * Environment: BARE_PROXY_BASE_URL, BARE_PROXY_TOKEN. Prints `bare proxy on <port>` when listening.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { upstreamRequestOptions } from './bare-upstream';

const server = http.createServer((request, response) => {
  const upstream = http.request(
    upstreamRequestOptions(request.method ?? 'GET', request.url ?? '', request.headers),
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => response.destroy());
  request.pipe(upstream);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => console.log(`bare proxy on ${(server.address() as AddressInfo).port}`));
// Exit (not die) on SIGTERM, so a --cpu-prof profile (DPS_BENCH_NODE_ARGS) is written for comparison with the BFF's.
process.on('SIGTERM', () => process.exit(0));
