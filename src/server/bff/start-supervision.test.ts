/**
 * `npm start` with the embedded service: when the service dies (kill -9), the BFF stays up and answers API calls with
 * 502 `{message}`, and start.ts brings the service back on the same port with the same data; the operator's session
 * and the BFF's token keep working.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, it } from 'vitest';
import { freshDataDir, TestBrowser } from '@/server/bff/testing/bff-harness';

/** Pid of the child of `parent` whose command line contains `needle` (Linux /proc). */
function childPid(parent: number, needle: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== parent) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) return Number(entry);
    } catch {
      // the process ended while we looked
    }
  }
  return undefined;
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('restarts a killed embedded service with back-off while the BFF answers 502, keeping data and session', async () => {
  const dataDir = freshDataDir();
  const consoleDir = join(dataDir, 'console');
  mkdirSync(consoleDir, { recursive: true });
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>built</title>');
  const future = new Date(Date.now() + 24 * 3600_000);
  utimesSync(join(consoleDir, 'index.html'), future, future); // newer than every source: no build

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    DPS_DATA_DIR: dataDir,
    DPS_CONSOLE_DIR: consoleDir,
  };
  env.DPS_SERVICE_HOST = '127.0.0.1';
  env.DPS_SERVICE_PORT = '0'; // a free port; the restart must come back on the same one
  env.DPS_DEMO = '0';
  for (const name of ['DPS_BASE_URL', 'DPS_AUTH_URL', 'DPS_CLIENT_ID', 'DPS_CLIENT_SECRET', 'DPS_DATABASE_URL'])
    delete env[name];
  const start = spawn(process.execPath, ['--import', 'tsx', resolve('scripts/start.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  createInterface({ input: start.stderr! }).on('line', (line) => stderr.push(line));
  const exited = new Promise<number | null>((r) => start.on('exit', (code) => r(code)));
  try {
    const firstLine = await new Promise<string>((resolveLine, reject) => {
      createInterface({ input: start.stdout! }).on('line', resolveLine);
      void exited.then((code) => reject(new Error(`start exited with ${code}: ${stderr.join('\n')}`)));
    });
    const link = new URL(/sign in at (\S+)/.exec(firstLine)![1]);
    const browser = new TestBrowser(link.origin);
    await browser.request(`${link.pathname}${link.search}`, { noCsrf: true });
    const created = await browser.request('/api/roles', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'survives a crash', permissions: [] }),
    });
    expect(created.status, created.text).toBe(200);
    const roleId = created.json<{ roleId: string }>().roleId;

    const servicePid = childPid(start.pid!, 'src/server/service/main.ts');
    expect(servicePid).toBeDefined();
    process.kill(servicePid!, 'SIGKILL');

    const down = await until('a 502 from the BFF', async () => {
      const reply = await browser.request('/api/roles');
      return reply.status === 502 ? reply : undefined;
    });
    expect(down.json()).toEqual({ message: expect.stringMatching(/unreachable/) });
    expect(start.exitCode).toBeNull(); // npm start is still up

    const back = await until('the service back', async () => {
      const reply = await browser.request(`/api/roles/${encodeURIComponent(roleId)}`);
      return reply.status === 200 ? reply : undefined;
    });
    expect(back.json()).toMatchObject({ roleId, name: 'survives a crash' });
    expect(childPid(start.pid!, 'src/server/service/main.ts')).not.toBe(servicePid);
    // start.ts logs the restart once its health check passes, which can be just after the first answer gets through.
    await until('the restart logged', () =>
      stderr.some((line) => /the embedded service is running again/.test(line)) ? true : undefined,
    );
    expect(stderr.join('\n')).toMatch(
      /the embedded service stopped unexpectedly \(killed by SIGKILL\); restarting it in 0\.5 s/,
    );

    start.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    if (start.exitCode === null) start.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000);
