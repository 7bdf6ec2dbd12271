/**
 * The yardstick of `npm run bench:service`: a bare `node:http` server in its own process that answers each measured
 * request with the service's own recorded response (status, content type, bytes) from memory. It reads the body of
 * writes before answering, as any server must, and does nothing else.
 *
 * argv[2] is a JSON file: { "<METHOD> <path without query>": { status, contentType, body (base64) } }.
 * Prints `bare server on <port>` when listening.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Recorded {
  status: number;
  contentType: string;
  body: string;
}

const recorded = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Record<string, Recorded>;
const answers = new Map(
  Object.entries(recorded).map(([key, r]) => [
    key,
    { status: r.status, contentType: r.contentType, body: Buffer.from(r.body, 'base64') },
  ]),
);

const server = http.createServer((request, response) => {
  const key = `${request.method} ${(request.url ?? '').split('?')[0]}`;
  request.resume();
  request.on('end', () => {
    const answer = answers.get(key);
    if (!answer) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not recorded"}');
      return;
    }
    response
      .writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': answer.body.length })
      .end(answer.body);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => console.log(`bare server on ${(server.address() as AddressInfo).port}`));
