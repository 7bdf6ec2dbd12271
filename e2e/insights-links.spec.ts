/**
 * Issue 30: a bar of the Insights charts opens the runs page filtered to exactly the runs it counted. The runs
 * page's search (agent, created from/to, outcome) is written here as the runs page defines it, not taken from the
 * feature's own link builder (runsLinkFor, unit-tested in runs-link.test.ts); the figures are the service's insights
 * endpoint's (through the BFF with the page's session); the runs listed are compared with the service's list filtered
 * the same way. The threshold explorer and fields tests below click the console's links and read the URL they open. The console without the extension (the
 * fallback computed from the runs list) is covered by src/api/insights.test.ts and the
 * service test run-outcome-filter.test.ts: the e2e servers always run the embedded service, which has it.
 */
import type { Page } from '@playwright/test';
import { expect, test, type ServiceApi } from './support/fixtures';
import { expectAccessible } from './helpers/a11y';
import { saveShot } from './helpers/shots';
import type { Agent, AgentInsights, AgentRun } from '@/contract';

const DAY_MS = 86_400_000;

/** Every run id the runs page lists for a search, page after page (100 a page: rows are not virtualized). */
async function listedRunIds(page: Page, search: Record<string, string>): Promise<string[]> {
  await page.goto(`/runs?${new URLSearchParams({ ...search, pageSize: '100', refresh: '0' })}`);
  const ids: string[] = [];
  const table = page.getByRole('table', { name: /Runs:/ });
  const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' });
  const rowIds = () =>
    table.locator('tbody tr[data-row-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-id')!));
  for (;;) {
    await expect(table.locator('tbody tr[data-row-id]').first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const shown = await rowIds();
    ids.push(...shown);
    if (await next.isDisabled()) return ids;
    await next.click();
    // The next page is there when its first row is another run.
    await expect.poll(async () => (await rowIds())[0]).not.toBe(shown[0]);
  }
}

async function apiRunIds(api: ServiceApi, agentId: string, query: Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  let nextToken: string | null = null;
  do {
    const params = new URLSearchParams({ ...query, maxResults: '1000', ...(nextToken ? { nextToken } : {}) });
    const page: { runs: AgentRun[]; nextToken: string | null } = await api.get(
      `/agents/${encodeURIComponent(agentId)}/runs?${params}`,
    );
    ids.push(...page.runs.map((r) => r.runId));
    nextToken = page.nextToken;
  } while (nextToken);
  return ids;
}

for (const outcome of ['reviewed', 'straightThrough'] as const) {
  test(`a ${outcome} bar opens the runs page filtered to exactly the runs it counted`, async ({ page, api }) => {
    const agents = (await api.get<{ agents: Agent[] }>('/agents?maxResults=1000')).agents;
    const invoice = agents.find((a) => a.name === 'Invoice processing');
    expect(invoice, 'the demo invoice agent').toBeDefined();
    const agentId = invoice!.agentId;
    const end = Date.now();
    const to = new Date(end).toISOString();
    const from = new Date(end - 21 * DAY_MS).toISOString();
    // The insights window is [from, to); the runs page's created-time bounds are inclusive and run times have
    // microseconds: the window's last run was created at or before the microsecond before `to`.
    const lastIncluded = new Date(end - 1).toISOString().replace(/Z$/, '999Z');
    const search = { agent: agentId, from, to: lastIncluded, outcome };

    // Other specs may review demo runs meanwhile: the figures and the page are read again until they agree.
    await expect(async () => {
      const insights = await api.get<AgentInsights>(
        `/agents/${encodeURIComponent(agentId)}/insights?${new URLSearchParams({ from, to, bucket: 'day' })}`,
      );
      const counted = insights.runs.reduce((n, bucket) => n + bucket[outcome], 0);
      expect(counted).toBeGreaterThan(0);

      const listed = await listedRunIds(page, search);
      // The total the page shows for the list: the count of its tab.
      const tab = page.getByRole('button', { name: /^All/ });
      await expect(tab).toHaveAttribute('aria-current', 'page');
      await expect(tab.locator('.runs-tab__count')).toHaveAttribute(
        'aria-label',
        `${counted} ${counted === 1 ? 'run' : 'runs'}`,
      );
      expect(listed).toHaveLength(counted);

      const expected = await apiRunIds(api, agentId, {
        outcome,
        createdTimeAfter: from,
        createdTimeBefore: lastIncluded,
      });
      expect(new Set(listed)).toEqual(new Set(expected));
    }).toPass({ timeout: 60_000 });

    // The filter is shown and can be removed.
    const chip = page.getByRole('button', { name: /Remove the filter outcome/ });
    await expect(chip).toBeVisible();
    await expectAccessible(page);
    await chip.click();
    await expect(page).not.toHaveURL(/outcome=/);
    await expect(chip).toHaveCount(0);
  });
}

/** The runs the page lists for its filter: its "All" tab and its "Archived" tab (where archived runs are kept). */
async function pageTotal(page: Page): Promise<number> {
  const tabs = page.getByRole('navigation', { name: 'Run tabs' });
  let total = 0;
  for (const name of [/^All/, /^Archived/]) {
    const label = tabs.getByRole('button', { name }).locator('.runs-tab__count');
    await expect(label).toHaveAttribute('aria-label', /^\d+ runs$/);
    total += Number((await label.getAttribute('aria-label'))!.replace(/\D/g, ''));
  }
  return total;
}

/** How many runs the service counts for the runs page's search (its filters, as `/runs/counts` parameters). */
async function serviceCount(api: ServiceApi, search: URLSearchParams): Promise<number> {
  const query = new URLSearchParams({ createdTimeAfter: search.get('from')!, createdTimeBefore: search.get('to')! });
  for (const key of ['predictionLabel', 'predictionChanged', 'predictionConfidence', 'lowestConfidence']) {
    if (search.has(key)) query.set(key, search.get(key)!);
  }
  const { counts } = await api.get<{ counts: Record<string, number> }>(
    `/agents/${encodeURIComponent(search.get('agent')!)}/runs/counts?${query}`,
  );
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

async function invoiceAgentId(api: ServiceApi): Promise<string> {
  const agents = (await api.get<{ agents: Agent[] }>('/agents?maxResults=1000')).agents;
  const invoice = agents.find((a) => a.name === 'Invoice processing');
  expect(invoice, 'the demo invoice agent').toBeDefined();
  return invoice!.agentId;
}

test('the threshold explorer’s "runs to review" opens exactly those runs', async ({ page, api }) => {
  const agentId = await invoiceAgentId(api);
  // Other specs may add or review demo runs meanwhile: the figure and the page are read again until they agree.
  await expect(async () => {
    await page.goto(`/insights/${encodeURIComponent(agentId)}?window=30d`);
    const explorer = page.getByRole('region', { name: 'Threshold explorer' });
    const link = explorer.getByRole('link', { name: /runs to review at 0\.80 — open them/ }).first();
    const shown = Number((await link.innerText()).replace(/\D/g, ''));
    expect(shown).toBeGreaterThan(0);
    await link.click();
    await expect(page).toHaveURL(/\/runs\?/);
    const search = new URL(page.url()).searchParams;
    expect(search.get('lowestConfidence')).toBe('0-0.8');
    await expect(page.getByRole('button', { name: 'Remove the filter Lowest confidence 0–0.8' })).toBeVisible();
    const total = await pageTotal(page);
    expect(total).toBe(shown);
    expect(total).toBe(await serviceCount(api, search));
  }).toPass({ timeout: 60_000 });
  await saveShot(page, 'runs-lowest-confidence-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveShot(page, 'runs-lowest-confidence-390');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Remove the filter Lowest confidence 0–0.8' }).click();
  await expect(page).not.toHaveURL(/lowestConfidence=/);
});

test('a field’s "changed" opens exactly the runs where the reviewer changed it', async ({ page, api }) => {
  const agentId = await invoiceAgentId(api);
  await expect(async () => {
    await page.goto(`/insights/${encodeURIComponent(agentId)}?window=30d`);
    const fields = page.getByRole('region', { name: 'Fields' });
    const link = fields
      .getByRole('link', { name: /: [\d.]+% changed — the runs where the reviewer changed it/ })
      .first();
    const name = (await link.getAttribute('aria-label'))!;
    const label = name.slice(0, name.indexOf(':'));
    await link.click();
    await expect(page).toHaveURL(/\/runs\?/);
    const search = new URL(page.url()).searchParams;
    expect(search.get('predictionLabel')).toBe(label);
    expect(search.get('predictionChanged')).toBe('true');
    const chip = page.getByRole('button', { name: `Remove the filter Field: ${label}, changed` });
    await expect(chip).toBeVisible();
    const total = await pageTotal(page);
    expect(total).toBeGreaterThan(0);
    expect(total).toBe(await serviceCount(api, search));
  }).toPass({ timeout: 60_000 });
  await saveShot(page, 'runs-field-changed-1440');
  await expectAccessible(page);
});
