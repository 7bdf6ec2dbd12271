/**
 * Graceful shutdown of the BFF process (`npm run bff`, issue 28 item 5): on SIGTERM its port closes at once, a call
 * to the service in flight gets its whole answer, and the process exits 0; a second signal exits at once.
 *
 * Nothing here waits for time to pass: the call in flight is held at the upstream until the test lets it answer, and
 * each step waits for the event before it (the call reaching the upstream, the BFF saying it is stopping).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
  /** Resolves at the next line of its log (stderr) that matches. */
  logLine(pattern: RegExp): Promise<string>;
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
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createInterface({ input: child.stderr! });
  log.on('line', (line) => process.stderr.write(`${line}\n`));
  const logLine = (pattern: RegExp) =>
    new Promise<string>((done) => {
      const onLine = (line: string) => {
        if (!pattern.test(line)) return;
        log.off('line', onLine);
        done(line);
      };
      log.on('line', onLine);
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
  return { child, exited, browser, logLine };
}

describe('stopping the BFF', () => {
  afterEach(() => echo.release());

  it('closes its port at once, finishes the call in flight and exits 0', async () => {
    const bff = await startBffProcess();
    echo.hold();
    const reached = echo.nextRequest('/v1/slow');
    const inFlight = bff.browser.request('/api/slow?ms=0');
    await reached;
    const stopping = bff.logLine(/SIGTERM: stopping gracefully/);
    bff.child.kill('SIGTERM');
    // The port is closed before the BFF says it is stopping (drainServer closes it first, in the same turn).
    await stopping;
    await expect(fetch(`${bff.browser.origin}/healthz`)).rejects.toThrow();
    echo.release();
    const reply = await inFlight;
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({ slow: true });
    expect(await bff.exited).toBe(0);
  }, 60_000);

  it('exits at once on a second signal, not waiting for the call in flight or the grace', async () => {
    const bff = await startBffProcess();
    echo.hold();
    const reached = echo.nextRequest('/v1/slow');
    const inFlight = bff.browser.request('/api/slow?ms=0').catch((error: Error) => error);
    await reached;
    const stopping = bff.logLine(/SIGTERM: stopping gracefully/);
    bff.child.kill('SIGTERM');
    await stopping;
    bff.child.kill('SIGTERM');
    // Exit code 1 is the second signal's (a graceful stop exits 0, after the 20 s grace at the latest); the call
    // is still held at the upstream, so the process did not wait for it.
    expect(await bff.exited).toBe(1);
    expect(await inFlight).toBeInstanceOf(Error);
  }, 60_000);
});
