/**
 * Users table with 10,000 users (issue 4): starts the product as `npm start` does (embedded service without demo
 * data, BFF, the built console) in a fresh data dir, creates 10,000 users through the service API with 32 requests
 * in flight, signs in with the launch link in Chromium, and prints
 *   - the time from navigating to /settings/users to the first rendered table row (default page of 50, and a page of
 *     1,000 — the largest page the service returns), median of 3 each,
 *   - the most and fewest table rows in the DOM while scrolling the 1,000-row page top to bottom (virtualized above 100),
 *   - the time from typing a search (part of an email, part of a name) to the one matching row with its email shown.
 * Run alone with `npx tsx scripts/bench/users-table.ts`, or as part of `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../e2e/support/chromium';
import { median } from './support/console-harness';

const root = resolve(import.meta.dirname, '../..');
const USERS = 10_000;
const CONCURRENCY = 32;

async function startProduct(dataDir: string) {
  const env = {
    ...process.env,
    DPS_DATA_DIR: dataDir,
    DPS_DEMO: '0',
    HOST: '127.0.0.1',
    PORT: process.env.BENCH_BFF_PORT ?? '4591',
    DPS_SERVICE_HOST: '127.0.0.1',
    DPS_SERVICE_PORT: process.env.BENCH_SERVICE_PORT ?? '4592',
    DPS_CONSOLE_DIR: process.env.DPS_CONSOLE_DIR ?? join(root, 'dist', 'console'),
    LOG_LEVEL: 'warn',
    DPS_SERVICE_LOG: '0',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const link = await new Promise<string>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`start.ts exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const found = /https?:\/\/\S+\/bff\/launch\?token=\S+/.exec(line)?.[0];
      if (found) done(found);
    });
  });
  return { child, link };
}

async function createUsers(dataDir: string): Promise<number> {
  const credentials = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
    clientId: string;
    clientSecret: string;
    authUrl: string;
    baseUrl: string;
  };
  const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
  const tokenResponse = await fetch(`${credentials.authUrl}/oauth2/token?grant_type=client_credentials`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  let next = 0;
  let created = 0;
  let refused = '';
  const worker = async () => {
    while (next < USERS && !refused) {
      const i = next++;
      const response = await fetch(`${credentials.baseUrl}/users`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: `user${i}@bench.example.com`,
          name: `Bench user ${i.toString().padStart(5, '0')}`,
          roleIds: ['svc:role:viewer'],
        }),
      });
      if (response.ok) created++;
      else refused = `${response.status} ${await response.text()}`;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (refused) console.log(`  users-table: creation stopped after ${created} users: ${refused}`);
  return created;
}

async function timeToFirstRow(page: Page, base: string, query: string): Promise<number> {
  await page.goto(`${base}/settings/organization`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const started = Date.now();
  // In-app navigation, as an operator clicking the sidebar would do (the console is already loaded).
  await page.evaluate((q) => {
    window.history.pushState({}, '', `/settings/users${q}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, query);
  await page.locator('table[aria-label="Users"] tbody tr[data-row-id]').first().waitFor();
  return Date.now() - started;
}

/** From the search box's value being set to the matching row showing the user's email (debounce included). */
async function timeToSearchResult(page: Page, base: string, text: string, email: string): Promise<number> {
  await page.goto(`${base}/settings/users`);
  const box = page.getByRole('searchbox', { name: 'Search users by name or email' });
  await box.waitFor();
  const started = Date.now();
  await box.fill(text);
  await box.press('Enter'); // no debounce wait: the operator pressed Enter
  await page.locator('table[aria-label="Users"] tbody tr[data-row-id]', { hasText: email }).waitFor();
  const elapsed = Date.now() - started;
  const rows = await page.locator('table[aria-label="Users"] tbody tr[data-row-id]').count();
  if (rows !== 1) throw new Error(`search "${text}" showed ${rows} rows, expected 1`);
  return elapsed;
}

export default async function usersTable(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dps-bench-users-'));
  const { child, link } = await startProduct(dataDir);
  const browser = await launchChromium();
  try {
    const insertStarted = Date.now();
    const created = await createUsers(dataDir);
    console.log(
      `users-table: ${created.toLocaleString('en-US')} users created through the API in ${((Date.now() - insertStarted) / 1000).toFixed(1)} s (${CONCURRENCY} in flight)`,
    );

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(link);
    await page.waitForURL((url) => !url.pathname.startsWith('/bff/'));
    const base = new URL(link).origin;

    for (const [label, query] of [
      ['page of 50 (default)', ''],
      ['page of 1,000', '?pageSize=1000'],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) times.push(await timeToFirstRow(page, base, query));
      console.log(
        `users-table: first rendered users table row, ${label}: median ${median(times)} ms (${times.join(', ')} ms)`,
      );
    }

    for (const [label, text, email] of [
      ['part of an email', 'user7321@bench', 'user7321@bench.example.com'],
      ['part of a name', 'bench USER 04321', 'user4321@bench.example.com'],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) times.push(await timeToSearchResult(page, base, text, email));
      console.log(
        `users-table: search by ${label} among ${created.toLocaleString('en-US')} users, typed to matching row: median ${median(times)} ms (${times.join(', ')} ms)`,
      );
    }

    // Scroll the 1,000-row page top to bottom and count rows in the DOM at each step.
    await page.goto(`${base}/settings/users?pageSize=1000`);
    const frame = page.locator('.data-table__frame--virtual');
    await frame.waitFor();
    const counts: number[] = [];
    for (let step = 0; step <= 40; step++) {
      await frame.evaluate((el, s) => {
        el.scrollTop = (el.scrollHeight - el.clientHeight) * (s / 40);
      }, step);
      await page.waitForTimeout(30);
      counts.push(await page.locator('table[aria-label="Users"] tbody tr[data-row-id]').count());
    }
    const last = await page.locator('table[aria-label="Users"] tbody tr[data-row-id]').last().textContent();
    console.log(
      `users-table: rows in the DOM while scrolling 1,000 users: ${Math.min(...counts)}–${Math.max(...counts)} (last row rendered: ${last?.slice(0, 40)})`,
    );
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await usersTable();
