/**
 * A second, fresh install of the whole product (`node dist/server/start.js`, as `npm start` runs it): its own data
 * dir with the demo data, its own ports, and settings of the test's choosing (a short review hold). For what the
 * shared e2e servers cannot show: a fresh install's state, or a setting that would disturb other specs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { E2E_BFF_PORT, E2E_SERVICE_PORT } from '../support/servers';

export interface FreshProduct {
  origin: string;
  dataDir: string;
  /** The one-time sign-in link it printed (an administrator). */
  launchLink: string;
  stop(): Promise<void>;
}

/** Starts it on the e2e ports + `offset` and resolves once it printed its sign-in link. */
export async function startFreshProduct(env: Record<string, string>, offset = 20): Promise<FreshProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dps-e2e-fresh-'));
  const port = E2E_BFF_PORT + offset;
  const child: ChildProcess = spawn(process.execPath, [join('dist', 'server', 'start.js')], {
    env: {
      ...process.env,
      ...env,
      DPS_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      DPS_SERVICE_HOST: '127.0.0.1',
      DPS_SERVICE_PORT: String(E2E_SERVICE_PORT + offset),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      DPS_SERVICE_LOG: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const launchLink = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the fresh product exited (${code}) before it listened`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const link = /https?:\/\/\S+\/bff\/launch\?token=\S+/.exec(line)?.[0];
      if (link) resolve(link);
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    launchLink,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
