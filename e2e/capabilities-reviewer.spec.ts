import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test, type ServiceApi } from './support/fixtures';
import { E2E_BASE_URL, SERVICE_DATA_DIR_FILE } from './support/servers';
import { createDocument } from './helpers/documents-api';
import { makeTextPdf } from './helpers/document-fixtures';
import { createReviewAgent, queueRun } from './helpers/review-queue';

/**
 * The reviewer role (issue 36 item 4): a reviewer reads everything and may review runs — archive them, correct a
 * document's ground truth — and nothing an admin does: no screen offers it, and the BFF refuses it with a 403 naming
 * the admin role. A reviewer limited to one agent (an account made with the operator CLI's `--agents`) never sees
 * another agent's runs: not in the runs page's agent picker, the review screen's, the insights overview, nor by URL.
 */

const enc = encodeURIComponent;
const email = (name: string) => `${name.replace(/[^A-Za-z0-9]+/g, '.').toLowerCase()}@example.com`;

/** Names of the controls an admin uses to create, change or remove something. */
const ADMIN_CONTROL =
  /^(create|new|add|edit|delete|remove|save|upload|choose files|invite|unarchive|restore|rotate|generate)\b/i;

/** After `ready` shows, no button, menu item or link (outside tables) offers an admin's write; no row is selectable. */
async function expectNoAdminControls(page: Page, ready: ReturnType<Page['getByRole']>) {
  await ready.waitFor();
  for (const role of ['button', 'menuitem'] as const) {
    await expect(page.getByRole(role, { name: ADMIN_CONTROL }), `a ${role} that writes on ${page.url()}`).toHaveCount(
      0,
    );
  }
  const links = page.getByRole('link', { name: ADMIN_CONTROL }).and(page.locator(':not(table *)'));
  await expect(links, `a link that writes on ${page.url()}`).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /^select/i })).toHaveCount(0);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** What the BFF answers this page's operator for a call the console would make. */
async function bffAnswer(page: Page, method: string, path: string, body?: unknown) {
  const response = await page.request.fetch(path, {
    method,
    headers: { 'X-CSRF': '1', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status(), message: text ? ((JSON.parse(text) as { message?: string }).message ?? '') : '' };
}

async function agentWithRun(api: ServiceApi, name: string) {
  const { agent } = await createReviewAgent(api, name, { fieldConfig: { total: { type: 'string' } } });
  const document = await createDocument(api, {
    bytes: await makeTextPdf(1),
    contentType: 'application/pdf',
    name: `${name} doc`,
    groundTruth: [{ label: 'total', value: '10', pages: [0], confidence: 0.5 }],
  });
  const run = await queueRun(api, agent.agentId, document.documentId);
  return { agent, document, run };
}

test('a reviewer sees users, app clients, the organization, models, validations and agents with no admin control', async ({
  reviewerPage: page,
  api,
  unique,
}) => {
  const name = unique('Reviewer sees');
  const user = await api.post<{ userId: string }>('/users', { email: email(name), name });
  const client = await api.post<{ appClientId: string }>('/appClients', { name, generateSecret: false });
  const model = await api.post<{ modelId: string }>('/models', { name, fieldConfig: { total: { type: 'amount' } } });
  const validation = await api.post<{ validationId: string }>('/validations', {
    name,
    enabled: true,
    config: { rules: [{ type: 'confidenceThreshold', threshold: 0.5 }] },
  });
  const agent = await api.post<{ agentId: string }>('/agents', { name });

  await page.goto('/settings/users');
  await expectNoAdminControls(page, page.getByRole('table', { name: 'Users' }));
  await page.goto(`/settings/users/${enc(user.userId)}`);
  await expectNoAdminControls(page, heading(page, name));
  await page.goto('/settings/roles');
  await expectNoAdminControls(page, page.getByRole('table', { name: 'Roles' }));
  await page.goto('/settings/app-clients');
  await expectNoAdminControls(page, page.getByRole('table', { name: 'App clients' }));
  await page.goto(`/settings/app-clients/${enc(client.appClientId)}`);
  await expectNoAdminControls(page, heading(page, name));
  await page.goto('/settings/organization');
  await expectNoAdminControls(page, page.getByRole('heading', { name: 'Total quotas' }));
  await page.goto('/models');
  await expectNoAdminControls(page, heading(page, 'Models'));
  await page.goto(`/models/${enc(model.modelId)}`);
  await expectNoAdminControls(page, heading(page, name));
  await page.goto('/models/new');
  await expectNoAdminControls(page, page.getByText('Creating a model needs the admin role.'));
  await page.goto('/validations');
  await expectNoAdminControls(page, heading(page, 'Validations'));
  await page.goto(`/validations/${enc(validation.validationId)}`);
  await expectNoAdminControls(page, heading(page, name));
  await page.goto('/validations/new');
  await expectNoAdminControls(page, page.getByText('Creating a validation needs the admin role.'));
  await page.goto('/agents');
  await expectNoAdminControls(page, page.getByRole('table', { name: 'Agents' }));
  await page.goto(`/agents/${enc(agent.agentId)}`);
  await expectNoAdminControls(page, heading(page, name));
  await page.goto('/documents');
  await expectNoAdminControls(page, page.getByRole('table', { name: /^Documents/ }));
  // The operator menu says what the role is.
  await page.getByRole('button', { name: /^Operator e2e-reviewer, Reviewer\. Open menu$/ }).click();
  await expect(page.getByRole('menu')).toContainText('Reviewer · http://');
});

test('the BFF refuses a reviewer every admin write and the audit log, with a 403 naming the admin role', async ({
  reviewerPage: page,
}) => {
  const calls: [string, string, unknown?][] = [
    ['POST', '/api/users', { email: 'reviewer-write@example.com' }],
    ['POST', '/api/roles', { name: 'reviewer role' }],
    ['POST', '/api/appClients', { name: 'reviewer client', generateSecret: false }],
    ['PATCH', '/api/organizations/me', { name: 'renamed by a reviewer' }],
    ['POST', '/api/models', { name: 'reviewer model' }],
    ['POST', '/api/validations', { name: 'reviewer validation' }],
    ['POST', '/api/agents', { name: 'reviewer agent' }],
    ['POST', '/api/documents', { name: 'reviewer upload' }],
    ['DELETE', '/api/documents/svc:document:00000000000000000000000000000001'],
    ['PATCH', '/api/documents/svc:document:00000000000000000000000000000001', { name: 'renamed' }],
    ['GET', '/bff/audit'],
  ];
  for (const [method, path, body] of calls) {
    const answer = await bffAnswer(page, method, path, body);
    expect(answer.status, `${method} ${path}`).toBe(403);
    expect(answer.message, `${method} ${path}`).toMatch(/needs the admin role; operator "e2e-reviewer" is reviewer/);
  }
});

test('a reviewer archives runs (no delete) and corrects a document’s ground truth, not its properties', async ({
  reviewerPage: page,
  api,
  unique,
}) => {
  const name = unique('Reviewer archives');
  const { agent, document, run } = await agentWithRun(api, name);
  await page.goto(`/runs?agent=${enc(agent.agentId)}&refresh=0`);
  const table = page.getByRole('table', { name: 'Runs: All' });
  await expect(table.getByRole('button', { name: `Archive run ${run.runId}` })).toBeVisible();
  await expect(table.getByRole('button', { name: /^Delete run/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Archive all matching…' })).toBeVisible();
  await page.goto(`/runs/${enc(agent.agentId)}/${enc(run.runId)}`);
  await expect(page.getByTestId('run-meaning')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  // Sent once the undo window has passed.
  await expect
    .poll(
      async () => (await api.get<{ status: string }>(`/agents/${enc(agent.agentId)}/runs/${enc(run.runId)}`)).status,
      {
        timeout: 20_000,
      },
    )
    .toBe('archived');

  await page.goto(`/documents/${enc(document.documentId)}`);
  await heading(page, `${name} doc`).waitFor();
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Value of total', exact: true }).fill('12.50');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  const saved = await api.get<{ groundTruth: { label: string; value: string }[] }>(
    `/documents/${enc(document.documentId)}`,
  );
  expect(saved.groundTruth).toMatchObject([{ label: 'total', value: '12.50' }]);
  await page.getByRole('tab', { name: 'Properties' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeDisabled();
});

/** A reviewer account limited to these agents, made with the compiled operator CLI on the e2e servers' data dir. */
function addLimitedReviewer(name: string, password: string, agentIds: string[]) {
  if (!existsSync(SERVICE_DATA_DIR_FILE))
    throw new Error(`${SERVICE_DATA_DIR_FILE} is missing: restart the e2e servers`);
  const dataDir = readFileSync(SERVICE_DATA_DIR_FILE, 'utf8').trim();
  const result = spawnSync(
    process.execPath,
    ['dist/server/operator.js', 'add', name, '--role', 'reviewer', '--agents', agentIds.join(',')],
    { env: { ...process.env, DPS_DATA_DIR: dataDir }, input: `${password}\n`, encoding: 'utf8' },
  );
  expect(result.stderr).toBe('');
  expect(result.stdout).toBe(`added operator ${name} (reviewer of ${agentIds.join(', ')})\n`);
}

async function signedInPage(browser: Browser, name: string, password: string): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const response = await context.request.post(`${E2E_BASE_URL}/bff/login`, {
    data: { name, password },
    headers: { 'X-CSRF': '1' },
  });
  expect(response.status()).toBe(200);
  return context.newPage();
}

test('a reviewer limited to one agent never sees another agent’s runs: pickers, insights, URLs, look-ups', async ({
  browser,
  api,
  unique,
}) => {
  const mine = await agentWithRun(api, unique('Limited mine'));
  const theirs = await agentWithRun(api, unique('Limited theirs'));
  const name = `e2e-limited-${Date.now().toString(36)}`;
  const password = 'e2e-limited-password-1';
  addLimitedReviewer(name, password, [mine.agent.agentId]);
  const page = await signedInPage(browser, name, password);
  const theirRunShown = () => page.getByText(theirs.run.runId.slice(-8));

  // The runs page opens on its agent, and its picker offers no other.
  await page.goto('/runs?refresh=0');
  const picker = page.getByLabel('Agent', { exact: true });
  await expect(picker).toHaveValue(mine.agent.agentId);
  await expect(picker.locator('option')).toHaveText([mine.agent.name!]);
  await expect(page.getByRole('table', { name: 'Runs: All' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Runs: All' })).toContainText(mine.run.runId.slice(-8));

  // Another agent's runs by URL: no access, and nothing of them shown.
  await page.goto(`/runs?agent=${enc(theirs.agent.agentId)}&refresh=0`);
  await expect(page.getByRole('heading', { name: 'You do not have access to this' })).toBeVisible();
  await expect(theirRunShown()).toHaveCount(0);
  await page.goto(`/runs/${enc(theirs.agent.agentId)}/${enc(theirs.run.runId)}`);
  await expect(page.getByRole('heading', { name: 'You do not have access to this' })).toBeVisible();
  await expect(page.getByTestId('run-meaning')).toHaveCount(0);

  // The review screen's agent picker, the agents list and the insights overview name only its agent.
  await page.goto('/runs/review');
  await expect(page.getByRole('link', { name: mine.agent.name! })).toBeVisible();
  await expect(page.getByRole('link', { name: theirs.agent.name! })).toHaveCount(0);
  await page.goto('/agents');
  const agents = page.getByRole('table', { name: 'Agents' });
  await expect(agents.getByRole('row')).toHaveCount(2);
  await expect(agents).toContainText(mine.agent.name!);
  await page.goto('/insights');
  await expect(page.getByText(mine.agent.name!).first()).toBeVisible();
  await expect(page.getByText(theirs.agent.name!)).toHaveCount(0);

  // The BFF behind it: refused by id, and a look-up of its run finds nothing.
  const refused = await bffAnswer(page, 'GET', `/api/agents/${enc(theirs.agent.agentId)}/runs`);
  expect(refused).toEqual({
    status: 403,
    message: `Forbidden: operator "${name}" reviews only agents ${mine.agent.agentId}`,
  });
  const owner = await page.request.get(`/api/runs/${enc(theirs.run.runId)}/owner`, { headers: { 'X-CSRF': '1' } });
  expect(await owner.json()).toEqual({ runId: theirs.run.runId, owner: null });
  // The session answer carries the limit (the console reads it).
  const session = await page.request.get('/bff/session');
  expect(((await session.json()) as { operator: unknown }).operator).toEqual({
    name,
    role: 'reviewer',
    agents: [mine.agent.agentId],
  });
  await page.context().close();
});
