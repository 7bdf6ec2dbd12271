import { test, expect, expectAccessible } from './support/fixtures';
import type { Model } from '@/contract';

test('create a model with nested table fields; it reopens unchanged', async ({ page, api, unique }) => {
  const name = unique('Invoices model');
  await page.goto('/models/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New model' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('LLM version').selectOption('sonnet-4.6');

  await page.getByRole('button', { name: '+ Add field' }).click();
  await page.getByLabel('Field 1 name').fill('invoice_number');
  await page.getByRole('button', { name: '+ Add field' }).click();
  await page.getByLabel('Field 2 name').fill('line_items');
  await page.getByLabel('Type of line_items').selectOption('table');
  // A table starts with one column.
  const columns = page.getByRole('region', { name: 'Columns of line_items' });
  await columns.getByLabel('Column 1 name').fill('description');
  await columns.getByRole('button', { name: '+ Add column' }).click();
  await columns.getByLabel('Column 2 name').fill('amount');
  await columns.getByLabel('Type of amount').selectOption('amount');
  await page.getByLabel('Max pages').fill('3');

  await page.getByRole('button', { name: 'Create model' }).click();
  await expect(page).toHaveURL(/\/models\/svc%3Amodel%3A|\/models\/svc:model:/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const modelId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const saved = await api.get<Model>(`/models/${modelId}`);
  expect(Object.keys(saved.fieldConfig!)).toEqual(['invoice_number', 'line_items']);
  const table = saved.fieldConfig!.line_items as { type: string; fields: Record<string, { type: string }> };
  expect(table.type).toBe('table');
  expect(Object.keys(table.fields)).toEqual(['description', 'amount']);
  expect(table.fields.amount.type).toBe('amount');
  expect(saved.preprocessConfig).toEqual({ maxPages: 3 });

  // Reopened, nothing is dirty and saving changes nothing.
  await page.reload();
  await expect(page.getByLabel('Field 2 name')).toHaveValue('line_items');
  await page.getByRole('button', { name: 'Save model' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing changed' })).toBeVisible();
  const after = await api.get<Model>(`/models/${modelId}`);
  expect(after.fieldConfig).toEqual(saved.fieldConfig);
  expect(after.version).toBe(saved.version);
  await expectAccessible(page);
});

test('an invalid field name and an out-of-range preprocess value are refused with the message shown', async ({
  page,
  api,
  unique,
}) => {
  const name = unique('Bad model');
  await page.goto('/models/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: '+ Add field' }).click();
  await page.getByLabel('Field 1 name').fill('Total Amount');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /lowercase|letter|a-z/i })
      .first(),
  ).toBeVisible();
  await page.getByLabel('Max pages').fill('0');
  await page.getByLabel('Max pages').blur();
  await expect(page.getByText(/Max pages .*(at least|>=|greater)/i)).toBeVisible();
  await page.getByRole('button', { name: 'Create model' }).click();
  await expect(page).toHaveURL(/\/models\/new$/);
  const { models } = await api.get<{ models: Model[] }>('/models?maxResults=1000');
  expect(models.find((m) => m.name === name)).toBeUndefined();
});

test('edit and delete a model; the list shows status and version', async ({ page, api, unique }) => {
  const name = unique('Receipts');
  const model = await api.post<Model>('/models', { name, fieldConfig: { total: { type: 'amount' } } });
  await page.goto('/models');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Active');
  await expectAccessible(page);
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const renamed = `${name} v2`;
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByLabel('Status').selectOption('inactive');
  await page.getByRole('button', { name: 'Save model' }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  const saved = await api.get<Model>(`/models/${model.modelId}`);
  expect(saved).toMatchObject({ name: renamed, status: 'inactive' });

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  const confirm = dialog.getByRole('button', { name: 'Delete model' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox').fill(renamed);
  await confirm.click();
  await expect(page).toHaveURL(/\/models$/);
  await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);
  const gone = await api.call('GET', `/models/${model.modelId}`).catch((error: Error) => error.message);
  expect(String(gone)).toContain('404');
});

test('leaving a model with unsaved field changes asks first', async ({ page, api, unique }) => {
  const model = await api.post<Model>('/models', {
    name: unique('Guarded'),
    fieldConfig: { total: { type: 'amount' } },
  });
  await page.goto(`/models/${encodeURIComponent(model.modelId)}`);
  await page.getByLabel('Field 1 name').fill('grand_total');
  await page.getByRole('link', { name: 'Validations' }).first().click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /stay|keep/i }).click();
  await expect(page.getByLabel('Field 1 name')).toHaveValue('grand_total');
});

test('the models list shows each name above its field count, at 1440 and 390 px', async ({
  page,
  api,
  unique,
}, testInfo) => {
  const name = unique('Layout model');
  await api.post<Model>('/models', { name, fieldConfig: { total: { type: 'amount' }, currency: { type: 'string' } } });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Opened directly: the list must not depend on styles another models screen loads.
    await page.goto('/models');
    const row = page.getByRole('row').filter({ hasText: name });
    const link = row.getByRole('link', { name });
    const count = row.getByText('2 fields', { exact: true });
    await expect(count).toBeVisible();
    const [a, b] = [await link.boundingBox(), await count.boundingBox()];
    expect(b!.y).toBeGreaterThanOrEqual(a!.y + a!.height - 1);
    // The name wraps between words if at all, never inside one: no more lines than words.
    const lines = await link.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return {
        lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
        words: (el.textContent ?? '').trim().split(/\s+/).length,
      };
    });
    expect(lines.lines).toBeLessThanOrEqual(lines.words);
    await page.screenshot({ path: testInfo.outputPath(`models-list-${width}.png`) });
  }
});
