/**
 * The compiled servers (issue 28 item 1): `npm run build` bundles the service, the BFF, the operator CLI, the start
 * supervisor and the recognition process into dist/server/, and they run with plain `node` — no TypeScript loader in
 * any process. The supervisor starts the compiled service (its migrations found beside the bundle), waits on its
 * readiness, and the recognition child (its own bundle) recognises an uploaded image.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDataDir, TestBrowser } from '@/server/bff/testing/bff-harness';

const root = resolve(__dirname, '../../..');
const outDir = join(root, 'dist', `server-test-${randomBytes(4).toString('hex')}`);

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-servers.mjs', `--out-dir=${outDir}`], { cwd: root, stdio: 'pipe' });
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Command lines of the descendants of `pid` (Linux /proc). */
function descendants(pid: number): string[] {
  const lines: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      if (parent !== pid) continue;
      lines.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' '), ...descendants(Number(entry)));
    } catch {
      // ended while we looked
    }
  }
  return lines;
}

describe('compiled servers', () => {
  it('bundles every server and the files they read', () => {
    for (const file of ['service.js', 'bff.js', 'operator.js', 'start.js', 'recognition-process.js']) {
      expect(existsSync(join(outDir, file)), file).toBe(true);
    }
    for (const dir of ['service-migrations', 'bff-migrations', 'demo-assets']) {
      expect(readdirSync(join(outDir, 'files', dir)).length, dir).toBeGreaterThan(0);
    }
  });

  it('runs the operator CLI with plain node', () => {
    const dataDir = freshDataDir();
    try {
      const env = { ...process.env, DPS_DATA_DIR: dataDir, DPS_BASE_URL: 'http://127.0.0.1:9/v1' };
      Object.assign(env, { DPS_AUTH_URL: 'http://127.0.0.1:9', DPS_CLIENT_ID: 'c', DPS_CLIENT_SECRET: 's' });
      const out = execFileSync(process.execPath, [join(outDir, 'operator.js'), 'list'], { env, encoding: 'utf8' });
      expect(out).toBe('no operator accounts\n');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('npm start compiled: service and BFF under plain node, ready, recognising, stopped by SIGTERM', async () => {
    const dataDir = freshDataDir();
    const consoleDir = join(dataDir, 'console');
    mkdirSync(consoleDir, { recursive: true });
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>built</title>');
    const future = new Date(Date.now() + 24 * 3600_000);
    utimesSync(join(consoleDir, 'index.html'), future, future); // newer than every source: no console build
    const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: '0', DPS_DATA_DIR: dataDir };
    Object.assign(env, { DPS_CONSOLE_DIR: consoleDir, DPS_SERVICE_HOST: '127.0.0.1', DPS_SERVICE_PORT: '0' });
    env.DPS_DEMO = '0';
    for (const name of ['DPS_BASE_URL', 'DPS_AUTH_URL', 'DPS_CLIENT_ID', 'DPS_CLIENT_SECRET', 'DPS_DATABASE_URL'])
      delete env[name];
    // No loader anywhere: not inherited from vitest either.
    delete env.NODE_OPTIONS;
    const start = spawn(process.execPath, [join(outDir, 'start.js')], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((done) => start.on('exit', (code) => done(code)));
    const errors: string[] = [];
    createInterface({ input: start.stderr! }).on('line', (line) => errors.push(line));
    try {
      const link = await new Promise<string>((done, fail) => {
        createInterface({ input: start.stdout! }).on('line', (line) => {
          const match = /sign in at (\S+)/.exec(line);
          if (match) done(match[1]);
        });
        void exited.then((code) => fail(new Error(`npm start exited with ${code}: ${errors.join('\n')}`)));
      });
      const url = new URL(link);
      expect((await fetch(`${url.origin}/readyz`)).status).toBe(200);
      const processes = descendants(start.pid!);
      expect(processes.some((line) => line.includes(join(outDir, 'service.js')))).toBe(true);
      expect(processes.filter((line) => /tsx/.test(line))).toEqual([]);

      const browser = new TestBrowser(url.origin);
      expect((await browser.request(`${url.pathname}${url.search}`, { noCsrf: true })).status).toBe(303);
      const image = readFileSync(join(outDir, 'files', 'demo-assets', 'invoice.jpg')).toString('base64');
      const created = await browser.json('/api/documents', 'POST', { contentType: 'image/jpeg', content: image });
      expect(created.status).toBe(200);
      const { documentId } = created.json<{ documentId: string }>();
      // The compiled recognition process reads the image's words.
      await expect
        .poll(
          async () => {
            const ocr = (await browser.request(`/api/documents/${documentId}/ocr`)).json<{ status: string }>();
            return ocr.status;
          },
          { timeout: 90_000, interval: 500 },
        )
        .toBe('done');
      const ocr = (await browser.request(`/api/documents/${documentId}/ocr`)).json<{
        pages: { words: unknown[] }[];
      }>();
      expect(ocr.pages[0].words.length).toBeGreaterThan(0);
      expect(descendants(start.pid!).some((line) => line.includes(join(outDir, 'recognition-process.js')))).toBe(true);

      start.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (start.exitCode === null) start.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
