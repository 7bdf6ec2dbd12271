/**
 * `npm start` (scripts/start.ts) pointed at a remote upstream (DPS_BASE_URL, so no embedded service) with an up-to-date
 * console build: exactly one line on stdout, the sign-in link, which works once; SIGTERM stops it with exit code 0.
 * (The embedded-service path runs in every Playwright run: e2e/support/serve.ts starts the product with it.)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEchoUpstream, type EchoUpstream } from '@/server/bff/testing/echo-upstream';
import { freshDataDir, TestBrowser } from '@/server/bff/testing/bff-harness';

let echo: EchoUpstream;
beforeAll(async () => {
  echo = await startEchoUpstream();
});
afterAll(async () => {
  await echo.close();
});

it('prints one sign-in line, serves the console and the API, and stops cleanly on SIGTERM', async () => {
  const dataDir = freshDataDir();
  const consoleDir = join(dataDir, 'console');
  mkdirSync(consoleDir, { recursive: true });
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>built</title>');
  const future = new Date(Date.now() + 24 * 3600_000);
  utimesSync(join(consoleDir, 'index.html'), future, future); // newer than every source: no build

  const child = spawn(process.execPath, ['--import', 'tsx', resolve('scripts/start.ts')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DPS_DATA_DIR: dataDir,
      DPS_CONSOLE_DIR: consoleDir,
      DPS_BASE_URL: echo.baseUrl,
      DPS_AUTH_URL: echo.authUrl,
      DPS_CLIENT_ID: echo.clientId,
      DPS_CLIENT_SECRET: echo.clientSecret,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const firstLine = await new Promise<string>((resolveLine, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      stdout.push(line);
      resolveLine(line);
    });
    void exited.then((code) => reject(new Error(`start exited with ${code}: ${stderr.join('\n')}`)));
  });

  const link = /^DPS Console: sign in at (http:\/\/127\.0\.0\.1:\d+\/bff\/launch\?token=[A-Za-z0-9_-]{43}) /.exec(
    firstLine,
  )?.[1];
  expect(link, firstLine).toBeDefined();
  const url = new URL(link!);
  const browser = new TestBrowser(url.origin);
  expect((await browser.request(`${url.pathname}${url.search}`, { noCsrf: true })).headers.location).toBe('/');
  expect((await browser.request('/runs', { noCsrf: true })).text).toContain('<title>built</title>');
  expect((await browser.request('/api/users')).status).toBe(200);
  expect(stderr.join('\n')).not.toMatch(/building the console/);

  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(stdout).toEqual([firstLine]);
  // The secret and the tokens stayed out of everything it printed.
  for (const secret of [echo.clientSecret, ...echo.issuedTokens])
    expect([...stdout, ...stderr].join('\n')).not.toContain(secret);
  // The launch token itself is printed once, on stdout only.
  expect(stderr.join('\n')).not.toContain(url.searchParams.get('token')!);
  rmSync(dataDir, { recursive: true, force: true });
});
