/**
 * Issue 29 item 1: the ground-truth workspace gives the fields room. At 1440 and 1280 px every label and a long raw
 * value read whole, no control of the panel sticks out past its edge (the line-items grid scrolls inside its frame,
 * its row actions stay in view), and the page | fields split is resized by its handle and remembered.
 */
import type { Page } from '@playwright/test';
import { expect, test, type ServiceApi } from './support/fixtures';
import { expectAccessible } from './helpers/a11y';
import { createDocument } from './helpers/documents-api';
import { makeTextPdf } from './helpers/document-fixtures';
import { expectNoControlPastEdge, expectWholeText } from './helpers/layout-checks';
import { waitForPagePainted } from './helpers/viewer-checks';

const FIELDS = {
  invoice_number: { type: 'string' },
  purchase_order_number: { type: 'string' },
  vendor_name: { type: 'string' },
  line_items: {
    type: 'lines',
    fields: {
      description: { type: 'string' },
      quantity: { type: 'number' },
      unit_price: { type: 'amount' },
      amount: { type: 'amount' },
    },
  },
};
const line = (column: string, value: string) => ({ label: `line_items.${column}`, value, pages: [0] });

async function seed(api: ServiceApi, unique: (prefix: string) => string) {
  const model = await api.post<{ modelId: string }>('/models', { name: unique('Room model'), fieldConfig: FIELDS });
  const doc = await createDocument(api, {
    bytes: await makeTextPdf(1),
    contentType: 'application/pdf',
    name: unique('room'),
    groundTruth: [
      { label: 'invoice_number', value: 'INV-2024-000123', pages: [0], confidence: 0.5 },
      { label: 'purchase_order_number', value: 'PO-99812', pages: [0] },
      { label: 'vendor_name', value: 'Kestrel Logistics GmbH', rawValue: 'Kestrel Logistics GmbH', pages: [0] },
      line('description', 'Thermal paper rolls 80 mm × 80 m, box of 50'),
      line('quantity', '12'),
      line('unit_price', '1,234,567.00 EUR'),
      line('amount', '14,814,804.00 EUR'),
    ],
  });
  return `/documents/${encodeURIComponent(doc.documentId)}?modelId=${encodeURIComponent(model.modelId)}`;
}

const panel = (page: Page) => page.getByRole('region', { name: 'Ground truth' });

for (const [width, height] of [
  [1440, 900],
  [1280, 720],
] as const) {
  test(`at ${width} px the fields read whole and every control of the panel is within reach`, async ({
    page,
    api,
    unique,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto(await seed(api, unique));
    await waitForPagePainted(page, 1, 60_000);
    for (const label of ['invoice_number', 'purchase_order_number', 'vendor_name']) {
      const input = page.getByRole('combobox', { name: /^Label of field/ }).and(page.locator(`[value="${label}"]`));
      await expect(input).toHaveValue(label);
      await expectWholeText(input);
    }
    await expectWholeText(page.getByRole('textbox', { name: 'Raw value of vendor_name', exact: true }));
    await expectNoControlPastEdge(panel(page));
    // A field without a confidence shows no badge text ("—" there looked like a remove button).
    const noConfidence = page.locator('li[data-row]').filter({ has: page.locator('[value="purchase_order_number"]') });
    await expect(noConfidence.locator('.gt-confidence')).toHaveText('');
    await expect(noConfidence.getByRole('button')).toHaveText(['↑', '↓', '✕']);
    // The grid is wider than its frame: it scrolls, and each row's remove button stays in view.
    const remove = page.getByRole('button', { name: 'Remove line_items row 1' });
    await expect(remove).toBeInViewport();
    await expect(page.locator('.gt-table__scroll')).toHaveJSProperty('scrollLeft', 0);
    await expectAccessible(page);
  });
}

test('the page | fields split is resized with its handle and remembered on the next document', async ({
  page,
  api,
  unique,
}) => {
  const path = await seed(api, unique);
  await page.goto(path);
  await waitForPagePainted(page, 1, 60_000);
  const handle = page.getByRole('separator', { name: 'Resize the page and the fields' });
  const widthOf = () => panel(page).evaluate((el) => Math.round(el.getBoundingClientRect().width));
  const before = await widthOf();
  await handle.focus();
  for (let i = 0; i < 5; i++) await handle.press('ArrowLeft');
  await expect.poll(widthOf).toBeGreaterThan(before + 40);
  const resized = await widthOf();
  await page.goto(await seed(api, unique));
  await waitForPagePainted(page, 1, 60_000);
  await expect.poll(widthOf).toBe(resized);
});
