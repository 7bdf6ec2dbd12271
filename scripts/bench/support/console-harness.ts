/**
 * What the console benchmarks share: an embedded service in a fresh data dir with a client that calls its API, the
 * console built and served by a BFF signed in with its launch link in Chromium, and the figures' medians.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { createServiceApp } from '../../../src/server/service/app';
import { loadServiceConfig } from '../../../src/server/service/config';
import { requestToken } from '../../../src/server/service/testing/start-test-service';
import { startChild } from './child-process';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The value below which a share `p` (0…1) of `values` lie. */
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/** Progress lines on stderr, prefixed with the bench's name (the figures go to stdout). */
export function progressOf(bench: string): (message: string) => void {
  return (message) => process.stderr.write(`${bench}: ${message}\n`);
}

type ServiceApp = Awaited<ReturnType<typeof createServiceApp>>;

export interface BenchService {
  app: ServiceApp;
  dataDir: string;
  baseUrl: string;
  authUrl: string;
  publicBaseUrl: string;
  credentials: { clientId: string; clientSecret: string };
  /** The admin app client's access token. */
  token: string;
  /** A JSON call to the service's API as the admin app client; throws on any answer but 2xx. */
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

/** The embedded service without demo data in a fresh data dir, started, with its admin client's token. */
export async function startBenchService(bench: string): Promise<BenchService> {
  const dataDir = mkdtempSync(join(tmpdir(), `dps-bench-${bench}-service-`));
  const app = await createServiceApp(
    loadServiceConfig({
      DPS_SERVICE_HOST: '127.0.0.1',
      DPS_SERVICE_PORT: '0',
      DPS_DATA_DIR: dataDir,
      DPS_DEMO: '0',
      DPS_SERVICE_LOG: '0',
    }),
  );
  await app.start();
  const { baseUrl, authUrl, publicBaseUrl } = app.context.urls;
  const credentials = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
    clientId: string;
    clientSecret: string;
  };
  const token = await requestToken(authUrl, credentials.clientId, credentials.clientSecret);
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const close = async () => {
    await app.close();
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, dataDir, baseUrl, authUrl, publicBaseUrl, credentials, token, call, close };
}

async function startBff(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; link: string }> {
  const { child, match } = await startChild(['src/server/bff/main.ts'], env, /sign in at (\S+)/);
  return { child, link: match[1] };
}

export interface SignedInConsole {
  origin: string;
  /** The BFF's data dir (its operator accounts, sessions, review holds). */
  bffDataDir: string;
  context: BrowserContext;
  page: Page;
  /** Closes the browser context, stops the BFF and removes its data dir. */
  close(): Promise<void>;
}

/**
 * Builds the console, starts a BFF on `service` serving it, and signs in with the launch link in a 1440×900 page
 * (bypassCSP: the benches' measuring snippets are strings evaluated in the page, which the console's CSP forbids;
 * the app itself runs the same either way). Resolves once the console shows the runs page it lands on.
 */
export async function openSignedInConsole(
  browser: Browser,
  service: BenchService,
  bench: string,
): Promise<SignedInConsole> {
  const progress = progressOf(bench);
  const bffDir = mkdtempSync(join(tmpdir(), `dps-bench-${bench}-bff-`));
  const consoleDir = join(bffDir, 'console');
  const buildStarted = Date.now();
  await build({
    root,
    configFile: resolve(root, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir: consoleDir, emptyOutDir: true },
  });
  progress(`console built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`);
  const { child, link } = await startBff({
    HOST: '127.0.0.1',
    PORT: '0',
    DPS_DATA_DIR: bffDir,
    DPS_BASE_URL: service.baseUrl,
    DPS_AUTH_URL: service.authUrl,
    DPS_CLIENT_ID: service.credentials.clientId,
    DPS_CLIENT_SECRET: service.credentials.clientSecret,
    DPS_CONSOLE_DIR: consoleDir,
    LOG_LEVEL: 'warn',
  });
  const close = async () => {
    await context.close().catch(() => {});
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(bffDir, { recursive: true, force: true });
  };
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.goto(link);
    await page.waitForURL(/\/runs/);
    return { origin: new URL(link).origin, bffDataDir: bffDir, context, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
