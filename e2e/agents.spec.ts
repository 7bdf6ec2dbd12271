import { expect, test } from './support/fixtures';
import type { Agent } from '@/contract';
import { expectAccessible } from './helpers/a11y';

test('create an agent, see it listed, edit its description and resources; the pages are accessible', async ({
  page,
  api,
  unique,
}) => {
  const name = unique('agent');
  const model = await api.post<{ modelId: string }>('/models', {
    name: `${name} model`,
    fieldConfig: { total: { type: 'amount' } },
  });
  await page.goto('/agents');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create agent' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel(/Resources/).fill(model.modelId);
  await dialog.getByRole('button', { name: 'Create agent' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const agentId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  expect((await api.get<Agent>(`/agents/${encodeURIComponent(agentId)}`)).resourceIds).toEqual([model.modelId]);
  await expect(page.getByRole('list', { name: 'Runs per status' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel(/Description/).fill('Reads totals');
  await page.getByLabel(/Resources/).fill(`${model.modelId}\nsvc:hook:0123456789abcdef0123456789abcdef`);
  await page.getByRole('button', { name: 'Save agent' }).click();
  await expect
    .poll(async () => (await api.get<Agent>(`/agents/${encodeURIComponent(agentId)}`)).description)
    .toBe('Reads totals');
  expect((await api.get<Agent>(`/agents/${encodeURIComponent(agentId)}`)).resourceIds).toHaveLength(2);

  await page.goto('/agents');
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/agents\/svc/);
});

test('an agent page shows counts per status and its recent runs linking to the run', async ({ page, api }) => {
  const agents = (await api.get<{ agents: Agent[] }>('/agents')).agents;
  const demo = agents.find((a) => a.name === 'Invoice processing')!;
  await page.goto(`/agents/${encodeURIComponent(demo.agentId)}`);
  const recent = page.getByRole('region', { name: 'Recent runs' });
  await recent.getByRole('link', { name: /^…/ }).first().click();
  await expect(page).toHaveURL(/\/runs\/svc/);
  await expect(page.getByTestId('run-meaning')).toBeVisible();
});

test("an agent page leads to the agent's Insights", async ({ page, api }) => {
  const agents = (await api.get<{ agents: Agent[] }>('/agents')).agents;
  const demo = agents.find((a) => a.name === 'Invoice processing')!;
  await page.goto(`/agents/${encodeURIComponent(demo.agentId)}`);
  await page.getByRole('main').getByRole('link', { name: 'Insights', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/insights/${encodeURIComponent(demo.agentId)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice processing' })).toBeVisible();
});

test('the agents list and a demo agent with runs are accessible', async ({ page }) => {
  await page.goto('/agents');
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Invoice processing' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice processing' })).toBeVisible();
  await expectAccessible(page);
});
