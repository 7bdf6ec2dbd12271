/**
 * Graceful shutdown of the BFF process (`npm run bff`, issue 28 item 5): on SIGTERM its port closes at once, a call
 * to the service in flight gets its whole answer, and the process exits 0; a second signal exits at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEchoUpstream, type EchoUpstream } from '@/server/bff/testing/echo-upstream';
import { freshDataDir, TestBrowser } from '@/server/bff/testing/bff-harness';

const root = resolve(__dirname, '../../..');
let echo: EchoUpstream;

beforeAll(async () => {
  echo = await startEchoUpstream();
});
afterAll(() => echo.close());

interface BffProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  browser: TestBrowser;
}

/** `npm run bff` against the echo upstream; resolves signed in through its launch link. */
async function startBffProcess(): Promise<BffProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/bff/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DPS_DATA_DIR: freshDataDir(),
      DPS_BASE_URL: echo.baseUrl,
      DPS_AUTH_URL: echo.authUrl,
      DPS_CLIENT_ID: echo.clientId,
      DPS_CLIENT_SECRET: echo.clientSecret,
      DPS_SHUTDOWN_GRACE_MS: '20000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const link = await new Promise<string>((done, fail) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /sign in at (\S+)/.exec(line);
      if (match) done(match[1]);
    });
    void exited.then((code) => fail(new Error(`the BFF exited with ${code}`)));
  });
  const url = new URL(link);
  const browser = new TestBrowser(url.origin);
  expect((await browser.request(`${url.pathname}${url.search}`, { noCsrf: true })).status).toBe(303);
  return { child, exited, browser };
}

describe('stopping the BFF', () => {
  it('closes its port at once, finishes the call in flight and exits 0', async () => {
    const bff = await startBffProcess();
    const inFlight = bff.browser.request('/api/slow?ms=1500');
    await new Promise((r) => setTimeout(r, 300));
    bff.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`${bff.browser.origin}/healthz`)).rejects.toThrow();
    const reply = await inFlight;
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({ slow: true });
    expect(await bff.exited).toBe(0);
  }, 60_000);

  it('exits at once on a second signal, not waiting for the grace', async () => {
    const bff = await startBffProcess();
    const inFlight = bff.browser.request('/api/slow?ms=15000').catch((error: Error) => error);
    await new Promise((r) => setTimeout(r, 300));
    const signalledAt = Date.now();
    bff.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    bff.child.kill('SIGTERM');
    expect(await bff.exited).toBe(1);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(await inFlight).toBeInstanceOf(Error);
  }, 60_000);
});
