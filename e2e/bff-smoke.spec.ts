import { readFile } from 'node:fs/promises';
import { bffSessionSchema } from '@/contract/bff-session';
import { expect, test } from './support/fixtures';
import { LAUNCH_LINK_FILE } from './support/servers';

/** The launch link `npm start` printed; serve.ts writes it right after the BFF starts listening. */
async function launchLink(): Promise<string> {
  await expect
    .poll(() => readFile(LAUNCH_LINK_FILE, 'utf8').catch(() => ''), { message: 'launch link file' })
    .toMatch(/\/bff\/launch\?token=/);
  return readFile(LAUNCH_LINK_FILE, 'utf8');
}

test('a signed-in operator gets the console, and /bff/session names them', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/runs/);
  const session = await page.request.get('/bff/session');
  expect(session.status()).toBe(200);
  const body = (await session.json()) as { operator: unknown; upstream: { baseUrl: string } };
  expect(body.operator).toEqual({ name: 'e2e-admin', role: 'admin', agents: null });
  expect(body.upstream.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
});

test('the printed launch link signs in once', async ({ browser }) => {
  const link = await launchLink();
  const signedOut = { cookies: [], origins: [] };

  const first = await browser.newContext({ storageState: signedOut });
  const page = await first.newPage();
  await page.goto(link);
  await expect(page).toHaveURL(/\/runs/);
  const session = await page.request.get('/bff/session');
  expect(session.status()).toBe(200);
  expect(((await session.json()) as { operator: unknown }).operator).toEqual({
    name: 'local-admin',
    role: 'admin',
    agents: null,
  });
  await first.close();

  const second = await browser.newContext({ storageState: signedOut });
  const again = await second.newPage();
  await again.goto(link);
  await expect(again).toHaveURL(/\/sign-in\?error=launch-link/);
  const signedOutSession = await again.request.get('/bff/session');
  expect(signedOutSession.status()).toBe(200);
  expect(bffSessionSchema.parse(await signedOutSession.json()).signedIn).toBe(false);
  await second.close();
});

test('a signed-out page load logs no console errors: /bff/session says signed out with a 200', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const sessionAnswers: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/bff/session') sessionAnswers.push(response.status());
  });

  await page.goto('/runs');
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Sign in to DPS Console' })).toBeVisible();
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in to DPS Console' })).toBeVisible();

  expect(sessionAnswers.length).toBeGreaterThan(0);
  expect(sessionAnswers.every((status) => status === 200)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
