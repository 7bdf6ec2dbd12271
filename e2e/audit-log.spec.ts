import { test, expect, expectAccessible } from './support/fixtures';
import type { Organization } from '@/contract';

test('every write through the console is listed, newest first, with operator, method, path and status', async ({
  page,
  api,
  unique,
}) => {
  const org = await api.get<Organization>('/organizations/me');
  const marker = unique('audit');
  await api.patch(`/organizations/${org.organizationId}`, { metadata: { marker } });
  await api.call('POST', '/users', { email: 'not-an-email' }).catch(() => undefined); // a refused write is recorded too

  await page.goto('/settings/audit-log?operator=e2e-admin');
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: 'PATCH' })
      .filter({ hasText: `/api/organizations/${org.organizationId}` })
      .first(),
  ).toBeVisible();
  const refused = table.getByRole('row').filter({ hasText: 'POST' }).filter({ hasText: '/api/users' }).first();
  await expect(refused).toContainText('400');

  // Newest first: the times in the Time column never increase going down.
  const times = await table
    .locator('tbody time')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime') ?? ''));
  expect(times.length).toBeGreaterThan(1);
  expect([...times].sort().reverse()).toEqual(times);
  await expectAccessible(page);
});

test('filters by method and operator live in the URL and say when nothing matches', async ({ page, api }) => {
  const org = await api.get<Organization>('/organizations/me');
  await api.patch(`/organizations/${org.organizationId}`, { metadata: {} });

  await page.goto('/settings/audit-log');
  await page.getByRole('combobox', { name: 'Method' }).selectOption('PATCH');
  await expect(page).toHaveURL(/method=PATCH/);
  const table = page.getByRole('table', { name: 'Audit log' });
  // Polled: the unfiltered rows may still be on screen (or between renders) when the URL has already changed.
  const methods = table.locator('tbody tr td:nth-child(3)');
  await expect.poll(async () => new Set(await methods.allTextContents())).toEqual(new Set(['PATCH']));

  await page.getByRole('searchbox', { name: 'Filter by operator' }).fill('nobody-with-this-name');
  await expect(page).toHaveURL(/operator=nobody-with-this-name/);
  await expect(page.getByRole('heading', { name: 'No entries match these filters' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/settings\/audit-log$/);
  await expect(table.locator('tbody tr').first()).toBeVisible();
});

test('pages through more than one page with Next and Previous', async ({ page, api }) => {
  const org = await api.get<Organization>('/organizations/me');
  for (let i = 0; i < 26; i++) await api.patch(`/organizations/${org.organizationId}`, { metadata: { page: i } });

  await page.goto('/settings/audit-log?pageSize=25');
  const table = page.getByRole('table', { name: 'Audit log' });
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(table.locator('tbody tr')).toHaveCount(25);
  await expect(pager).toContainText('Page 1');
  const firstPageTop = await table.locator('tbody time').first().getAttribute('datetime');

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2');
  await expect(page).toHaveURL(/cursor=/);
  const secondPageTop = await table.locator('tbody time').first().getAttribute('datetime');
  expect(secondPageTop! <= firstPageTop!).toBe(true);

  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager).toContainText('Page 1');
  await expect(page).not.toHaveURL(/cursor=/);

  await pager.getByRole('combobox', { name: 'Rows per page' }).selectOption('100');
  await expect(page).toHaveURL(/pageSize=100/);
  await expect(pager).toContainText('Page 1');
  await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(25);
});

test('a viewer operator is shown the Forbidden view', async ({ viewerPage: page }) => {
  await page.goto('/settings/audit-log');
  await expect(page.getByRole('heading', { name: 'You do not have access to this' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('needs the admin role');
  await expectAccessible(page);
});

test('a page of more than 100 entries is virtualized: the DOM holds a bounded number of rows', async ({
  page,
  api,
}) => {
  const org = await api.get<Organization>('/organizations/me');
  for (let i = 0; i < 110; i++) await api.patch(`/organizations/${org.organizationId}`, { metadata: { bulk: i } });

  await page.goto('/settings/audit-log?operator=e2e-admin&pageSize=250');
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table).toHaveAttribute('aria-rowcount', /\d+/);
  const total = Number(await table.getAttribute('aria-rowcount')) - 1;
  expect(total).toBeGreaterThan(100);
  const rendered = () => table.locator('tbody tr[data-row-id]').count();
  expect(await rendered()).toBeLessThan(60);

  // Scrolling to the end renders the last rows and still keeps the DOM small. Scrolled again until the end shows,
  // as an operator would: the first screen stands in while the virtualizer loads, and its end is not the page's end.
  const frame = page.getByRole('region', { name: 'Audit log (scrollable)' });
  await expect(async () => {
    await frame.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(table.locator(`tbody tr[aria-rowindex="${total + 1}"]`)).toBeVisible({ timeout: 1000 });
  }).toPass();
  expect(await rendered()).toBeLessThan(60);
});

test('a page scrolled before its virtualizer has loaded keeps its scroll position', async ({ page, api }) => {
  const org = await api.get<Organization>('/organizations/me');
  for (let i = 0; i < 110; i++) await api.patch(`/organizations/${org.organizationId}`, { metadata: { bulk: i } });
  // Hold the virtualizer's chunk back so the operator's scroll lands on the stand-in first screen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/virtual-rows-*.js', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/settings/audit-log?operator=e2e-admin&pageSize=250');
  const frame = page.getByRole('region', { name: 'Audit log (scrollable)' });
  await expect(page.getByRole('table', { name: 'Audit log' }).locator('tbody tr[data-row-id]')).toHaveCount(30);
  const scrolled = await frame.evaluate((el) => {
    el.scrollTo({ top: el.scrollHeight });
    return el.scrollTop;
  });
  expect(scrolled).toBeGreaterThan(100);

  release();
  // Once virtualized, the frame is taller than the first screen; the position the operator scrolled to is kept.
  await expect.poll(() => frame.evaluate((el) => el.scrollHeight)).toBeGreaterThan(3000);
  expect(await frame.evaluate((el) => el.scrollTop)).toBe(scrolled);
});
