/**
 * Starts the product for end-to-end tests exactly as `npm start` does — the compiled servers of `npm run build`
 * (dist/server: embedded service with demo data and the BFF) — in a fresh temporary data dir, after creating the e2e
 * operator accounts with the compiled operator CLI. Playwright's webServer runs this; it stops everything when
 * Playwright ends it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { E2E_BFF_PORT, E2E_OPERATORS, E2E_SERVICE_PORT, LAUNCH_LINK_FILE, SERVICE_DATA_DIR_FILE } from './servers';

// The servers are rebuilt when their sources changed since the last build (as `npm start` does); the console's
// bundle comes from `npm run build`, which `npm run test:e2e` runs first.
const rebuild = spawnSync(process.execPath, ['scripts/build-servers.mjs', '--if-stale'], { stdio: 'inherit' });
if (rebuild.status !== 0) throw new Error('building the servers failed');
const built = (file: string) => join('dist', 'server', file);

const dataDir = mkdtempSync(join(tmpdir(), 'dps-e2e-'));
// Noted for specs that start a BFF of their own against this service (its credentials.json is there once it runs).
mkdirSync(dirname(SERVICE_DATA_DIR_FILE), { recursive: true });
writeFileSync(SERVICE_DATA_DIR_FILE, dataDir, { mode: 0o600 });
const env = {
  ...process.env,
  DPS_DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: String(E2E_BFF_PORT),
  DPS_SERVICE_HOST: '127.0.0.1',
  DPS_SERVICE_PORT: String(E2E_SERVICE_PORT),
  // Per-request log lines of both servers would bury Playwright's output; warnings and errors still show.
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DPS_SERVICE_LOG: process.env.DPS_SERVICE_LOG ?? '0',
};

for (const { name, password, role } of Object.values(E2E_OPERATORS)) {
  const result = spawnSync(process.execPath, [built('operator.js'), 'add', name, '--role', role], {
    env,
    input: `${password}\n`,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`operator add ${name} failed: ${result.stderr || result.stdout}`);
}

// node itself, not `npm start`: npm does not pass SIGTERM on, which would leave the servers running.
const product = spawn(process.execPath, [built('start.js')], {
  env,
  stdio: ['inherit', 'pipe', 'inherit'],
});
// The one line start.ts prints is the one-time launch link: kept (mode 0600, gitignored) for the spec that checks it.
rmSync(LAUNCH_LINK_FILE, { force: true });
createInterface({ input: product.stdout! }).on('line', (line) => {
  process.stdout.write(`${line}\n`);
  const link = /https?:\/\/\S+\/bff\/launch\?token=\S+/.exec(line)?.[0];
  if (link) {
    mkdirSync(dirname(LAUNCH_LINK_FILE), { recursive: true });
    writeFileSync(LAUNCH_LINK_FILE, link, { mode: 0o600 });
  }
});
const stop = () => {
  product.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
product.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(SERVICE_DATA_DIR_FILE, { force: true });
  process.exit(code ?? 0);
});
