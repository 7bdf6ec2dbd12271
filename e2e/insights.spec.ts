import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './helpers/a11y';
import { count, demoAgent, runsCreatedIn, tableRows } from './helpers/insights-figures';
import { saveShot } from './helpers/shots';

const enc = encodeURIComponent;

const shoot = (page: Page, name: string) => saveShot(page, `insights-${name}`);

test('an agent page shows every chart and its table; the outcomes match the runs list; a bar opens its runs', async ({
  page,
  api,
}) => {
  const invoice = await demoAgent(api, /^Invoice processing$/);
  await page.goto(`/insights/${enc(invoice.agentId)}?window=30d`);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice processing' })).toBeVisible();

  const charts = ['Outcomes', 'Review queue', 'Calibration', 'Threshold explorer'];
  for (const name of charts) {
    await expect(page.getByRole('region', { name }).getByRole('img')).toBeVisible();
  }
  await expect(
    page.getByRole('region', { name: 'Fields' }).getByRole('list', { name: 'Changed share per field' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Calibration' }).getByRole('img')).toHaveAttribute(
    'aria-label',
    /threshold 0\.80/,
  );
  await expectAccessible(page);
  await shoot(page, 'agent-1440');

  // The window the page counted: the explorer's "runs of this window" link carries it.
  const windowHref = await page.getByRole('link', { name: 'Runs of this window' }).getAttribute('href');
  const windowSearch = new URL(windowHref!, 'http://x').searchParams;
  const from = windowSearch.get('from')!;
  const to = windowSearch.get('to')!;
  expect(windowSearch.get('agent')).toBe(invoice.agentId);

  for (const name of [...charts, 'Fields']) {
    await page.getByRole('region', { name }).getByRole('button', { name: 'Table', exact: true }).click();
    await expect(page.getByRole('region', { name }).getByRole('table')).toBeVisible();
  }
  await expectAccessible(page);

  const outcomes = await tableRows(page, 'Outcomes');
  expect(outcomes.length).toBe(30);
  const sum = (column: string) => outcomes.reduce((n, row) => n + count(row[column]), 0);
  const runs = await runsCreatedIn(api, invoice.agentId, from, to);
  const byStatus = (status: string) => runs.filter((r) => r.status === status).length;
  expect(runs.length).toBeGreaterThan(0);
  expect(sum('Total (runs)')).toBe(runs.length);
  expect(sum('Error (runs)')).toBe(byStatus('error'));
  expect(sum('Archived (runs)')).toBe(byStatus('archived'));
  expect(sum('Straight through (runs)') + sum('Reviewed (runs)') + sum('In progress (runs)')).toBe(
    runs.length - byStatus('error') - byStatus('archived'),
  );

  // The busiest day: its link names the day's window; a click on its bar opens the same runs.
  const busiest = outcomes.reduce((a, b) => (count(b['Total (runs)']) > count(a['Total (runs)']) ? b : a));
  const outcomesRegion = page.getByRole('region', { name: 'Outcomes' });
  const dayLink = outcomesRegion.getByRole('link', { name: busiest['Day (UTC)'], exact: true });
  const daySearch = new URL((await dayLink.getAttribute('href'))!, 'http://x').searchParams;
  await outcomesRegion.getByRole('button', { name: 'Table', exact: true }).click();
  const over = outcomesRegion.locator('.u-over');
  const box = (await over.boundingBox())!;
  const dayStart = Date.parse(daySearch.get('from')!);
  const middle = (dayStart + 12 * 3_600_000 - Date.parse(from)) / (Date.parse(to) - Date.parse(from));
  await over.click({ position: { x: middle * box.width, y: box.height - 2 } });
  await expect(page).toHaveURL(/\/runs\?/);
  const opened = new URL(page.url()).searchParams;
  expect(opened.get('agent')).toBe(invoice.agentId);
  expect(opened.get('from')).toBe(daySearch.get('from'));
  expect(opened.get('to')).toBe(daySearch.get('to'));
});

test('the overview lists the demo agents with their outcomes and links to each agent', async ({ page, api }) => {
  const invoice = await demoAgent(api, /^Invoice processing$/);
  const receipt = await demoAgent(api, /receipt/i);
  // Reached from the sidebar and with the `g i` shortcut.
  await page.goto('/runs');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights', exact: true }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await page.goto('/runs');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(/\/insights$/);
  await page.goto('/insights?window=30d');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  const agents = page.getByRole('region', { name: 'Agents' });
  await expect(agents.getByRole('link', { name: invoice.name })).toBeVisible();
  await expect(agents.getByRole('link', { name: receipt.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Outcomes per agent' }).getByRole('img')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'overview-1440');

  await page
    .getByRole('region', { name: 'Outcomes per agent' })
    .getByRole('button', { name: 'Table', exact: true })
    .click();
  const rows = await tableRows(page, 'Outcomes per agent');
  expect(rows.map((r) => r.Agent)).toEqual(expect.arrayContaining([invoice.name, receipt.name]));
  await expectAccessible(page);

  await agents.getByRole('link', { name: invoice.name }).click();
  await expect(page).toHaveURL(new RegExp(`/insights/${enc(invoice.agentId)}\\?window=30d`));
  await expect(page.getByRole('heading', { level: 1, name: invoice.name })).toBeVisible();
});

test('the Insights pages at 390 px and in the dark theme, and the window in the URL', async ({ page, api }) => {
  const invoice = await demoAgent(api, /^Invoice processing$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/insights?window=7d');
  await expect(page.getByRole('region', { name: 'Outcomes per agent' }).getByRole('img')).toBeVisible();
  await shoot(page, 'overview-390');
  await page.goto(`/insights/${enc(invoice.agentId)}?window=7d`);
  await expect(page.getByRole('region', { name: 'Outcomes' }).getByRole('img')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await shoot(page, 'agent-390');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => localStorage.setItem('dps.theme', JSON.stringify('dark')));
  await page.goto(`/insights/${enc(invoice.agentId)}`);
  await page.getByRole('group', { name: 'Window' }).getByRole('button', { name: '24 hours' }).click();
  await expect(page).toHaveURL(/window=24h/);
  await expect(page.getByRole('region', { name: 'Outcomes' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'agent-dark-24h-1440');
});

test('a custom window goes into the URL, counts per hour up to 48 h, and an empty window says so', async ({
  page,
  api,
}) => {
  const invoice = await demoAgent(api, /^Invoice processing$/);
  await page.goto(`/insights/${enc(invoice.agentId)}`);
  await page.getByRole('group', { name: 'Window' }).getByRole('button', { name: 'Custom' }).click();
  const form = page.getByRole('form', { name: 'Custom window' });
  await form.getByLabel('From').fill('2020-03-01T00:00');
  await form.getByLabel('until').fill('2020-03-02T12:00');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/window=custom/);
  const search = new URL(page.url()).searchParams;
  expect(new Date(search.get('from')!).getTime()).toBe(new Date('2020-03-01T00:00').getTime());
  expect(new Date(search.get('to')!).getTime()).toBe(new Date('2020-03-02T12:00').getTime());
  const outcomes = page.getByRole('region', { name: 'Outcomes' });
  await expect(outcomes.getByRole('heading', { name: 'No runs in this window' })).toBeVisible();
  await expect(outcomes.getByText('Runs created per hour')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Calibration' })).toContainText('No reviewed predictions');
  await expectAccessible(page);

  await page.goto(`/insights?${search}`);
  await expect(page.getByRole('heading', { name: 'No runs in this window' })).toBeVisible();
});
