import { test, expect, expectAccessible } from './support/fixtures';
import type { Page } from '@playwright/test';

/**
 * ⌘K opens what the copy buttons copy: a run page's "Copy run id" gives a bare `svc:run:…`, which the palette looks
 * up among the agents, hooks and actions. The clipboard is the browser's own (permissions granted), not a stand-in.
 */
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

interface Run {
  runId: string;
}

async function copyFrom(page: Page, button: string): Promise<string> {
  await page.getByRole('button', { name: button }).first().click();
  await expect(page.getByRole('button', { name: 'Copied' }).first()).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

async function paste(page: Page, text: string) {
  // A key pressed before the console's script has run (right after a navigation) reaches no listener: the shell must
  // be on screen first.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  await page.getByRole('dialog').getByRole('combobox').fill(text);
}

test('⌘K opens the agent run, hook run and hook a copy button copied, and says when a run id is unknown', async ({
  page,
  api,
  unique,
}) => {
  const hook = await api.post<{ hookId: string }>('/hooks', { name: unique('Palette hook'), trigger: '*' });
  const agent = await api.post<{ agentId: string }>('/agents', {
    name: unique('Palette agent'),
    resourceIds: [hook.hookId],
  });
  const run = await api.post<Run>(`/agents/${agent.agentId}/runs`, {});
  const agentRunRef = `${agent.agentId}/${run.runId}`;
  const hookRuns = await api.get<{ runs: Run[] }>(
    `/hooks/${hook.hookId}/runs?agentRunId=${encodeURIComponent(agentRunRef)}`,
  );
  expect(hookRuns.runs.length).toBeGreaterThan(0);
  const hookRun = hookRuns.runs[0]!;
  // Finding a run's owner asks the service once (GET /runs/{runId}/owner): no agent or hook is asked in vain.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });

  // The agent run: its page copies the bare run id; pasted on another screen it opens the run again.
  await page.goto(`/runs/${agent.agentId}/${run.runId}`);
  const copiedRunId = await copyFrom(page, 'Copy run id');
  expect(copiedRunId).toBe(run.runId);
  await page.goto('/agents');
  await expect(page.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible();
  await paste(page, copiedRunId);
  await expect(page.getByRole('option', { name: new RegExp(`Open agent run ${run.runId}`) })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(`/runs/${agent.agentId}/${run.runId}`);

  // A hook run: no agent has it, so the palette finds its hook.
  await page.goto(`/runs/hooks/${hook.hookId}/${hookRun.runId}`);
  const copiedHookRunId = await copyFrom(page, 'Copy run id');
  expect(copiedHookRunId).toBe(hookRun.runId);
  await page.goto('/agents');
  await paste(page, copiedHookRunId);
  await expect(page.getByRole('option', { name: new RegExp(`Open hook run ${hookRun.runId}`) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect
    .poll(() => decodeURIComponent(new URL(page.url()).pathname))
    .toBe(`/runs/hooks/${hook.hookId}/${hookRun.runId}`);

  // The hook's own id (copied on its run's page) opens its latest run: hooks are shown through their runs.
  await paste(page, hook.hookId);
  await expect(page.getByRole('option', { name: new RegExp(`Open latest hook run ${hook.hookId}`) })).toBeVisible();
  await page.keyboard.press('Escape');

  // A run id nothing in this organization has: a clear "not found", nothing to open.
  const unknown = 'svc:run:00000000000000000000000000000000';
  await paste(page, unknown);
  await expect(page.getByRole('dialog').getByRole('status')).toHaveText(
    `Not found: no agent, hook or action run ${unknown} in this organization.`,
  );
  await expect(page.getByRole('option', { name: /^Open / })).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('⌘K asks nothing while a run id is typed, and a complete one opens its run without a failed request', async ({
  page,
  api,
  unique,
}) => {
  // Several agents: the run is the last one's, so asking each agent in turn would leave a 404 for every other.
  const agents: { agentId: string }[] = [];
  for (let i = 0; i < 3; i++) agents.push(await api.post('/agents', { name: unique('Lookup agent'), resourceIds: [] }));
  const owner = agents.at(-1)!;
  const run = await api.post<Run>(`/agents/${owner.agentId}/runs`, {});

  // The page's clock is the test's: the palette's settle delay is stepped through, not slept.
  await page.clock.install();
  await page.goto('/agents');
  await expect(page.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  const apiRequests: string[] = [];
  const failed: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(decodeURIComponent(url.pathname));
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  await page.keyboard.press('ControlOrMeta+k');
  const input = page.getByRole('dialog').getByRole('combobox');
  // Typed one key at a time, as an operator would: an incomplete id is never looked up, and the palette says so.
  const typedSoFar = run.runId.slice(0, 'svc:run:'.length + 4);
  await input.pressSequentially(typedSoFar);
  await expect(page.getByRole('option', { name: /^Keep typing: a run id is svc:run:/ })).toHaveText(
    'Keep typing: a run id is svc:run: and 32 lowercase hex digits (4 so far).',
  );
  // Four times the palette's settle delay on the page's clock: a lookup of the incomplete id, had the palette made
  // one, would be on its way from here on — before the lookup of the complete id that comes next.
  await page.clock.runFor(1_000);
  expect(apiRequests).toEqual([]);

  await input.pressSequentially(run.runId.slice(typedSoFar.length));
  const lookup = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/'));
  await page.clock.runFor(250);
  expect(decodeURIComponent(new URL((await lookup).url()).pathname)).toBe(`/api/runs/${run.runId}/owner`);
  await expect(page.getByRole('option', { name: new RegExp(`Open agent run ${run.runId}`) })).toBeVisible();
  // One lookup, by the service's run-owner extension: no agent was asked about a run it does not have, and the
  // incomplete id was never asked about.
  expect(apiRequests).toEqual([`/api/runs/${run.runId}/owner`]);
  await page.keyboard.press('Enter');
  await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(`/runs/${owner.agentId}/${run.runId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A run id nothing has: "not found" is an answer (200, no owner), not a refused request.
  await paste(page, 'svc:run:00000000000000000000000000000000');
  await expect(page.getByRole('dialog').getByRole('status')).toHaveText(/^Not found: no agent, hook or action run/);

  expect(failed).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
