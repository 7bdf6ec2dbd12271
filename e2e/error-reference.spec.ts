import { test, expect } from './support/fixtures';

// Issue 28 item 4: an error the console shows names the request's id, the one both servers logged it under.
test('an error shown in the console carries the reference of its request', async ({ page }) => {
  const missing = `svc:user:${'0'.repeat(31)}1`;
  const answered = page.waitForResponse((response) => response.url().includes(`/api/users/${missing}`));
  await page.goto(`/settings/users/${missing}`);
  const response = await answered;
  expect(response.status()).toBe(404);
  const requestId = response.headers()['x-request-id'];
  expect(requestId).toMatch(/^[0-9a-f]{32}$/);

  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(alert).toContainText(`(reference ${requestId})`);
});
