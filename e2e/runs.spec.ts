import type { Page } from '@playwright/test';
import { expect, test, type ServiceApi } from './support/fixtures';
import { expectAccessible } from './helpers/a11y';
import { createDocument } from './helpers/documents-api';
import { makeTextPdf } from './helpers/document-fixtures';
import { createReviewAgent } from './helpers/review-queue';
import { parseAgentRunReference, type Agent, type AgentRun, type AgentRunStatus } from '@/contract';

/**
 * The badge words of each agent run status, in English (the console's own map, src/features/runs/run-status.ts, is
 * written with Lingui's macros, which only the console's build expands).
 */
const STATUS_LABELS: Record<AgentRunStatus, string> = {
  running: 'Starting',
  'pending-predictions': 'Predicting',
  'succeeded-predictions': 'Auto-approved',
  'ready-for-review': 'Waiting for review',
  'review-in-progress': 'In review',
  'review-completed': 'Reviewed',
  'pending-export': 'Exporting',
  exported: 'Exported',
  completed: 'Completed',
  error: 'Failed',
  archived: 'Archived',
};

const enc = encodeURIComponent;
const runPath = (run: Pick<AgentRun, 'agentId' | 'runId'>) => `/agents/${enc(run.agentId)}/runs/${enc(run.runId)}`;

/** An agent of this test's own whose validation always asks for review, with `count` runs (ready-for-review). */
async function seedAgent(api: ServiceApi, name: string, count: number, extraResources: string[] = []) {
  const { agent, modelId } = await createReviewAgent(api, name, {
    fieldConfig: { invoice_number: { type: 'string' } },
    extraResources,
  });
  const runs: AgentRun[] = [];
  for (let i = 1; i <= count; i++) runs.push(await startRun(api, agent.agentId, `${name} doc ${i}`));
  return { agent, runs, modelId };
}

async function startRun(api: ServiceApi, agentId: string, docName: string, variables?: Record<string, unknown>) {
  const document = await createDocument(api, {
    bytes: await makeTextPdf(1),
    contentType: 'application/pdf',
    name: docName,
    groundTruth: [{ label: 'invoice_number', value: 'INV-1', pages: [0], confidence: 0.5 }],
  });
  return api.post<AgentRun>(`/agents/${enc(agentId)}/runs`, {
    documentId: document.documentId,
    ...(variables ? { variables } : {}),
  });
}

const statusOf = async (api: ServiceApi, run: AgentRun) => (await api.get<AgentRun>(runPath(run))).status;

/** An agent without a model: each run it starts ends in `error` at once (a set of runs whose state we control). */
async function agentWithRuns(
  api: ServiceApi,
  name: string,
  count: number,
): Promise<{ agent: Agent; runs: AgentRun[] }> {
  const agent = await api.post<Agent>('/agents', { name });
  const runs: AgentRun[] = [];
  for (let i = 0; i < count; i++) runs.push(await api.post<AgentRun>(`/agents/${enc(agent.agentId)}/runs`, {}));
  return { agent, runs };
}

async function statusesOf(api: ServiceApi, agentId: string): Promise<Record<string, string>> {
  const page = await api.get<{ runs: AgentRun[] }>(`/agents/${enc(agentId)}/runs?maxResults=1000`);
  return Object.fromEntries(page.runs.map((r) => [r.runId, r.status]));
}

/** Counts PATCH/DELETE requests the console sends to agent runs. */
function recordWrites(page: Page) {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/agents/'))
      writes.push(`${request.method()} ${request.url()}`);
  });
  return writes;
}

test('every agent run state renders with its badge in operator words', async ({ page, api }) => {
  // The demo data's three agents between them hold runs in every state, and no other test changes their runs (other
  // tests' agents do change theirs, so a state read from them can be gone by the time the page loads).
  const demoNames = ['Invoice processing', 'Receipt capture', 'Purchase orders (pilot)'];
  const agents = (await api.get<{ agents: Agent[] }>('/agents?maxResults=1000')).agents.filter((a) =>
    demoNames.includes(a.name ?? ''),
  );
  expect(agents).toHaveLength(3);
  const seen = new Set<string>();
  for (const agent of agents) {
    const { runs } = await api.get<{ runs: AgentRun[] }>(`/agents/${enc(agent.agentId)}/runs?maxResults=1000`);
    for (const status of new Set(runs.map((r) => r.status))) {
      // Filtered to the one state: the table is virtualized, so a long list renders only the rows in view.
      const tab = status === 'archived' ? 'archived' : 'all';
      await page.goto(`/runs?agent=${enc(agent.agentId)}&tab=${tab}&status=${status}&refresh=0`);
      const badge = page.getByRole('table', { name: /Runs:/ }).locator(`[data-status="${status}"]`).first();
      await expect(badge).toHaveText(STATUS_LABELS[status as AgentRunStatus]);
      seen.add(status);
    }
  }
  expect([...seen].sort()).toEqual(Object.keys(STATUS_LABELS).sort());
  await expectAccessible(page);
});

test('tabs and filters change the URL and survive a reload; the runs page is accessible', async ({
  page,
  api,
  unique,
}) => {
  const { agent, runs } = await seedAgent(api, unique('tabs'), 2);
  await page.goto(`/runs?agent=${enc(agent.agentId)}`);
  await expect(page.getByRole('button', { name: /In review/ })).toContainText('2');
  await expect(page.getByRole('link', { name: 'Review (2)' })).toHaveAttribute(
    'href',
    new RegExp(`/runs/review\\?agentId=${enc(agent.agentId).replaceAll('%', '%')}`),
  );
  await expectAccessible(page);

  await page.getByRole('button', { name: /In review/ }).click();
  await expect(page).toHaveURL(/tab=review/);
  await expect(page.getByRole('table', { name: 'Runs: In review' })).toBeVisible();
  await page.getByLabel('Status').selectOption('ready-for-review');
  await expect(page).toHaveURL(/status=ready-for-review/);
  await page.getByLabel('Created from').fill('2020-01-01T00:00');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=ready-for-review/);
  await expect(page).toHaveURL(/from=2020-01-01/);
  await page
    .getByRole('columnheader', { name: /Created/ })
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(/sort=asc/);

  await page.reload();
  await expect(page.getByRole('button', { name: /In review/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Status')).toHaveValue('ready-for-review');
  const table = page.getByRole('table', { name: 'Runs: In review' });
  await expect(table.getByRole('link', { name: `run ${runs[0]!.runId}` })).toBeVisible();
  // The run's document is named in the row.
  await expect(table.getByRole('link', { name: /tabs .* doc 1/ })).toBeVisible();

  await page.getByRole('button', { name: /Errors/ }).click();
  await expect(page).toHaveURL(/tab=errors/);
  await expect(page).not.toHaveURL(/status=/);
  await expect(page.getByText('No runs match these filters')).toBeVisible();
});

test('archiving every run matching a filter archives exactly that set; undo sends nothing', async ({
  page,
  api,
  unique,
}) => {
  const name = unique('bulk');
  const { agent, runs: older } = await seedAgent(api, name, 2);
  // The filter's window starts after the older runs.
  await new Promise((r) => setTimeout(r, 1100));
  const from = new Date(Date.now() - 200).toISOString();
  const newer = [
    await startRun(api, agent.agentId, `${name} new 1`),
    await startRun(api, agent.agentId, `${name} new 2`),
  ];
  expect(newer.every((r) => r.createdTime >= from)).toBe(true);

  await page.clock.install();
  const writes = recordWrites(page);
  await page.goto(`/runs?agent=${enc(agent.agentId)}&refresh=0`);

  // Undo: select one run, archive, undo, let the window pass: nothing is sent.
  await page
    .getByRole('row', { name: new RegExp(older[0]!.runId.slice(-8)) })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: 'Archive 1 run' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Archive undone: nothing was sent')).toBeVisible();
  await page.clock.runFor(10_000);
  expect(writes).toEqual([]);
  expect(await statusOf(api, older[0]!)).toBe('ready-for-review');

  // Filter by created time, then archive every matching run.
  await page.goto(`/runs?agent=${enc(agent.agentId)}&refresh=0&from=${enc(from)}`);
  await expect(page.getByRole('table', { name: /Runs/ }).getByRole('row')).toHaveCount(3); // header + 2
  await page.getByRole('button', { name: 'Archive all matching…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('2 runs will be archived');
  await expect(dialog).toContainText(new RegExp(`created from .*${new Date(from).getFullYear()}`)); // the bound, written in the operator's locale
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Archive matching runs' }).click();
  await expect(page.getByText(/Archiving 2 runs/)).toBeVisible();
  expect(writes).toEqual([]);
  await page.clock.runFor(10_000);
  await expect.poll(async () => Promise.all(newer.map((r) => statusOf(api, r)))).toEqual(['archived', 'archived']);
  expect(await Promise.all(older.map((r) => statusOf(api, r)))).toEqual(['ready-for-review', 'ready-for-review']);
  // Request events reach the test over Playwright's own channel, possibly after the service has answered: poll.
  await expect.poll(() => writes.filter((w) => w.startsWith('PATCH')).length).toBe(2);
});

test('archive from the run page; delete needs the typed confirmation', async ({ page, api, unique }) => {
  const { agent, runs } = await seedAgent(api, unique('detail'), 2);
  const [toArchive, toDelete] = runs as [AgentRun, AgentRun];
  await page.clock.install();
  await page.goto(`/runs/${enc(agent.agentId)}/${enc(toArchive.runId)}`);
  await expect(page.getByTestId('run-meaning')).toHaveText('The predictions need a person to check them.');
  await expect(page.getByRole('link', { name: 'Review', exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Run events' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open document' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Archive' }).click();
  await page.clock.runFor(10_000);
  await expect.poll(() => statusOf(api, toArchive)).toBe('archived');
  await expect(page.locator('.page-header [data-status="archived"]')).toHaveText('Archived');

  await page.goto(`/runs/${enc(agent.agentId)}/${enc(toDelete.runId)}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  const confirm = dialog.getByRole('button', { name: 'Delete run' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox').fill('delet');
  await expect(confirm).toBeDisabled();
  expect(await statusOf(api, toDelete)).toBe('ready-for-review');
  await dialog.getByRole('textbox').fill('delete');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page).toHaveURL(/\/runs\?agent=/);
  await expect(api.get(runPath(toDelete))).rejects.toThrow(/404/);
});

test('a failed action run shows its errors on the run page and on its own page', async ({ page, api, unique }) => {
  const name = unique('failing');
  const action = await api.post<{ actionId: string }>('/actions', {
    name: `${name} ERP export`,
    enabled: true,
    config: { requiredVariables: ['erpCompany'] },
  });
  const model = await api.post<{ modelId: string }>('/models', {
    name: `${name} model`,
    fieldConfig: { invoice_number: { type: 'string' } },
  });
  const agent = await api.post<Agent>('/agents', {
    name: `${name} agent`,
    resourceIds: [model.modelId, action.actionId],
  });
  const run = await startRun(api, agent.agentId, `${name} doc`);
  await api.post(`${runPath(run)}/export`, {}).catch(() => undefined);
  const actionRuns = (
    await api.get<{ runs: { runId: string; status: string; errors?: string[] }[] }>(
      `/actions/${enc(action.actionId)}/runs?agentRunId=${enc(`${run.agentId}/${run.runId}`)}`,
    )
  ).runs;
  expect(actionRuns).toHaveLength(1);
  expect(actionRuns[0]!.status).toBe('failed');
  const error = actionRuns[0]!.errors![0]!;

  await page.goto(`/runs/${enc(agent.agentId)}/${enc(run.runId)}`);
  const subruns = page.getByRole('region', { name: 'Hook runs and action runs' });
  await expect(subruns.getByRole('list', { name: 'Errors' })).toContainText(error);
  await expect(subruns.locator('[data-status="failed"]')).toHaveText('Failed');
  await expect(subruns).toContainText('1 failed');
  await expectAccessible(page);

  await subruns.getByRole('link', { name: `${name} ERP export` }).click();
  await expect(page.getByRole('alert')).toContainText(error);
  await expect(page.getByRole('link', { name: 'Open the agent run' })).toBeVisible();
  // A closed input block says what it holds, and opens on a click.
  const input = page.locator('summary', { hasText: /^Input/ });
  await expect(input).toHaveText(/^Input\s*(\d+ (fields?|items?)|text)$/);
  await expect(page.getByRole('region', { name: 'Input' })).toBeHidden();
  await input.click();
  await expect(page.getByLabel('Input', { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('a viewer operator sees runs read-only: no selection, archive or delete', async ({ viewerPage, api }) => {
  const agent = (await api.get<{ agents: Agent[] }>('/agents')).agents.find((a) => a.name === 'Invoice processing')!;
  await viewerPage.goto(`/runs?agent=${enc(agent.agentId)}&refresh=0`);
  const table = viewerPage.getByRole('table', { name: 'Runs: All' });
  await expect(table.locator('[data-status]').first()).toBeVisible();
  await expect(table.getByRole('checkbox')).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: /^(Archive|Delete)(\s|$)/ })).toHaveCount(0);
  await table
    .getByRole('link', { name: /: run svc:run:/ })
    .first()
    .click();
  await expect(viewerPage.getByTestId('run-meaning')).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: /^(Archive|Delete)(\s|$)/ })).toHaveCount(0);
});

test('the Errors tab and a created-time window survive a reload', async ({ page, api, unique }) => {
  const { agent } = await agentWithRuns(api, unique('Tabs agent'), 2);
  await page.goto(`/runs?agent=${enc(agent.agentId)}`);
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

test('archive all matching: undone inside the window nothing is sent; let through, exactly the filtered set is archived', async ({
  page,
  api,
  unique,
}) => {
  const { agent, runs } = await agentWithRuns(api, unique('Bulk agent'), 4);
  // The window starts at the third run: runs 3 and 4 match, runs 1 and 2 do not.
  const from = runs[2].createdTime;
  await page.clock.install();
  const writes = recordWrites(page);
  await page.goto(`/runs?agent=${enc(agent.agentId)}&from=${enc(from)}&refresh=0`);
  await expect(page.getByRole('table', { name: /^Runs/ }).locator('tbody tr[data-row-id]')).toHaveCount(2);

  // First time: undo inside the window.
  await page.getByRole('button', { name: 'Archive all matching…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('2 runs will be archived');
  await expect(dialog).toContainText(new RegExp(`created from .*${new Date(from).getFullYear()}`)); // the bound, written in the operator's locale
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
  await expect
    .poll(async () => Object.values(await statusesOf(api, agent.agentId)).filter((s) => s === 'archived').length)
    .toBe(2);
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
  await page.goto(`/runs?agent=${enc(agent.agentId)}`);
  await page.getByRole('checkbox', { name: `Select …${runs[0].runId.slice(-8)}` }).check();
  await expect(page.getByText('Paused while runs are selected')).toBeVisible();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Archive 1 run' }).click();
  await page.clock.runFor(15_000);
  await expect.poll(async () => (await statusesOf(api, agent.agentId))[runs[0].runId]).toBe('archived');
  const after = await statusesOf(api, agent.agentId);
  expect(after).toEqual({ [runs[0].runId]: 'archived', [runs[1].runId]: 'error', [runs[2].runId]: 'error' });
});

test("a demo run's failed action shows its errors on the run page and on the action run's page", async ({
  page,
  api,
}) => {
  const { actions } = await api.get<{ actions: { actionId: string; name: string }[] }>('/actions?maxResults=1000');
  const email = actions.find((a) => a.name === 'Email the approver')!;
  const { runs: failed } = await api.get<{ runs: { runId: string; agentRunId: string; errors: string[] }[] }>(
    `/actions/${email.actionId}/runs?status=failed`,
  );
  expect(failed.length).toBeGreaterThan(0);
  const { agentId, runId } = parseAgentRunReference(failed[0].agentRunId)!;
  await page.goto(`/runs/${enc(agentId)}/${enc(runId)}`);
  const subruns = page.getByRole('region', { name: 'Hook runs and action runs' });
  await expect(subruns.getByRole('list', { name: 'Errors' })).toContainText(failed[0].errors[0]);
  await expect(subruns).toContainText(/1 failed — its errors are shown below|failed — their errors are shown below/);

  await subruns.getByRole('link', { name: 'Email the approver' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Email the approver');
  await expect(page.getByRole('list', { name: 'Errors' })).toContainText(failed[0].errors[0]);
  await expectAccessible(page);
});

test("a row's Archive and Delete on the runs list: archive after the undo window; delete from the keyboard, focus kept", async ({
  page,
  api,
  unique,
}) => {
  // The list's row actions load just after its first paint (src/features/runs/runs-screen-actions.tsx).
  const { agent, runs } = await agentWithRuns(api, unique('Row actions agent'), 2);
  const [toArchive, toDelete] = runs as [AgentRun, AgentRun];
  await page.clock.install();
  await page.goto(`/runs?agent=${enc(agent.agentId)}`);
  const table = page.getByRole('table', { name: /^Runs:/ });
  await table.getByRole('button', { name: `Archive run ${toArchive.runId}` }).click();
  await expect(page.getByText(`Archiving run …${toArchive.runId.slice(-8)}…`)).toBeVisible();
  await page.clock.runFor(10_000);
  await expect.poll(() => statusOf(api, toArchive)).toBe('archived');

  const remove = table.getByRole('button', { name: `Delete run ${toDelete.runId}` });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByRole('textbox').fill('delete');
  await dialog.getByRole('button', { name: 'Delete run' }).click();
  await expect(api.get(runPath(toDelete))).rejects.toThrow(/404/);
});

test('a Delete pressed before the row actions have loaded opens its dialog once they arrive', async ({
  page,
  api,
  unique,
}) => {
  const { agent, runs } = await agentWithRuns(api, unique('Slow actions agent'), 1);
  // Hold the actions' chunk back until the button has been pressed.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/runs-screen-actions-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/runs?agent=${enc(agent.agentId)}`);
  const remove = page.getByRole('button', { name: `Delete run ${runs[0]!.runId}` });
  await remove.click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  release();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toContainText(runs[0]!.runId);
});
