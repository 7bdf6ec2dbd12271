/**
 * Graceful shutdown of the service process (issue 28 item 5), under load: writers keep creating users over
 * keep-alive connections and a slow file upload is in flight when SIGTERM arrives. The upload finishes, no answer is
 * cut after its headers, the port closes at once, the process exits 0 within the grace, and every write it
 * acknowledged is there when the service starts again on the same data.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dropSchema } from '@/server/service/storage';
import {
  lineMatching,
  serviceStarted,
  spawnService,
  type ServiceProcess,
} from '@/server/service/testing/service-process';
import { requestToken } from '@/server/service/testing/start-test-service';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(env: Record<string, string | undefined>) {
  const service: ServiceProcess = spawnService(env);
  cleanups.push(() => service.stop());
  await serviceStarted(service);
  const line = await lineMatching(service, (l) => l.includes('base URL'));
  const baseUrl = /base URL (\S+)/.exec(line)![1];
  const credentials = JSON.parse(await readFile(path.join(env.DPS_DATA_DIR!, 'credentials.json'), 'utf8')) as {
    clientId: string;
    clientSecret: string;
  };
  const token = await requestToken(new URL(baseUrl).origin, credentials.clientId, credentials.clientSecret);
  return { service, baseUrl, token };
}

/** Whether a new connection (not one of fetch's kept-alive ones) to the service's port is refused. */
function newConnectionRefused(baseUrl: string): Promise<boolean> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

type Outcome = 'acknowledged' | 'refused' | 'cut' | `failed ${number} ${string}`;

describe('stopping the service under load', () => {
  it('finishes the requests in flight and loses no acknowledged write', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'dps-shutdown-test-')), 'data');
    cleanups.push(() => rm(path.dirname(dataDir), { recursive: true, force: true }));
    const env: Record<string, string | undefined> = {
      DPS_DATA_DIR: dataDir,
      DPS_SERVICE_HOST: '127.0.0.1',
      DPS_SERVICE_PORT: '0',
      DPS_DEMO: '0',
      DPS_SERVICE_LOG: '0',
      DPS_SHUTDOWN_GRACE_MS: '20000',
    };
    if (process.env.DPS_DATABASE_URL) {
      env.DPS_DATABASE_SCHEMA = `g_${randomBytes(6).toString('hex')}`;
      cleanups.push(() => dropSchema(process.env.DPS_DATABASE_URL!, env.DPS_DATABASE_SCHEMA!));
    }
    const { service, baseUrl, token } = await start(env);
    const auth = { authorization: `Bearer ${token}` };

    // A slow upload: six 64 KiB pieces, one every 300 ms, still arriving when the signal comes.
    const created = await fetch(`${baseUrl}/documents`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'slow.eml', contentType: 'message/rfc822' }),
    });
    const { documentId } = (await created.json()) as { documentId: string };
    const pieces = Array.from({ length: 6 }, (_, i) => Buffer.alloc(64 * 1024, 65 + i));
    let piece = 0;
    const upload = fetch(`${baseUrl}/documents/${documentId}/file`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'message/rfc822' },
      duplex: 'half',
      body: new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (piece > 0) await sleep(300);
          if (piece === pieces.length) return controller.close();
          controller.enqueue(new Uint8Array(pieces[piece++]));
        },
      }),
    } as RequestInit).then(async (response) => ({ status: response.status, body: await response.text() }));

    // Writers over keep-alive connections (fetch's pool), each creating users until the service stops answering.
    const acknowledged: string[] = [];
    const outcomes: Outcome[] = [];
    let signalled = false;
    const writer = async (w: number) => {
      for (let i = 0; ; i++) {
        const email = `w${w}-${i}@example.com`;
        let response: Response;
        try {
          response = await fetch(`${baseUrl}/users`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ email }),
          });
        } catch {
          outcomes.push('refused'); // no answer began: the client knows the write may not have happened
          if (signalled) return;
          continue;
        }
        try {
          const body = (await response.json()) as { userId?: string };
          if (response.status === 200 && body.userId) {
            acknowledged.push(body.userId);
            outcomes.push('acknowledged');
          } else outcomes.push(`failed ${response.status} ${JSON.stringify(body)}`);
        } catch {
          outcomes.push('cut');
        }
        if (signalled && response.status !== 200) return;
      }
    };
    const writers = Array.from({ length: 16 }, (_, w) => writer(w));

    await sleep(700);
    signalled = true;
    service.child.kill('SIGTERM');
    // The port closes at once: a new connection is refused while the requests in flight finish.
    await expect.poll(() => newConnectionRefused(baseUrl), { timeout: 5_000, interval: 50 }).toBe(true);

    expect(await upload).toMatchObject({ status: 200 });
    await Promise.all(writers);
    expect(await service.exited).toBe(0);
    expect(outcomes.filter((o) => o === 'cut')).toEqual([]);
    expect(outcomes.filter((o) => o.startsWith('failed'))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(10);

    // Everything acknowledged is there after a restart on the same data.
    const again = await start(env);
    const users = new Set<string>();
    let nextToken: string | null = null;
    do {
      const query: string = nextToken ? `&nextToken=${encodeURIComponent(nextToken)}` : '';
      const page = (await (
        await fetch(`${again.baseUrl}/users?maxResults=100${query}`, {
          headers: { authorization: `Bearer ${again.token}` },
        })
      ).json()) as { users: { userId: string }[]; nextToken: string | null };
      for (const user of page.users) users.add(user.userId);
      nextToken = page.nextToken;
    } while (nextToken);
    expect(acknowledged.filter((userId) => !users.has(userId))).toEqual([]);
    const file = await fetch(`${again.baseUrl}/documents/${documentId}/file`, {
      headers: { authorization: `Bearer ${again.token}` },
    });
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.concat(pieces))).toBe(true);
  }, 180_000);
});
