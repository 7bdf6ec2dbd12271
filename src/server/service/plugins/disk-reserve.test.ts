/**
 * The disk reserve counts the writes still in flight: on a 32 MB tmpfs with a 16 MB reserve, one 6 MB upload (12 MB
 * counted) is admitted, a second one while the first runs is refused with 507, and admitted once the first is done.
 * Small writes and reads go on. Between two readings of the file system, what the writes done since took counts.
 * Mounting needs root with CAP_SYS_ADMIN (CI has it): without, the test fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, expect, it } from 'vitest';
import { diskReserve } from './disk-reserve';
import { errorAnswers } from './error-answers';

const MIB = 1024 * 1024;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** A 32 MB tmpfs (mounting needs root with CAP_SYS_ADMIN: without, the test fails). */
async function mountTmpfs(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dps-reserve-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m,mode=700', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`this test mounts a tmpfs, which needs root with CAP_SYS_ADMIN: ${String(error)}`, {
      cause: error,
    });
  }
  cleanups.push(async () => execFileSync('umount', ['-l', dir]));
  return dir;
}

/** A server with a 16 MB reserve on `dir`: `POST /uploads` answered by `store`, and a read. */
async function reserveServer(dir: string, store: (body: Buffer) => Promise<unknown>) {
  const app = Fastify();
  cleanups.push(() => app.close());
  await app.register(fp(async () => {}, { name: 'service-auth' }));
  await app.register(errorAnswers);
  await app.register(diskReserve, { dir, reserveBytes: 16 * MIB });
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 10 * MIB }, (_request, body, done) => done(null, body));
  app.post('/uploads', { config: { family: 'documents' } }, async (request) => store(request.body as Buffer));
  app.get('/uploads', { config: { family: 'documents' } }, async () => ({ uploads: 'listed' }));
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl,
    upload: (bytes: number) =>
      fetch(`${baseUrl}/uploads`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: Buffer.alloc(bytes, 1),
        signal: AbortSignal.timeout(30_000),
      }),
  };
}

it('refuses a write that would dip into the reserve with the writes in flight, and admits it after them', async () => {
  const dir = await mountTmpfs();
  let finishFirst = () => {};
  const firstRunning = new Promise<void>((resolve) => (finishFirst = resolve));
  let calls = 0;
  const { baseUrl, upload } = await reserveServer(dir, async () => {
    if (++calls === 1) await firstRunning; // the first upload stays in flight until released
    return { stored: true };
  });

  const first = upload(6 * MIB);
  await expect.poll(() => calls).toBe(1);
  const second = await upload(6 * MIB);
  expect(second.status).toBe(507);
  expect(await second.json()).toEqual({ message: "the service's storage is full" });
  expect((await upload(1024)).status).toBe(200); // small: fits beside the one in flight
  expect((await fetch(`${baseUrl}/uploads`)).status).toBe(200); // reads go on

  finishFirst();
  expect((await first).status).toBe(200);
  expect((await upload(6 * MIB)).status).toBe(200);
});

it('counts what the writes just done took, though the file system was asked before them; space freed is seen at once', async () => {
  const dir = await mountTmpfs();
  let stored = 0;
  const { upload } = await reserveServer(dir, async (body) => {
    await writeFile(path.join(dir, `upload-${++stored}`), body);
    return { stored: true };
  });
  // 32 MB, 16 kept free: one 6 MB upload (12 MB counted) fits, then none — the second comes at once, before the file
  // system would be asked again, and is refused for what the first took.
  expect((await upload(6 * MIB)).status).toBe(200);
  expect((await upload(6 * MIB)).status).toBe(507);
  // Freed: the next write is admitted at once.
  await rm(path.join(dir, 'upload-1'));
  expect((await upload(6 * MIB)).status).toBe(200);
});
