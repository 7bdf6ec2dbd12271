/**
 * Reviewers of one team, each in a browser context of their own: operator accounts added to the running e2e BFF with
 * the compiled operator CLI (it shares the servers' data dir), each signed in through the BFF's password sign-in.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { E2E_BASE_URL, SERVICE_DATA_DIR_FILE } from '../support/servers';

const PASSWORD = 'e2e-reviewer-password-1';

type Role = 'admin' | 'reviewer' | 'viewer';

/** Adds an operator account (reviewer unless told) to a data dir: the e2e servers' unless another is named. */
export function addOperator(
  name: string,
  role: Role = 'reviewer',
  {
    agents,
    dataDir = readFileSync(SERVICE_DATA_DIR_FILE, 'utf8').trim(),
  }: { agents?: string[]; dataDir?: string } = {},
) {
  const args = [join('dist', 'server', 'operator.js'), 'add', name, '--role', role];
  if (agents) args.push('--agents', agents.join(','));
  const result = spawnSync(process.execPath, args, {
    env: { ...process.env, DPS_DATA_DIR: dataDir },
    input: `${PASSWORD}\n`,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`operator add ${name} failed: ${result.stderr || result.stdout}`);
}

export interface Reviewer {
  name: string;
  context: BrowserContext;
  page: Page;
}

/** A browser context signed in as `name` (added first), with one page. */
export async function signedInReviewer(
  browser: Browser,
  name: string,
  { role = 'reviewer', baseURL = E2E_BASE_URL, dataDir }: { role?: Role; baseURL?: string; dataDir?: string } = {},
): Promise<Reviewer> {
  addOperator(name, role, { dataDir });
  // Without cookies: a context made in a test starts with the test's storage state (the admin's), and signing in
  // from a browser that has a session ends that session.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const answer = await context.request.post('/bff/login', {
    headers: { 'X-CSRF': '1', 'Content-Type': 'application/json' },
    data: JSON.stringify({ name, password: PASSWORD }),
  });
  if (!answer.ok()) throw new Error(`sign-in of ${name} failed: ${answer.status()} ${await answer.text()}`);
  return { name, context, page: await context.newPage() };
}

/** Operator names are short words: a unique one per test and worker. */
export function reviewerName(prefix: string, unique: (prefix: string) => string): string {
  return unique(prefix)
    .replace(/[^a-z0-9]+/gi, '-')
    .toLowerCase()
    .slice(0, 40);
}
