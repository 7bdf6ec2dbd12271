/**
 * What both bare proxies (bare-proxy.ts, bare-fastify-proxy.ts) send upstream, so the two floors differ only in the
 * server around it: the request under `/api` to `{base_url}` over keep-alive with a fixed bearer token, carrying only
 * the headers a body needs. Environment: BARE_PROXY_BASE_URL, BARE_PROXY_TOKEN.
 */
import http, { type IncomingHttpHeaders } from 'node:http';

const base = new URL(process.env.BARE_PROXY_BASE_URL ?? '');
const authorization = `Bearer ${process.env.BARE_PROXY_TOKEN ?? ''}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function upstreamRequestOptions(method: string, url: string, headers: IncomingHttpHeaders): http.RequestOptions {
  return {
    host: base.hostname,
    port: base.port,
    path: `${base.pathname}${url.replace(/^\/api/, '')}`,
    method,
    agent,
    headers: {
      authorization,
      accept: headers.accept ?? '*/*',
      ...(headers['content-type'] ? { 'content-type': headers['content-type'] } : {}),
      ...(headers['content-length'] ? { 'content-length': headers['content-length'] } : {}),
    },
  };
}
