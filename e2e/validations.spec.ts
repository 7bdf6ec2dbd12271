import { test, expect, expectAccessible } from './support/fixtures';
import type { Validation } from '@/contract';

test('create with a preset rule, disable, edit the config, delete', async ({ page, api, unique }) => {
  const name = unique('Totals check');
  await page.goto('/validations/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  const presets = page.getByRole('group', { name: 'Add a rule' });
  await presets.getByLabel('Field (empty: every field)').fill('total');
  await presets.getByLabel('Threshold (0 to 1)').fill('0.9');
  await presets.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByText('Confidence of “total” at least 0.9')).toBeVisible();
  await page.getByRole('button', { name: 'Create validation' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const validationId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  expect((await api.get<Validation>(`/validations/${validationId}`)).config?.rules).toEqual([
    { type: 'confidenceThreshold', field: 'total', threshold: 0.9 },
  ]);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();
  expect((await api.get<Validation>(`/validations/${validationId}`)).enabled).toBe(false);

  // A config the service would refuse is refused here, naming the rule.
  const config = page.getByLabel('Config (JSON)');
  await config.fill('{"rules":[{"type":"confidenceThreshold","threshold":2}]}');
  await expect(page.getByRole('alert').filter({ hasText: /threshold must be a number from 0 to 1/ })).toBeVisible();
  await config.fill('{"rules":[{"type":"pattern","field":"invoice_number","pattern":"^INV-"}],"autoApprove":true}');
  await page.getByRole('button', { name: 'Save validation' }).click();
  await expect(page.getByText('“invoice_number” matches /^INV-/')).toBeVisible();
  await expect
    .poll(async () => (await api.get<Validation>(`/validations/${validationId}`)).config)
    .toEqual({
      rules: [{ type: 'pattern', field: 'invoice_number', pattern: '^INV-' }],
      autoApprove: true,
    });

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await dialog.getByRole('textbox').fill(name);
  await dialog.getByRole('button', { name: 'Delete validation' }).click();
  await expect(page).toHaveURL(/\/validations$/);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('the task queue lists tasks by status with their agent run', async ({ page, api, unique }) => {
  const validation = await api.post<Validation>('/validations', {
    name: unique('Queue'),
    config: { rules: [{ type: 'confidenceThreshold', threshold: 1 }] },
  });
  const model = await api.post<{ modelId: string }>('/models', {
    name: unique('Queue model'),
    fieldConfig: { total: { type: 'amount' } },
  });
  const agent = await api.post<{ agentId: string }>('/agents', {
    name: unique('Queue agent'),
    resourceIds: [model.modelId, validation.validationId],
  });
  const document = await api.post<{ documentId: string }>('/documents', { name: 'queue.pdf' });
  const run = await api.post<{ runId: string; status: string }>(`/agents/${agent.agentId}/runs`, {
    documentId: document.documentId,
  });
  expect(run.status).toBe('ready-for-review');

  await page.goto(`/validations/${encodeURIComponent(validation.validationId)}`);
  const tasks = page.getByRole('table', { name: 'Validation tasks' });
  await expect(tasks.getByRole('row').filter({ hasText: 'Ready' })).toHaveCount(1);
  await expect(tasks.getByRole('link', { name: run.runId })).toHaveAttribute(
    'href',
    new RegExp(encodeURIComponent(run.runId)),
  );
  await page.getByRole('group', { name: 'Task status' }).getByRole('button', { name: 'Succeeded' }).click();
  await expect(page.getByText('No succeeded tasks')).toBeVisible();
  await expectAccessible(page);
});

test('a viewer sees validations read-only', async ({ viewerPage, api, unique }) => {
  const validation = await api.post<Validation>('/validations', { name: unique('Read only') });
  await viewerPage.goto(`/validations/${encodeURIComponent(validation.validationId)}`);
  await expect(viewerPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: 'Save validation' })).toHaveCount(0);
});
