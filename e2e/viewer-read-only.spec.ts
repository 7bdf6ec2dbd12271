import type { Page } from '@playwright/test';
import { expect, test, type ServiceApi } from './support/fixtures';
import { createDocument } from './helpers/documents-api';
import { makeTextPdf } from './helpers/document-fixtures';
import { createReviewAgent } from './helpers/review-queue';

/**
 * A viewer operator may only read: every screen shows its data and no control that would create, edit, delete,
 * archive or review (the BFF would refuse them; the console does not offer them).
 */

const enc = encodeURIComponent;
const email = (name: string) => `${name.replace(/[^A-Za-z0-9]+/g, '.').toLowerCase()}@example.com`;

/** Names of the controls that change something, anywhere in the console. */
const WRITE_CONTROL =
  /^(create|new|add|edit|delete|archive|unarchive|restore|save|upload|choose files|confirm|reject|skip(?! to content)|remove|invite|review it anyway)\b/i;

/**
 * After `ready` shows (so the screen has rendered), no button, link or menu item offers a write; no row can be
 * selected. Links inside tables are left out: they are named by the data (another spec's user "Edit me …").
 */
async function expectReadOnly(page: Page, ready: ReturnType<Page['getByRole']>) {
  // Like a click, waits as long as the test may for a slow first load.
  await ready.waitFor();
  for (const role of ['button', 'menuitem'] as const) {
    await expect(page.getByRole(role, { name: WRITE_CONTROL }), `a ${role} that writes on ${page.url()}`).toHaveCount(
      0,
    );
  }
  const links = page.getByRole('link', { name: WRITE_CONTROL }).and(page.locator(':not(table *)'));
  await expect(links, `a link that writes on ${page.url()}`).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /^select/i })).toHaveCount(0);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** An agent (model + validation that always asks for review) with one run waiting for review. */
async function seedAgentRun(api: ServiceApi, name: string) {
  const { agent } = await createReviewAgent(api, name, {
    fieldConfig: { invoice_number: { type: 'string' } },
  });
  const document = await createDocument(api, {
    bytes: await makeTextPdf(1),
    contentType: 'application/pdf',
    name: `${name} doc`,
    groundTruth: [{ label: 'invoice_number', value: 'INV-1', pages: [0], confidence: 0.5 }],
  });
  const run = await api.post<{ agentId: string; runId: string; status: string }>(`/agents/${enc(agent.agentId)}/runs`, {
    documentId: document.documentId,
  });
  return { agent, document, run };
}

test('users: a viewer sees the list and a user with no create, edit or delete', async ({
  viewerPage: page,
  api,
  unique,
}) => {
  const name = unique('Viewer sees');
  const user = await api.post<{ userId: string }>('/users', { email: email(name), name });
  await page.goto('/settings/users');
  await expectReadOnly(page, page.getByRole('table', { name: 'Users' }));
  await page.goto(`/settings/users/${enc(user.userId)}`);
  await expectReadOnly(page, heading(page, name));
});

test('roles: a viewer sees the list, a built-in and a custom role with no create, edit or delete', async ({
  viewerPage: page,
  api,
  unique,
}) => {
  const name = unique('Viewer role');
  const role = await api.post<{ roleId: string }>('/roles', { name });
  await page.goto('/settings/roles');
  await expectReadOnly(page, page.getByRole('table', { name: 'Roles' }));
  await page.goto('/settings/roles/svc:role:member');
  await expectReadOnly(page, page.getByRole('table', { name: 'Permissions' }));
  await page.goto(`/settings/roles/${enc(role.roleId)}`);
  await expectReadOnly(page, heading(page, name));
});

test('app clients: a viewer sees the list and a client with no create, edit or delete', async ({
  viewerPage: page,
  api,
  unique,
}) => {
  const name = unique('Viewer client');
  const client = await api.post<{ appClientId: string }>('/appClients', { name, generateSecret: false });
  await page.goto('/settings/app-clients');
  await expectReadOnly(page, page.getByRole('table', { name: 'App clients' }));
  await page.goto(`/settings/app-clients/${enc(client.appClientId)}`);
  await expectReadOnly(page, heading(page, name));
});

test('organization: a viewer sees it with no edit and no create', async ({ viewerPage: page }) => {
  await page.goto('/settings/organization');
  await expectReadOnly(page, page.getByRole('heading', { name: 'Total quotas' }));
});

test('models: a viewer sees the list and a model with no create, save or delete', async ({
  viewerPage: page,
  api,
  unique,
}) => {
  const name = unique('Viewer model');
  const model = await api.post<{ modelId: string }>('/models', { name, fieldConfig: { total: { type: 'amount' } } });
  await page.goto('/models');
  await expectReadOnly(page, heading(page, 'Models'));
  await page.goto(`/models/${enc(model.modelId)}`);
  await expectReadOnly(page, heading(page, name));
  await page.goto('/models/new');
  await expectReadOnly(page, page.getByText('Creating a model needs the admin role.'));
});

test('documents: a viewer sees the list and a document with no upload, save or delete', async ({
  viewerPage: page,
  api,
  unique,
}) => {
  const name = unique('Viewer doc');
  const document = await createDocument(api, {
    bytes: await makeTextPdf(1),
    contentType: 'application/pdf',
    name,
    groundTruth: [{ label: 'total', value: '10' }],
  });
  await page.goto('/documents');
  await expectReadOnly(page, page.getByRole('table', { name: /^Documents/ }));
  await page.goto(`/documents/${enc(document.documentId)}`);
  await expectReadOnly(page, heading(page, name));
});

test('validations: a viewer sees the list and a validation with no create, save or delete', async ({
  viewerPage: page,
  api,
  unique,
}) => {
  const name = unique('Viewer validation');
  const validation = await api.post<{ validationId: string }>('/validations', {
    name,
    enabled: true,
    config: { rules: [{ type: 'confidenceThreshold', threshold: 0.5 }] },
  });
  await page.goto('/validations');
  await expectReadOnly(page, heading(page, 'Validations'));
  await page.goto(`/validations/${enc(validation.validationId)}`);
  await expectReadOnly(page, heading(page, name));
  await page.goto('/validations/new');
  await expectReadOnly(page, page.getByText('Creating a validation needs the admin role.'));
});

test('agents, runs and review: a viewer sees them with no create, save, archive, delete or review action', async ({
  viewerPage: page,
  api,
  unique,
}) => {
  const name = unique('Viewer agent');
  const { agent, run } = await seedAgentRun(api, name);
  expect(run.status).toBe('ready-for-review');
  await page.goto('/agents');
  await expectReadOnly(page, page.getByRole('table', { name: 'Agents' }));
  await page.goto(`/agents/${enc(agent.agentId)}`);
  await expectReadOnly(page, heading(page, `${name} agent`));
  await page.goto(`/runs?agent=${enc(agent.agentId)}&refresh=0`);
  await expectReadOnly(page, page.getByRole('table', { name: 'Runs: All' }).getByRole('row').nth(1));
  // The list counts what it holds, in the words an admin sees: runs, not "rows".
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Page 1 · 1 run');
  await page.goto(`/runs/${enc(agent.agentId)}/${enc(run.runId)}`);
  await expectReadOnly(page, page.getByTestId('run-meaning'));
  await page.goto(`/runs/review?agentId=${enc(agent.agentId)}`);
  await expect(page).toHaveURL(new RegExp(`runId=${enc(run.runId)}`));
  await expectReadOnly(page, page.getByRole('textbox', { name: 'Value of invoice_number', exact: true }));
  // Looking is not taking: the run still waits for a reviewer.
  expect((await api.get<{ status: string }>(`/agents/${enc(agent.agentId)}/runs/${enc(run.runId)}`)).status).toBe(
    'ready-for-review',
  );
});
