/**
 * Starts the product for end-to-end tests exactly as `npm start` does — embedded service with demo data and the BFF —
 * in a fresh temporary data dir, after creating the e2e operator accounts with the operator CLI.
 * Playwright's webServer runs this; it stops everything when Playwright ends it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_BFF_PORT, E2E_OPERATORS, E2E_SERVICE_PORT } from './servers';

const dataDir = mkdtempSync(join(tmpdir(), 'dps-e2e-'));
const env = {
  ...process.env,
  DPS_DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: String(E2E_BFF_PORT),
  DPS_SERVICE_HOST: '127.0.0.1',
  DPS_SERVICE_PORT: String(E2E_SERVICE_PORT),
};

for (const { name, password, role } of Object.values(E2E_OPERATORS)) {
  const result = spawnSync('npx', ['tsx', 'src/server/bff/operator-cli.ts', 'add', name, '--role', role], {
    env,
    input: `${password}\n`,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`operator add ${name} failed: ${result.stderr || result.stdout}`);
}

const product = spawn('npx', ['tsx', 'scripts/start.ts'], { env, stdio: 'inherit' });
const stop = () => {
  product.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
product.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
