import type { Page } from '@playwright/test';
import { AGENT_RUN_STATUSES } from '../src/contract';
import { AGENT_RUN_STATUS_WORDS } from '../src/features/runs/run-status';
import { expect, expectAccessible, test, type ServiceApi } from './support/fixtures';

/**
 * The runs page, run detail and hook/action run detail against the real BFF and embedded service (demo data plus
 * agents made per test). Archive has an undo window before anything is sent: the page's clock is installed so the
 * window can be run through without waiting on wall time.
 */

type Run = { agentId: string; runId: string; status: string; createdTime: string };
type Agent = { agentId: string; name: string };

/** An agent without a model: each run it starts ends in `error` at once (a set of runs whose state we control). */
async function agentWithRuns(api: ServiceApi, name: string, count: number): Promise<{ agent: Agent; runs: Run[] }> {
  const agent = await api.post<Agent>('/agents', { name });
  const runs: Run[] = [];
  for (let i = 0; i < count; i++) runs.push(await api.post<Run>(`/agents/${agent.agentId}/runs`, {}));
  return { agent, runs };
}

async function statusesOf(api: ServiceApi, agentId: string): Promise<Record<string, string>> {
  const page = await api.get<{ runs: Run[] }>(`/agents/${agentId}/runs?maxResults=1000`);
  return Object.fromEntries(page.runs.map((r) => [r.runId, r.status]));
}

function watchWrites(page: Page) {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/') && request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
  });
  return writes;
}

test('every one of the 11 states renders with its badge in operator words', async ({ page, api }) => {
  const { agents } = await api.get<{ agents: Agent[] }>('/agents?maxResults=1000');
  const demo = agents.filter((a) => ['Invoice processing', 'Receipt capture', 'Purchase orders (pilot)'].includes(a.name));
  expect(demo).toHaveLength(3);
  const seen = new Map<string, string>();
  for (const agent of demo) {
    for (const tab of ['all', 'archived']) {
      await page.goto(`/runs?agent=${encodeURIComponent(agent.agentId)}&tab=${tab}&refresh=0`);
      const table = page.getByRole('table', { name: /^Runs/ });
      // A tab of a demo agent may hold no runs (its empty state shows instead of the table).
      await expect(table.locator('tbody tr[data-row-id]').first().or(page.getByText(/^No runs /))).toBeVisible();
      for (const badge of await table.locator('[data-status]').all()) {
        seen.set((await badge.getAttribute('data-status'))!, (await badge.textContent())!.trim());
      }
    }
  }
  expect([...seen.keys()].sort()).toEqual([...AGENT_RUN_STATUSES].sort());
  for (const [status, label] of seen) expect(label).toBe(AGENT_RUN_STATUS_WORDS[status as keyof typeof AGENT_RUN_STATUS_WORDS].label);
  await expectAccessible(page);
});

test('tabs and filters change the URL and survive a reload', async ({ page, api, unique }) => {
  const { agent } = await agentWithRuns(api, unique('Tabs agent'), 2);
  await page.goto(`/runs?agent=${encodeURIComponent(agent.agentId)}`);
  const tabs = page.getByRole('navigation', { name: 'Run tabs' });
  await expect(tabs.getByRole('button', { name: /Errors/ })).toContainText('2');

  await tabs.getByRole('button', { name: /In review/ }).click();
  await expect(page).toHaveURL(/tab=review/);
  await page.getByLabel('Status').selectOption('ready-for-review');
  await page.getByLabel('Created from').fill('2026-01-02T03:04');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=ready-for-review/);
  await expect(page).toHaveURL(/from=2026-01-02/);
  await expect(page.getByText('No runs match these filters')).toBeVisible();

  await page.reload();
  await expect(tabs.getByRole('button', { name: /In review/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Status')).toHaveValue('ready-for-review');
  await expect(page.getByLabel('Created from')).toHaveValue('2026-01-02T03:04');

  await tabs.getByRole('button', { name: /Errors/ }).click();
  await expect(page).toHaveURL(/tab=errors/);
  await expect(page).not.toHaveURL(/status=/);
  await page.reload();
  await expect(tabs.getByRole('button', { name: /Errors/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('table', { name: /^Runs/ }).locator('tbody tr[data-row-id]')).toHaveCount(2);
});

test('archiving every run matching a filter archives exactly that set; undo sends nothing', async ({ page, api, unique }) => {
  const { agent, runs } = await agentWithRuns(api, unique('Bulk agent'), 4);
  // The window starts at the third run: runs 3 and 4 match, runs 1 and 2 do not.
  const from = runs[2].createdTime;
  await page.clock.install();
  const writes = watchWrites(page);
  await page.goto(`/runs?agent=${encodeURIComponent(agent.agentId)}&from=${encodeURIComponent(from)}&refresh=0`);
  await expect(page.getByRole('table', { name: /^Runs/ }).locator('tbody tr[data-row-id]')).toHaveCount(2);

  // First time: undo inside the window.
  await page.getByRole('button', { name: 'Archive all matching…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('2 runs will be archived');
  await expect(dialog).toContainText(`created from ${from}`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Archive matching runs' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Archive undone: nothing was sent')).toBeVisible();
  await page.clock.runFor(15_000);
  expect(writes).toEqual([]);
  expect(Object.values(await statusesOf(api, agent.agentId))).toEqual(['error', 'error', 'error', 'error']);

  // Second time: let the window pass.
  await page.getByRole('button', { name: 'Archive all matching…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive matching runs' }).click();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.clock.runFor(15_000);
  // The PATCHes leave after the window; wait for both to land (the success toast may already be gone).
  await expect.poll(async () => Object.values(await statusesOf(api, agent.agentId)).filter((s) => s === 'archived').length).toBe(2);
  // Request events reach the test over Playwright's own channel, possibly after the service has answered: poll.
  await expect.poll(() => writes.length).toBe(2);
  const after = await statusesOf(api, agent.agentId);
  expect(after[runs[0].runId]).toBe('error');
  expect(after[runs[1].runId]).toBe('error');
  expect(after[runs[2].runId]).toBe('archived');
  expect(after[runs[3].runId]).toBe('archived');
});

test('selected rows: the bulk bar archives just those runs', async ({ page, api, unique }) => {
  const { agent, runs } = await agentWithRuns(api, unique('Select agent'), 3);
  await page.clock.install();
  await page.goto(`/runs?agent=${encodeURIComponent(agent.agentId)}`);
  await page.getByRole('checkbox', { name: `Select …${runs[0].runId.slice(-8)}` }).check();
  await expect(page.getByText('Paused while runs are selected')).toBeVisible();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Archive 1 run' }).click();
  await page.clock.runFor(15_000);
  await expect.poll(async () => (await statusesOf(api, agent.agentId))[runs[0].runId]).toBe('archived');
  const after = await statusesOf(api, agent.agentId);
  expect(after).toEqual({ [runs[0].runId]: 'archived', [runs[1].runId]: 'error', [runs[2].runId]: 'error' });
});

test('archive from the run page', async ({ page, api, unique }) => {
  const { agent, runs } = await agentWithRuns(api, unique('Detail agent'), 1);
  await page.clock.install();
  await page.goto(`/runs/${encodeURIComponent(agent.agentId)}/${encodeURIComponent(runs[0].runId)}`);
  await expect(page.getByTestId('run-meaning')).toHaveText(AGENT_RUN_STATUS_WORDS.error.meaning);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await page.clock.runFor(15_000);
  await expect(page.locator('.page-header [data-status]')).toHaveText(AGENT_RUN_STATUS_WORDS.archived.label);
  expect((await api.get<Run>(`/agents/${agent.agentId}/runs/${runs[0].runId}`)).status).toBe('archived');
});

test('delete needs the typed confirmation', async ({ page, api, unique }) => {
  const { agent, runs } = await agentWithRuns(api, unique('Delete agent'), 1);
  await page.goto(`/runs/${encodeURIComponent(agent.agentId)}/${encodeURIComponent(runs[0].runId)}`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  const confirm = dialog.getByRole('button', { name: 'Delete run' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type/).fill('delet');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type/).fill('delete');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page).toHaveURL(/\/runs\?/);
  await expect(api.get(`/agents/${agent.agentId}/runs/${runs[0].runId}`)).rejects.toThrow(/404/);
});

test('a failed action run shows its errors on the run page and on its own page', async ({ page, api }) => {
  const { actions } = await api.get<{ actions: { actionId: string; name: string }[] }>('/actions?maxResults=1000');
  const email = actions.find((a) => a.name === 'Email the approver')!;
  const { runs: failed } = await api.get<{ runs: { runId: string; agentRunId: string; errors: string[] }[] }>(
    `/actions/${email.actionId}/runs?status=failed`,
  );
  expect(failed.length).toBeGreaterThan(0);
  const [agentId, runId] = failed[0].agentRunId.replace(/^.*?(svc:agent:)/, '$1').split('/');
  await page.goto(`/runs/${encodeURIComponent(agentId)}/${encodeURIComponent(runId)}`);
  const subruns = page.getByRole('region', { name: 'Hook runs and action runs' });
  await expect(subruns.getByRole('list', { name: 'Errors' })).toContainText(failed[0].errors[0]);
  await expect(subruns).toContainText('failed — their errors are shown below');

  await subruns.getByRole('link', { name: 'Email the approver' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Email the approver');
  await expect(page.getByRole('list', { name: 'Errors' })).toContainText(failed[0].errors[0]);
  await expectAccessible(page);
});

test('agents list and detail are accessible', async ({ page }) => {
  await page.goto('/agents');
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Invoice processing' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice processing' })).toBeVisible();
  await expectAccessible(page);
});
