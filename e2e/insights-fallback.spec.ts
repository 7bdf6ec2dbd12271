/**
 * Insights against a service without the insights extension (the spec's API only): the console counts the newest
 * runs it can list, says so, leaves out what the runs list cannot tell, and links without the `outcome` filter.
 * The extension's two endpoints answer as a service without them does — our service's own 404 for an unknown route —
 * and every other request goes to the real servers.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './helpers/a11y';
import { count, demoAgent, runsCreatedIn, tableRows } from './helpers/insights-figures';
import { saveShot } from './helpers/shots';

const enc = encodeURIComponent;

/** The insights endpoints answer 404 "no route", and any runs list asked with `outcome` is recorded. */
async function withoutInsightsExtension(page: Page): Promise<{ outcomeRequests: string[] }> {
  const outcomeRequests: string[] = [];
  await page.route(
    (url) => /\/api\/(agents\/[^/]+\/insights|insights\/agents)$/.test(url.pathname),
    (route) => {
      const path = new URL(route.request().url()).pathname.replace(/^\/api/, '/v1');
      return route.fulfill({ status: 404, json: { message: `no route GET ${path}` } });
    },
  );
  page.on('request', (request) => {
    if (new URL(request.url()).searchParams.has('outcome')) outcomeRequests.push(request.url());
  });
  return { outcomeRequests };
}

test('an agent page counts the runs it can list, says so, and shows only what the runs list tells', async ({
  page,
  api,
}) => {
  const { outcomeRequests } = await withoutInsightsExtension(page);
  const invoice = await demoAgent(api, /^Invoice processing$/);
  await page.goto(`/insights/${enc(invoice.agentId)}?window=7d`);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice processing' })).toBeVisible();

  const note = page.getByRole('note').filter({ hasText: 'Counted here from the newest' });
  await expect(note).toContainText('This service has no insights extension');
  await expect(note).toContainText(
    'Not shown, as the runs list does not tell them: field corrections; calibration and the threshold explorer',
  );
  await expect(page.getByRole('region', { name: 'Outcomes' }).getByRole('img')).toBeVisible();
  for (const hidden of ['Fields', 'Calibration', 'Threshold explorer'])
    await expect(page.getByRole('region', { name: hidden })).toHaveCount(0);
  await expectAccessible(page);
  await saveShot(page, 'insights-fallback-agent-1440');

  // The outcomes are the window's runs as the runs list gives them.
  const outcomesRegion = page.getByRole('region', { name: 'Outcomes' });
  await outcomesRegion.getByRole('button', { name: 'Table', exact: true }).click();
  const outcomes = await tableRows(page, 'Outcomes');
  expect(outcomes.length).toBe(7);
  const dayLinks = outcomesRegion.getByRole('table').locator('tbody tr').getByRole('link', { name: /^\D/ });
  const searchOf = async (link: Locator) => new URL((await link.getAttribute('href'))!, 'http://x').searchParams;
  const from = (await searchOf(dayLinks.first())).get('from')!;
  // A link's `to` is the last microsecond in the window (the list's bounds are inclusive).
  const to = new Date(Date.parse((await searchOf(dayLinks.last())).get('to')!) + 1).toISOString();
  const runs = await runsCreatedIn(api, invoice.agentId, from, to);
  expect(runs.length).toBeGreaterThan(0);
  expect(runs.length).toBeLessThanOrEqual(1000);
  await expect(note).toContainText(`newest ${runs.length} runs`);
  const sum = (column: string) => outcomes.reduce((n, row) => n + count(row[column]), 0);
  const byStatus = (status: string) => runs.filter((r) => r.status === status).length;
  expect(sum('Total (runs)')).toBe(runs.length);
  expect(sum('Error (runs)')).toBe(byStatus('error'));
  expect(sum('Archived (runs)')).toBe(byStatus('archived'));

  // A day's link opens that day's runs, without the filter this service does not have.
  const lastDay = await searchOf(dayLinks.last());
  await dayLinks.last().click();
  await expect(page).toHaveURL(/\/runs\?/);
  const opened = new URL(page.url()).searchParams;
  expect(opened.get('agent')).toBe(invoice.agentId);
  expect([opened.get('from'), opened.get('to')]).toEqual([lastDay.get('from'), lastDay.get('to')]);
  await expect(page.getByRole('table', { name: /Runs:/ })).toBeVisible();
  expect(outcomeRequests).toEqual([]);
});

test('the overview counts each agent from its newest runs and says so', async ({ page, api }) => {
  const { outcomeRequests } = await withoutInsightsExtension(page);
  const invoice = await demoAgent(api, /^Invoice processing$/);
  await page.goto('/insights?window=7d');
  await expect(page.getByRole('note').filter({ hasText: 'Counted here from the newest' })).toContainText(
    'This service has no insights extension',
  );
  const region = page.getByRole('region', { name: 'Outcomes per agent' });
  await expect(region.getByRole('img')).toBeVisible();
  await expectAccessible(page);
  await saveShot(page, 'insights-fallback-overview-1440');
  await region.getByRole('button', { name: 'Table', exact: true }).click();
  const rows = await tableRows(page, 'Outcomes per agent');
  const row = rows.find((r) => r.Agent === invoice.name)!;
  // The agent's total links to the window's runs; the runs list over that window gives the same number.
  const all = region.getByRole('link', { name: `All ${row['Total (runs)']} runs, ${invoice.name}` });
  const window = new URL((await all.getAttribute('href'))!, 'http://x').searchParams;
  const to = new Date(Date.parse(window.get('to')!) + 1).toISOString();
  const runs = await runsCreatedIn(api, invoice.agentId, window.get('from')!, to);
  expect(runs.length).toBeGreaterThan(0);
  expect(count(row['Total (runs)'])).toBe(runs.length);
  expect(count(row['Archived (runs)'])).toBe(runs.filter((r) => r.status === 'archived').length);
  // Archived is a tab of the runs page: its link says it that way, not with the outcome filter.
  if (count(row['Archived (runs)']) > 0) {
    const archived = region.getByRole('link', { name: `${row['Archived (runs)']} archived, ${invoice.name}` });
    expect((await archived.getAttribute('href'))!).toContain('tab=archived');
  }
  expect(outcomeRequests).toEqual([]);
});
