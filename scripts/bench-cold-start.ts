/**
 * `npm run bench:cold-start`: cold start of each server — process start to the first `GET /healthz` 200 — from the
 * TypeScript sources through tsx (`npm run dev:service` / `dev:bff`) and compiled with plain node (`npm run service`
 * / `bff`, dist/server/ from `npm run build`). Prints the median and range of RUNS runs of each, side by side. The
 * service runs on a data dir made once before (a restart, not a first start: no bootstrap).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 5);
const PORT = 4391;

interface Variant {
  server: 'service' | 'bff';
  how: 'tsx' | 'node';
  args: string[];
}

const VARIANTS: Variant[] = [
  { server: 'service', how: 'tsx', args: ['--import', 'tsx', 'src/server/service/main.ts'] },
  { server: 'service', how: 'node', args: ['dist/server/service.js'] },
  { server: 'bff', how: 'tsx', args: ['--import', 'tsx', 'src/server/bff/main.ts'] },
  { server: 'bff', how: 'node', args: ['dist/server/bff.js'] },
];

async function coldStart(variant: Variant, dataDir: string): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env, DPS_DATA_DIR: dataDir, DPS_DEMO: '0', DPS_SERVICE_LOG: '0' };
  if (variant.server === 'service') Object.assign(env, { DPS_SERVICE_HOST: '127.0.0.1', DPS_SERVICE_PORT: PORT });
  else
    Object.assign(env, {
      HOST: '127.0.0.1',
      PORT,
      LOG_LEVEL: 'warn',
      DPS_BASE_URL: 'http://127.0.0.1:9/v1',
      DPS_AUTH_URL: 'http://127.0.0.1:9',
      DPS_CLIENT_ID: 'bench',
      DPS_CLIENT_SECRET: 'bench',
    });
  const started = performance.now();
  const child = spawn(process.execPath, variant.args, { cwd: root, env, stdio: 'ignore' });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (child.exitCode !== null) throw new Error(`${variant.server} (${variant.how}) exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

if (!existsSync(join(root, 'dist/server/service.js'))) {
  process.stderr.write('run `npm run build:servers` first\n');
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'dps-cold-start-'));
try {
  await coldStart(VARIANTS[1], dataDir); // makes the data dir once: later runs are restarts
  const rows: string[] = [];
  for (const variant of VARIANTS) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await coldStart(variant, dataDir));
    times.sort((a, b) => a - b);
    const ms = (t: number) => `${Math.round(t)} ms`;
    rows.push(
      `${variant.server.padEnd(8)} ${variant.how.padEnd(5)} median ${ms(times[Math.floor(times.length / 2)]).padStart(8)}` +
        `  (${ms(times[0])} – ${ms(times.at(-1)!)}, ${RUNS} runs)`,
    );
  }
  process.stdout.write(`cold start, process start → first /healthz 200\n${rows.join('\n')}\n`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
