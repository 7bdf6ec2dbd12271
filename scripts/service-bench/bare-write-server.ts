/**
 * The request floor of `npm run bench:service -- writes`: a bare `node:http` server in its own process that answers
 * a write by sending the very statements the service sent for one request (./statement-capture.ts recorded them:
 * text, parameters, prepared name) on one connection of a pool as large as the service's, then the service's recorded
 * response. No framework, no schema, no token check beyond the caller lookup among those statements: what a server
 * doing this write over HTTP cannot do without.
 *
 * The statements were recorded for the write's capture row; a request names its own row by the 8 digits that end its
 * path (every seeded id ends with them), and every id of the capture row in the statements' text and parameters is
 * rewritten to that row's id, as pgbench's script does with `:n_row`.
 *
 * argv[2] is a JSON file: { statements, replace: [[captureId, idPrefix]…], response: { status, contentType, body } }.
 * DPS_DATABASE_URL and DPS_DATABASE_SCHEMA say where. Prints `bare write server on <port>` when listening.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

export interface BareWriteSetup {
  statements: { text: string; params: unknown[]; name?: string }[];
  /** Each id of the capture row and the part of it before the row's 8 digits. */
  replace: [captureId: string, prefix: string][];
  response: { status: number; contentType: string; body: string };
}

const POOL_SIZE = 10; // the service's (src/server/service/storage/database.ts)

const setup = JSON.parse(readFileSync(process.argv[2], 'utf8')) as BareWriteSetup;
const body = Buffer.from(setup.response.body, 'base64');
const pool = new pg.Pool({
  connectionString: process.env.DPS_DATABASE_URL,
  options: `-c search_path="${process.env.DPS_DATABASE_SCHEMA}"`,
  max: POOL_SIZE,
});

/** The recorded statements with the capture row's ids turned into `digits`' row ids (parameters as JSON text). */
function statementsFor(digits: string) {
  const rewrite = (text: string) =>
    setup.replace.reduce((out, [captureId, prefix]) => out.replaceAll(captureId, prefix + digits), text);
  return setup.statements.map(({ text, params, name }) => ({
    text: rewrite(text),
    name,
    values: params.map((param) =>
      typeof param === 'string'
        ? rewrite(param)
        : param !== null && typeof param === 'object'
          ? JSON.parse(rewrite(JSON.stringify(param)))
          : param,
    ),
  }));
}

async function write(digits: string): Promise<void> {
  const connection = await pool.connect();
  try {
    for (const statement of statementsFor(digits)) await connection.query(statement);
  } finally {
    connection.release();
  }
}

const server = http.createServer((request, response) => {
  const digits = /(\d{8})$/.exec((request.url ?? '').split('?')[0])?.[1];
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    // Parsed as any server parses a JSON body before writing it.
    JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
    if (!digits) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no row in the path"}');
      return;
    }
    write(digits).then(
      () =>
        response
          .writeHead(setup.response.status, {
            'content-type': setup.response.contentType,
            'content-length': body.length,
          })
          .end(body),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
    );
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => console.log(`bare write server on ${(server.address() as AddressInfo).port}`));
