import { readFile } from 'node:fs/promises';
import { expect, test } from './support/fixtures';
import { LAUNCH_LINK_FILE } from './support/servers';

/** The launch link `npm start` printed; serve.ts writes it right after the BFF starts listening. */
async function launchLink(): Promise<string> {
  await expect.poll(() => readFile(LAUNCH_LINK_FILE, 'utf8').catch(() => ''), { message: 'launch link file' }).toMatch(/\/bff\/launch\?token=/);
  return readFile(LAUNCH_LINK_FILE, 'utf8');
}

test('a signed-in operator gets the console, and /bff/session names them', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/runs/);
  const session = await page.request.get('/bff/session');
  expect(session.status()).toBe(200);
  const body = (await session.json()) as { operator: unknown; upstream: { baseUrl: string } };
  expect(body.operator).toEqual({ name: 'e2e-admin', role: 'admin' });
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
  expect(((await session.json()) as { operator: unknown }).operator).toEqual({ name: 'local-admin', role: 'admin' });
  await first.close();

  const second = await browser.newContext({ storageState: signedOut });
  const again = await second.newPage();
  await again.goto(link);
  await expect(again).toHaveURL(/\/sign-in\?error=launch-link/);
  expect((await again.request.get('/bff/session')).status()).toBe(401);
  await second.close();
});
