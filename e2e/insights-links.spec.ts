/**
 * Issue 30: a bar of the Insights charts opens the runs page filtered to exactly the runs it counted. The link is
 * runsLinkFor's; the figures are the service's insights endpoint's (through the BFF with the page's session); the
 * runs listed are compared with the service's list filtered the same way. The console without the extension (the
 * fallback computed from the runs list) is covered by src/features/insights/data/insights-fallback.test.ts and the
 * service test run-outcome-filter.test.ts: the e2e servers always run the embedded service, which has it.
 */
import type { Page } from '@playwright/test';
import { expect, test, type ServiceApi } from './support/fixtures';
import { expectAccessible } from './helpers/a11y';
import { runsLinkFor } from '@/features/insights/data/runs-link';
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
    const to = new Date().toISOString();
    const from = new Date(Date.now() - 21 * DAY_MS).toISOString();

    const link = runsLinkFor({ agentId, from, to, outcome });
    expect(link.to).toBe('/runs');
    const search = Object.fromEntries(Object.entries(link.search).map(([k, v]) => [k, String(v)]));

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
      await expect(tab.locator('.runs-tab__count')).toHaveAttribute('aria-label', `${counted} runs`);
      expect(listed).toHaveLength(counted);

      const expected = await apiRunIds(api, agentId, {
        outcome,
        createdTimeAfter: link.search.from,
        createdTimeBefore: link.search.to,
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
