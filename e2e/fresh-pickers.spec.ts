/**
 * Issue 29 item 8: a picker's list is fetched again when it is opened. A model created elsewhere (here: through the
 * API, as another console or app would) is offered under "Labels from" without a reload, although lists are cached
 * for 15 s; the same for an agent in the runs page's Agent picker.
 */
import { expect, test } from './support/fixtures';
import { createDocument } from './helpers/documents-api';
import { makeTextPdf } from './helpers/document-fixtures';

test('"Labels from" and the runs Agent picker offer what was created elsewhere when opened', async ({
  page,
  api,
  unique,
}) => {
  const doc = await createDocument(api, {
    bytes: await makeTextPdf(1),
    contentType: 'application/pdf',
    name: unique('fresh'),
  });
  await page.goto(`/documents/${encodeURIComponent(doc.documentId)}`);
  const picker = page.getByRole('combobox', { name: 'Labels from' });
  await picker.focus();
  await expect(picker.getByRole('option').first()).toHaveText('No model');
  await picker.blur();

  const name = unique('Made elsewhere');
  await api.post('/models', { name, fieldConfig: { total: { type: 'amount' } } });
  await picker.click();
  // Well within the 15 s the list would otherwise stay cached.
  await expect(picker.getByRole('option', { name })).toHaveCount(1, { timeout: 5_000 });
  await page.keyboard.press('Escape');

  await page.goto('/runs?refresh=0');
  const agents = page.getByRole('combobox', { name: 'Agent' });
  await expect(agents).toBeVisible();
  const agentName = unique('Agent made elsewhere');
  await api.post('/agents', { name: agentName, resourceIds: [] });
  await agents.focus();
  await expect(agents.getByRole('option', { name: agentName })).toHaveCount(1, { timeout: 5_000 });
});
