/**
 * The document file contract on every file store: database chunks (PGlite, or PostgreSQL with DPS_DATABASE_URL) and
 * S3 (a real S3-compatible server started here on loopback). Upload by streamed PUT, download and `Range`, HEAD, the
 * size limit (413 up front and while streaming, the previous file intact), replace, cancel, delete, and restart.
 * The services here run with a 3 MiB limit so the limit is crossed cheaply; the 64 MiB default is config's.
 */
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp, type ServiceApp } from '@/server/service/app';
import { loadServiceConfig, MIB } from '@/server/service/config';
import { dropSchema, rows } from '@/server/service/storage';
import { CHUNK_SIZE } from '@/server/service/storage/file-store/database-chunks';
import { requestToken, testServiceEnv } from '@/server/service/testing/start-test-service';
import { startS3TestServer, type S3TestServer } from '@/server/service/testing/s3-test-server';

const LIMIT = 3 * MIB;
const databaseUrl = process.env.DPS_DATABASE_URL;

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(() => s3?.close());

/** A service on a data dir (and PostgreSQL schema) that outlives it, so a second one can be started on the same. */
async function serviceOn(dataDir: string, schema: string | undefined, env: Record<string, string>) {
  const config = {
    ...loadServiceConfig(testServiceEnv(dataDir, env)),
    databaseSchema: schema,
    rawBodyLimit: LIMIT,
  };
  const app = await createServiceApp(config);
  await app.start();
  const credentials = JSON.parse(await readFile(path.join(dataDir, 'credentials.json'), 'utf8'));
  const token = await requestToken(app.context.urls.authUrl, credentials.clientId, credentials.clientSecret);
  return { app, token, baseUrl: app.context.urls.baseUrl };
}

const stores = [
  { name: databaseUrl ? 'PostgreSQL chunks' : 'PGlite chunks', s3: false },
  { name: 'S3 objects (s3rver)', s3: true },
];

describe.each(stores)('document files on $name', ({ s3: inS3 }) => {
  let dataDir: string;
  let schema: string | undefined;
  let service: { app: ServiceApp; token: string; baseUrl: string };
  const env = () => (inS3 ? s3.env : {});

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dps-files-test-'));
    schema = databaseUrl ? `t_${randomBytes(8).toString('hex')}` : undefined;
    service = await serviceOn(dataDir, schema, env());
  });
  afterAll(async () => {
    await service?.app.close();
    if (schema && databaseUrl) await dropSchema(databaseUrl, schema);
    await rm(dataDir, { recursive: true, force: true });
  });

  const auth = () => ({ authorization: `Bearer ${service.token}` });
  const fileUrl = (documentId: string) => `${service.baseUrl}/documents/${documentId}/file`;

  async function newDocument(contentType = 'application/pdf'): Promise<string> {
    const response = await fetch(`${service.baseUrl}/documents`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'big.pdf', contentType }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { documentId: string }).documentId;
  }

  function put(documentId: string, body: NonNullable<RequestInit['body']>, headers: Record<string, string> = {}) {
    return fetch(fileUrl(documentId), {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/pdf', ...headers },
      body,
      duplex: 'half',
    } as RequestInit);
  }

  /** A body of `pieces` streamed without a Content-Length (chunked transfer encoding). */
  function streamed(...pieces: Buffer[]): ReadableStream<Uint8Array> {
    return new ReadableStream({
      pull(controller) {
        const next = pieces.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    });
  }

  async function download(documentId: string, headers: Record<string, string> = {}, method = 'GET') {
    const response = await fetch(fileUrl(documentId), { method, headers: { ...auth(), ...headers } });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  /** Chunk rows, or objects in the bucket: what a stored file occupies, to see nothing is left behind. */
  async function storedPieces(): Promise<number> {
    if (inS3) {
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'files/' }));
      client.destroy();
      // The bucket is shared by the S3 services of this file: count only this service's organization.
      const [{ id }] = await rows<{ id: string }>(service.app.context.store.db, sql`SELECT id FROM organizations`);
      return (listed.Contents ?? []).filter((object) => object.Key!.startsWith(`files/${id}/`)).length;
    }
    const [{ n }] = await rows<{ n: number }>(
      service.app.context.store.db,
      sql`SELECT count(*)::int AS n FROM document_file_chunks`,
    );
    return n;
  }
  const piecesOf = (size: number) => (inS3 ? 1 : Math.ceil(size / CHUNK_SIZE));

  const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');
  const BIG = randomBytes(2 * CHUNK_SIZE + CHUNK_SIZE / 2 + 7);

  it('streams a multi-chunk PUT in and the same bytes out, with their MD5, length and Accept-Ranges; HEAD too', async () => {
    const documentId = await newDocument();
    const before = await storedPieces();
    const answer = await put(documentId, streamed(BIG.subarray(0, 1000), BIG.subarray(1000)));
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { contentMD5: string }).contentMD5).toBe(md5(BIG));
    expect(await storedPieces()).toBe(before + piecesOf(BIG.length));

    const { response, bytes } = await download(documentId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe(String(BIG.length));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(bytes.equals(BIG)).toBe(true);

    const head = await download(documentId, {}, 'HEAD');
    expect(head.response.status).toBe(200);
    expect(head.response.headers.get('content-length')).toBe(String(BIG.length));
    expect(head.response.headers.get('accept-ranges')).toBe('bytes');
    expect(head.bytes.length).toBe(0);
  });

  it('answers a single Range with 206 and Content-Range, across chunk boundaries, suffix and open-ended; 416 past the end', async () => {
    const documentId = await newDocument();
    expect((await put(documentId, BIG)).status).toBe(200);
    const size = BIG.length;
    const cases: [string, number, number][] = [
      [`bytes=${CHUNK_SIZE - 5}-${CHUNK_SIZE + 4}`, CHUNK_SIZE - 5, CHUNK_SIZE + 4],
      [`bytes=10-${2 * CHUNK_SIZE + 20}`, 10, 2 * CHUNK_SIZE + 20],
      [`bytes=${size - 3}-`, size - 3, size - 1],
      ['bytes=-100', size - 100, size - 1],
      [`bytes=5-${size + 1000}`, 5, size - 1],
      ['bytes=0-0', 0, 0],
    ];
    for (const [range, start, end] of cases) {
      const { response, bytes } = await download(documentId, { range });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(bytes.equals(BIG.subarray(start, end + 1)), range).toBe(true);
    }

    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const { response, bytes } = await download(documentId, { range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${size}`);
      expect(JSON.parse(bytes.toString()).message).toMatch(/Range/);
    }

    // Several ranges, or a header that is no bytes range: the whole file (RFC 9110 lets a server ignore Range).
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-3']) {
      const { response, bytes } = await download(documentId, { range });
      expect(response.status, range).toBe(200);
      expect(bytes.equals(BIG), range).toBe(true);
    }
  });

  it('refuses a body above the limit with 413 naming it, up front or while streaming, keeping the previous file', async () => {
    const documentId = await newDocument();
    const first = randomBytes(1000);
    expect((await put(documentId, first)).status).toBe(200);
    const before = await storedPieces();

    // A declared length above the limit: refused before any byte is read, once the caller is known.
    const declaring = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(
          fileUrl(documentId),
          {
            method: 'PUT',
            headers: { ...headers, 'content-type': 'application/pdf', 'content-length': String(LIMIT + 1) },
          },
          (response) => {
            let body = '';
            response.on('data', (piece) => (body += piece));
            response.on('end', () => resolve({ status: response.statusCode!, body }));
          },
        );
        request.on('error', reject);
        request.write(Buffer.alloc(1024));
      });
    expect((await declaring({})).status).toBe(401);
    const declared = await declaring(auth());
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).message).toBe(`file is larger than the file size limit of 3 MiB (${LIMIT} bytes)`);

    // No length declared: refused once the limit is crossed.
    const piece = Buffer.alloc(MIB, 1);
    const over = await put(documentId, streamed(piece, piece, piece, Buffer.alloc(1)));
    expect(over.status).toBe(413);
    expect(((await over.json()) as { message: string }).message).toMatch(/3 MiB/);

    // Exactly the limit fits.
    const exact = randomBytes(LIMIT);
    const fits = await put(documentId, streamed(exact));
    expect(fits.status).toBe(200);
    expect((await download(documentId)).bytes.equals(exact)).toBe(true);
    expect(await storedPieces()).toBe(before - piecesOf(first.length) + piecesOf(LIMIT));
    expect((await put(documentId, first)).status).toBe(200);
    expect((await download(documentId)).bytes.equals(first)).toBe(true);
    expect(await storedPieces()).toBe(before);
  });

  it('replaces the file on a second PUT, leaving no bytes of the first behind', async () => {
    const documentId = await newDocument();
    const before = await storedPieces();
    expect((await put(documentId, BIG)).status).toBe(200);
    const second = randomBytes(CHUNK_SIZE + 1);
    const replaced = await put(documentId, second, { 'content-type': 'image/png' });
    expect(replaced.status).toBe(200);
    expect(((await replaced.json()) as { contentMD5: string }).contentMD5).toBe(md5(second));
    const { response, bytes } = await download(documentId);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(bytes.equals(second)).toBe(true);
    expect(await storedPieces()).toBe(before + piecesOf(second.length));
  });

  it('keeps the previous file when an upload is cancelled half-way, and removes what the cancelled one wrote', async () => {
    const documentId = await newDocument();
    const first = randomBytes(5000);
    expect((await put(documentId, first)).status).toBe(200);
    const before = await storedPieces();

    await new Promise<void>((resolve) => {
      const request = httpRequest(fileUrl(documentId), {
        method: 'PUT',
        headers: { ...auth(), 'content-type': 'application/pdf', 'content-length': String(2 * CHUNK_SIZE + 10) },
      });
      request.on('error', () => resolve());
      request.write(randomBytes(CHUNK_SIZE + CHUNK_SIZE / 2), () => setTimeout(() => request.destroy(), 300));
    });
    // The service notices the cut connection and removes the partial upload.
    for (let waited = 0; (await storedPieces()) !== before && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await storedPieces()).toBe(before);
    expect((await download(documentId)).bytes.equals(first)).toBe(true);
  });

  it('removes the bytes with the document; the file URL then answers 404', async () => {
    const documentId = await newDocument();
    const before = await storedPieces();
    expect((await put(documentId, BIG)).status).toBe(200);
    const removed = await fetch(`${service.baseUrl}/documents/${documentId}`, { method: 'DELETE', headers: auth() });
    expect(removed.status).toBe(200);
    expect((await download(documentId)).response.status).toBe(404);
    expect(await storedPieces()).toBe(before);
  });

  it('serves inline base64 content from the same store, and every file after a restart on the same data', async () => {
    const inline = randomBytes(CHUNK_SIZE + 3);
    const created = await fetch(`${service.baseUrl}/documents`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ content: inline.toString('base64'), contentType: 'image/jpeg' }),
    });
    const { documentId: inlineId, contentMD5 } = (await created.json()) as { documentId: string; contentMD5: string };
    expect(contentMD5).toBe(md5(inline));
    const uploadedId = await newDocument();
    expect((await put(uploadedId, BIG)).status).toBe(200);

    await service.app.close();
    service = await serviceOn(dataDir, schema, env());
    const again = await download(inlineId);
    expect(again.response.headers.get('content-type')).toBe('image/jpeg');
    expect(again.bytes.equals(inline)).toBe(true);
    expect((await download(uploadedId, { range: 'bytes=-10' })).bytes.equals(BIG.subarray(-10))).toBe(true);
  });

  it('sweeps chunks that no file points to once they are older than any upload in progress', async () => {
    const { db } = service.app.context.store;
    const chunk = (fileId: string, age: string) =>
      db.execute(sql`INSERT INTO document_file_chunks (organization_id, file_id, seq, bytes, created_time)
                     VALUES ('org-x', ${fileId}, 0, decode('00', 'hex'), now() - ${age}::interval)`);
    await chunk('left-by-a-stopped-process', '2 hours');
    await chunk('an-upload-in-progress', '1 minute');
    const documentId = await newDocument();
    expect((await put(documentId, BIG)).status).toBe(200);
    // Old files that documents point to are never orphans, however old.
    await db.execute(
      sql`UPDATE document_file_chunks SET created_time = now() - interval '2 hours' WHERE organization_id <> 'org-x'`,
    );

    expect(await service.app.context.files.sweepOrphans('1 hour')).toBe(1);
    const left = await rows<{ file_id: string }>(
      db,
      sql`SELECT DISTINCT file_id FROM document_file_chunks WHERE organization_id = 'org-x'`,
    );
    expect(left.map((row) => row.file_id)).toEqual(['an-upload-in-progress']);
    expect((await download(documentId)).bytes.equals(BIG)).toBe(true);
  });
});
