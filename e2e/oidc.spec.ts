/**
 * Issue 27: OpenID Connect sign-in end to end in Chromium. A real provider (oidc-provider, the BFF tests' helper) on
 * loopback with alice (admin group), bob (viewer group), dave (reviewer and viewer groups) and carol (none), and a
 * second BFF configured with DPS_OIDC_* for it, against the embedded service the e2e set-up started. Everything is
 * signed in through the provider's own pages; nothing is mocked.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Page } from '@playwright/test';
import { startTestProvider, TEST_CLIENT, type TestProvider } from '@/server/bff/testing/oidc-test-provider';
import { expect, test } from './support/fixtures';
import { SERVICE_DATA_DIR_FILE } from './support/servers';
import { expectNoClippedText } from './helpers/clipped-text';
import { expectNoControlPastEdge } from './helpers/layout-checks';
import { saveShot } from './helpers/shots';

const PROVIDER_NAME = 'Test IdP';

let provider: TestProvider;
let bff: ChildProcess | undefined;
let bffDataDir: string;
/** The second BFF's origin, e.g. http://127.0.0.1:40123 (it listens on a free port and says which). */
let origin: string;

/** The second BFF, compiled as serve.ts runs the first (dist/server, built by then): node itself, so SIGTERM reaches it. */
async function startOidcBff(): Promise<string> {
  if (!existsSync(SERVICE_DATA_DIR_FILE)) {
    throw new Error(`${SERVICE_DATA_DIR_FILE} is missing: the e2e servers running predate it; stop them and run again`);
  }
  const serviceDataDir = readFileSync(SERVICE_DATA_DIR_FILE, 'utf8').trim();
  bffDataDir = mkdtempSync(join(tmpdir(), 'dps-e2e-oidc-'));
  bff = spawn(process.execPath, ['dist/server/bff.js'], {
    env: {
      ...process.env,
      DPS_DATA_DIR: bffDataDir,
      DPS_CREDENTIALS_FILE: join(serviceDataDir, 'credentials.json'),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      DPS_OIDC_ISSUER: provider.issuer,
      DPS_OIDC_CLIENT_ID: TEST_CLIENT.clientId,
      DPS_OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret,
      DPS_OIDC_NAME: PROVIDER_NAME,
      DPS_OIDC_ROLE_CLAIM: 'groups',
      DPS_OIDC_ADMIN_VALUES: 'dps-admins',
      DPS_OIDC_REVIEWER_VALUES: 'dps-reviewers',
      DPS_OIDC_VIEWER_VALUES: 'dps-viewers',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = bff;
  // Its one line on stdout is the launch link, which names the port it listens on.
  return new Promise((resolve, reject) => {
    started.once('exit', (code) => reject(new Error(`the OIDC BFF exited (${code}) before it listened`)));
    createInterface({ input: started.stdout! }).on('line', (line) => {
      const link = /https?:\/\/[^/\s]+/.exec(line)?.[0];
      if (link) resolve(link);
    });
  });
}

test.describe.configure({ mode: 'serial' });
// Signed out, at the second BFF: none of the first BFF's operator cookies.
test.use({ storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  provider = await startTestProvider();
  origin = await startOidcBff();
  provider.allow(origin);
});

test.afterAll(async () => {
  if (bff && bff.exitCode === null) {
    const exited = new Promise((resolve) => bff!.once('exit', resolve));
    bff.kill('SIGTERM');
    await exited;
  }
  if (bffDataDir) rmSync(bffDataDir, { recursive: true, force: true });
  await provider?.close();
});

test.beforeEach(async ({ context }) => {
  // The provider's stock pages import a web font: no request leaves the machine.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
});

async function shot(page: Page, name: string) {
  if (!process.env.E2E_SHOTS_DIR) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await saveShot(page, `oidc-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The provider's own login page, as a person at the browser fills it in. */
async function expectProviderLogin(page: Page) {
  await expect(page).toHaveURL((url) => url.origin === provider.issuer);
  await expect(page.getByPlaceholder('Enter any login')).toBeVisible();
}

/** From the console's sign-in page through the provider's login (and consent, when it asks) back to the console. */
async function signInAs(page: Page, login: string, path = '/runs') {
  await page.goto(`${origin}${path}`);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` }).click();
  await expectProviderLogin(page);
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // The test provider grants the console's scopes itself (a first-party client); a consent page, if it asks, is
  // confirmed as a person would.
  const consent = page.getByRole('button', { name: 'Continue' });
  await Promise.race([page.waitForURL((url) => url.origin === origin), consent.waitFor().catch(() => undefined)]);
  if (await consent.isVisible()) await consent.click();
  await expect(page).toHaveURL((url) => url.origin === origin);
}

async function sessionAt(page: Page) {
  const reply = await page.request.get(`${origin}/bff/session`);
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as {
    signedIn: boolean;
    operator?: { name: string; role: string; agents?: string[] | null };
  };
}

test('the sign-in page offers the identity provider by name', async ({ page }) => {
  await page.goto(`${origin}/sign-in`);
  await expect(page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` })).toBeVisible();
  // Both ways in are named, and the cursor is not put in the password form's name field ahead of the provider.
  await expect(page.getByText(`Use your account at ${PROVIDER_NAME}, or an operator account.`)).toBeVisible();
  await expect(page.getByText('or with an operator account')).toBeVisible();
  await expect(page.getByLabel('Name')).not.toBeFocused();
  await shot(page, 'sign-in');
});

test('a person in the admin group gets the admin console, and the audit log names them', async ({ page }) => {
  await signInAs(page, 'alice', '/settings/users');
  await expect(page).toHaveURL(`${origin}/settings/users`);
  await expect(page.getByRole('button', { name: 'Create user' }).first()).toBeVisible();
  expect(await sessionAt(page)).toMatchObject({ signedIn: true, operator: { name: 'alice', role: 'admin' } });

  // The sign-in entry: the name, who alice is at the provider, and the request id the BFF logged it under.
  const audit = await page.request.get(`${origin}/bff/audit?operator=alice`, { headers: { 'X-CSRF': '1' } });
  const [entry] = ((await audit.json()) as { entries: { path: string; requestId?: string }[] }).entries;
  expect(entry.path).toBe('/bff/oidc/callback?signed-in=admin');
  expect(entry.requestId).toBeTruthy();

  await page.goto(`${origin}/settings/audit-log?operator=alice`);
  const row = page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: '/bff/oidc/callback?signed-in=admin' })
    .first();
  await expect(row).toContainText('alice');
  await expect(row).toContainText(`signed in with ${provider.issuer} as alice`);
  // A sign-in is the console server's own event: not a write that failed to reach the service.
  await expect(row).not.toContainText('not sent');
  await expect(row.getByTitle(entry.requestId!)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Copy request id' })).toBeVisible();
  await shot(page, 'audit-log');

  // At a phone's width the table still fits its frame, every text whole or whole on hover.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await expectNoControlPastEdge(page.locator('body'));
  await expectNoClippedText(page.locator('body'));
});

test('a person in the viewer group gets the console without write controls', async ({ page }) => {
  await signInAs(page, 'bob', '/settings/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  // The list has rendered (its toolbar), and offers nothing that writes.
  await expect(page.getByRole('button', { name: 'Columns' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(create|new|add|edit|delete|invite)\b/i })).toHaveCount(0);
  expect(await sessionAt(page)).toMatchObject({ signedIn: true, operator: { name: 'bob', role: 'viewer' } });

  // The Sessions dialog names who bob is at the provider.
  await page.getByRole('button', { name: /^Operator .* Open menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Signed-in sessions' });
  await expect(dialog.getByText(`Signed in with ${provider.issuer} as bob`)).toBeVisible();
});

test('a person in the reviewer group gets the reviewer console: no admin controls, admin writes refused', async ({
  page,
}) => {
  await signInAs(page, 'dave', '/settings/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Columns' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(create|new|add|edit|delete|invite)\b/i })).toHaveCount(0);
  // dave is in the viewer group too: the more capable role wins.
  expect(await sessionAt(page)).toMatchObject({
    signedIn: true,
    operator: { name: 'dave', role: 'reviewer', agents: null },
  });
  await expect(page.getByRole('button', { name: /^Operator dave, Reviewer\. Open menu$/ })).toBeVisible();
  const refused = await page.request.post(`${origin}/api/users`, {
    headers: { 'X-CSRF': '1', 'Content-Type': 'application/json' },
    data: JSON.stringify({ email: 'dave-write@example.com' }),
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Forbidden: this needs the admin role; operator "dave" is reviewer',
  );
});

test('a person in neither group is refused with the reason, and has no session', async ({ page }) => {
  await page.goto(`${origin}/sign-in`);
  await page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` }).click();
  await expectProviderLogin(page);
  await page.getByPlaceholder('Enter any login').fill('carol');
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(`${origin}/sign-in?error=oidc-no-role`);
  await expect(page.getByRole('alert')).toContainText(
    `Your account at ${PROVIDER_NAME} is in none of the groups that give a console role, so no session was started.`,
  );
  expect(await sessionAt(page)).toEqual(expect.objectContaining({ signedIn: false }));
  await shot(page, 'refused');
});

test('signing out ends both sessions: the next sign-in asks the provider for a login again', async ({ page }) => {
  await signInAs(page, 'alice');
  await page.getByRole('button', { name: /^Operator alice, Administrator\. Open menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  // The provider's own sign-out page, then back to the console's sign-in page.
  await expect(page).toHaveURL((url) => url.origin === provider.issuer);
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  expect(await sessionAt(page)).toEqual(expect.objectContaining({ signedIn: false }));

  await page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` }).click();
  await expectProviderLogin(page);
  expect(await sessionAt(page)).toEqual(expect.objectContaining({ signedIn: false }));
});
