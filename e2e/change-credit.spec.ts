/**
 * Issue 29 item 4: one name for one app client. The run page credits its creation and every timeline line the way
 * the other detail pages credit a change (the operator for a console write, else the app client's name), with the
 * stamped id on hover; what the service's first start created is credited to it in words, not "bootstrap".
 */
import type { AgentRun } from '@/contract';
import { expect, test } from './support/fixtures';
import { createDocument } from './helpers/documents-api';
import { makeTextPdf } from './helpers/document-fixtures';
import { E2E_OPERATORS } from './support/servers';

const enc = encodeURIComponent;

test('the run page credits its creation and its timeline by name, the id on hover', async ({ page, api, unique }) => {
  const model = await api.post<{ modelId: string }>('/models', {
    name: unique('Credit model'),
    fieldConfig: { total: { type: 'amount' } },
  });
  const agent = await api.post<{ agentId: string }>('/agents', {
    name: unique('Credit agent'),
    resourceIds: [model.modelId],
  });
  const document = await createDocument(api, {
    bytes: await makeTextPdf(1),
    contentType: 'application/pdf',
    name: unique('credit'),
  });
  // As the console sends it (ids keep their colons in paths: api/client.ts segment), so the audit log matches it.
  const run = await api.post<AgentRun>(`/agents/${agent.agentId}/runs`, { documentId: document.documentId });
  expect(run.createdBy).toMatch(/^svc:app-client:/);

  await page.goto(`/runs/${enc(agent.agentId)}/${enc(run.runId)}`);
  const header = page.getByText(/^Agent .* · created/);
  await expect(header).toContainText(`by ${E2E_OPERATORS.admin.name} (console)`);
  await expect(header).not.toContainText('svc:');
  await expect(header.locator(`[title="${run.createdBy}"]`)).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Run events' });
  await expect(timeline.getByRole('listitem').first()).toBeVisible();
  await expect(timeline).not.toContainText('svc:app-client:');
  await expect(timeline).toContainText(/by \S/);

  await page.goto('/settings/organization');
  await expect(page.getByText('by the service’s first start').first()).toBeVisible();
  await expect(page.locator('main')).not.toContainText('by bootstrap');
});
