/** Reading the Insights screens and the runs they count, for the insights specs. */
import type { Page } from '@playwright/test';
import type { Agent, AgentRun } from '@/contract';
import { expect, type ServiceApi } from '../support/fixtures';

const enc = encodeURIComponent;

type NamedAgent = Agent & { name: string };

export async function demoAgent(api: ServiceApi, name: RegExp): Promise<NamedAgent> {
  const { agents } = await api.get<{ agents: Agent[] }>('/agents?maxResults=1000');
  return agents.find((a) => name.test(a.name ?? '')) as NamedAgent;
}

/** Every run of the agent created in [from, to), through the runs list (following nextToken). */
export async function runsCreatedIn(api: ServiceApi, agentId: string, from: string, to: string): Promise<AgentRun[]> {
  const runs: AgentRun[] = [];
  let nextToken: string | undefined;
  do {
    const query = new URLSearchParams({ createdTimeAfter: from, createdTimeBefore: to, maxResults: '1000' });
    if (nextToken) query.set('nextToken', nextToken);
    const page = await api.get<{ runs: AgentRun[]; nextToken?: string | null }>(
      `/agents/${enc(agentId)}/runs?${query}`,
    );
    runs.push(...page.runs);
    nextToken = page.nextToken ?? undefined;
  } while (nextToken);
  const [start, end] = [Date.parse(from), Date.parse(to)];
  return runs.filter((r) => Date.parse(r.createdTime) >= start && Date.parse(r.createdTime) < end);
}

/** The numbers of a figure table: one record per body row, keyed by column header. */
export async function tableRows(page: Page, region: string) {
  const table = page.getByRole('region', { name: region }).getByRole('table');
  await expect(table).toBeVisible();
  const headers = await table.locator('thead th').allInnerTexts();
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.children).map((cell) => (cell as HTMLElement).innerText.trim())),
    );
  return rows.map((cells) => Object.fromEntries(headers.map((h, i) => [h, cells[i]])));
}

export const count = (text: string) => Number(text.replace(/[^\d]/g, ''));
