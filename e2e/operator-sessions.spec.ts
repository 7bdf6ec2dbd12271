import type { Browser, Page } from '@playwright/test';
import { test, expect, expectAccessible } from './support/fixtures';
import { E2E_OPERATORS } from './support/servers';

/**
 * An operator's signed-in sessions (operator menu → Sessions): one browser ends another's session, and that browser
 * is sent to sign-in on its next request. The second browser says it is Firefox on Windows (a version no other spec
 * uses), so its row is told apart from the sessions other specs hold for the same operator; only that row is ended.
 */

const signedOut = { cookies: [], origins: [] };

function firefoxAgent(): { agent: string; label: string } {
  const version = 200 + (Date.now() % 700);
  return {
    agent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${version}.0) Gecko/20100101 Firefox/${version}.0`,
    label: `Firefox ${version} on Windows`,
  };
}

async function signIn(
  browser: Browser,
  operator: { name: string; password: string },
  userAgent?: string,
): Promise<Page> {
  const context = await browser.newContext({ storageState: signedOut, ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Name').fill(operator.name);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/runs/);
  return page;
}

async function openSessions(page: Page) {
  await page.getByRole('button', { name: /^Operator .* Open menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Signed-in sessions' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * A page whose session ended: its next API request answers 401, the BFF says it is signed out, and the console is at
 * sign-in. (The screen's own refetches may already have taken it there; either way, loading the page again shows
 * sign-in.)
 */
async function expectSentToSignIn(page: Page) {
  const status = await page.evaluate(() =>
    fetch('/api/organizations/me', { headers: { 'X-CSRF': '1' } }).then((r) => r.status),
  );
  expect(status).toBe(401);
  const session = await page.evaluate(() =>
    fetch('/bff/session', { headers: { 'X-CSRF': '1' } }).then((r) => r.json() as Promise<unknown>),
  );
  expect(session).toMatchObject({ signedIn: false });
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Sign in to DPS Console' })).toBeVisible();
}

test('an operator signs their other browser out from the operator menu; that browser goes to sign-in', async ({
  browser,
}) => {
  // Two browsers, each signing in through the form: more steps than one test's usual time allows on a busy machine.
  test.slow();
  const firefox = firefoxAgent();
  const here = await signIn(browser, E2E_OPERATORS.viewer);
  const there = await signIn(browser, E2E_OPERATORS.viewer, firefox.agent);

  const dialog = await openSessions(here);
  const yours = dialog.getByRole('region', { name: 'Your sessions' });
  await expect(yours.getByRole('listitem').filter({ hasText: 'This browser' })).toHaveCount(1);
  const row = yours.getByRole('listitem').filter({ hasText: firefox.label });
  // Rows of one browser kind are told apart by the address and when they signed in (exact) and were last seen.
  await expect(row).toContainText(
    /Signed in just now \([A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2}\s[AP]M [^)]+\) from 127\.0\.0\.1/,
  );
  await expect(row).toContainText('Last seen');
  await expect(yours.getByRole('listitem').first()).toContainText('This browser');
  // A viewer sees only their own sessions.
  await expect(dialog.getByRole('region', { name: 'Other operators' })).toHaveCount(0);
  await expectAccessible(here);

  await row.getByRole('button', { name: new RegExp(`^Sign out ${firefox.label}`) }).click();
  const confirm = here.getByRole('alertdialog', { name: `Sign out ${firefox.label}?` });
  await confirm.getByRole('button', { name: 'Sign out session' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(dialog.getByRole('listitem').filter({ hasText: 'This browser' })).toHaveCount(1);

  await expectSentToSignIn(there);
  // This browser is still signed in.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(here.getByRole('button', { name: /^Operator .* Open menu$/ })).toBeFocused();
  await here.reload();
  await expect(here).toHaveURL(/\/runs/);

  await here.context().close();
  await there.context().close();
});

test("an admin signs another operator's session out from the same dialog", async ({ page, browser }) => {
  test.slow();
  const firefox = firefoxAgent();
  const viewer = await signIn(browser, E2E_OPERATORS.viewer, firefox.agent);

  await page.goto('/runs');
  const dialog = await openSessions(page);
  await expect(dialog.getByRole('region', { name: 'Your sessions' }).getByText('This browser')).toBeVisible();
  const group = dialog.getByRole('region', { name: new RegExp(`^${E2E_OPERATORS.viewer.name}`) });
  const row = group.getByRole('listitem').filter({ hasText: firefox.label });
  await expect(row).toBeVisible();
  await expectAccessible(page);

  await row.getByRole('button', { name: new RegExp(`^Sign out ${firefox.label}`) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out session' }).click();
  await expect(row).toHaveCount(0);

  await expectSentToSignIn(viewer);
  await viewer.context().close();
});
