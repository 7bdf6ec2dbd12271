/**
 * The ground-truth workspace beyond plain fields: a model's line items edited as a grid, box select on a page, and a
 * hint that agrees with the empty state on a page without text.
 */
import type { Page } from '@playwright/test';
import type { Document, GroundTruthEntry } from '@/contract';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './helpers/a11y';
import { createDocument } from './helpers/documents-api';
import { makePng, makeTextPdf, pdfPageMarker } from './helpers/document-fixtures';
import { selectTextOnPage, viewerPage, waitForPagePainted } from './helpers/viewer-checks';

const openDocument = (page: Page, doc: Document) => page.goto(`/documents/${encodeURIComponent(doc.documentId)}`);
const valueOf = (page: Page, label: string) => page.getByRole('textbox', { name: `Value of ${label}`, exact: true });

test('a line-items field is edited as a grid: add, fill (typing and selecting on the page), reorder, remove, save', async ({
  page,
  api,
  unique,
}, testInfo) => {
  const model = await api.post<{ modelId: string }>('/models', {
    name: unique('Lines model'),
    fieldConfig: {
      total: { type: 'amount' },
      line_items: {
        type: 'lines',
        fields: { description: { type: 'string' }, quantity: { type: 'number' }, amount: { type: 'amount' } },
      },
    },
  });
  const line = (column: string, value: string, extra: Partial<GroundTruthEntry> = {}): GroundTruthEntry => ({
    label: `line_items.${column}`,
    value,
    ...extra,
  });
  const doc = await createDocument(api, {
    bytes: await makeTextPdf(2),
    contentType: 'application/pdf',
    name: unique('grid'),
    groundTruth: [
      { label: 'total', value: '30' },
      line('description', 'Paper'),
      line('quantity', '2'),
      line('amount', '10'),
      line('description', 'Toner'),
      line('amount', '20'),
    ],
  });
  await page.goto(`/documents/${encodeURIComponent(doc.documentId)}?modelId=${encodeURIComponent(model.modelId)}`);
  // The first PDF a fresh browser opens starts pdf.js's worker: allow for a loaded machine.
  await waitForPagePainted(page, 1, 60_000);
  const grid = page.getByRole('table', { name: /^line_items:/ });
  const cell = (row: number, column: string) =>
    page.getByRole('textbox', { name: `line_items row ${row} ${column}`, exact: true });
  await expect(grid).toHaveAccessibleName('line_items: 2 rows');
  await expect(cell(1, 'description')).toHaveValue('Paper');
  await expect(cell(2, 'quantity')).toHaveValue('');
  // The table's cells are not listed again as fields of their own.
  await expect(page.getByRole('combobox', { name: /^Label of field/ })).toHaveCount(1);

  // Add a row: its first cell takes the focus.
  await page.getByRole('button', { name: 'Add line_items row' }).click();
  await expect(grid).toHaveAccessibleName('line_items: 3 rows');
  await expect(cell(3, 'description')).toBeFocused();
  await page.keyboard.type('Freight');
  // Fill a cell by selecting its value on the page, as a plain field is filled.
  await cell(3, 'amount').focus();
  await expect(page.getByText('Select text on the page to fill line_items.amount.')).toBeVisible();
  await page.getByRole('textbox', { name: /Page number/ }).fill('2');
  await page.getByRole('textbox', { name: /Page number/ }).press('Enter');
  await viewerPage(page, 2)
    .locator('.textLayer span', { hasText: pdfPageMarker(2) })
    .waitFor();
  await selectTextOnPage(page, 2, pdfPageMarker(2));
  await expect(cell(3, 'amount')).toHaveValue(pdfPageMarker(2));
  // A cell the stored row has no entry for is filled by typing.
  await cell(2, 'quantity').fill('4');

  // Reorder with the keyboard-reachable buttons, then with Alt+↑ in a cell; remove the first row.
  await page.getByRole('button', { name: 'Move line_items row 3 up' }).click();
  await expect(cell(2, 'description')).toHaveValue('Freight');
  await cell(2, 'description').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(cell(1, 'description')).toHaveValue('Freight');
  await expect(cell(1, 'description')).toBeFocused();
  await page.getByRole('button', { name: 'Move line_items row 1 down' }).click();
  await page.getByRole('button', { name: 'Remove line_items row 1' }).click();
  await expect(grid).toHaveAccessibleName('line_items: 2 rows');
  await expect(cell(1, 'description')).toHaveValue('Freight');
  await expect(cell(2, 'description')).toHaveValue('Toner');
  await expectAccessible(page);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The workspace changes layout at a phone's width and mounts the grid anew: scroll to the one that stays.
    await expect(async () => grid.scrollIntoViewIfNeeded({ timeout: 2000 })).toPass();
    await page.screenshot({ path: testInfo.outputPath(`line-items-grid-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Unsaved edits are guarded.
  await page.getByRole('link', { name: 'Models' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Discard unsaved changes?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Keep editing' }).click();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  const saved = await api.get<Document>(`/documents/${encodeURIComponent(doc.documentId)}`);
  expect(saved.groundTruth).toEqual([
    { label: 'total', value: '30' },
    line('description', 'Freight', { pages: [] }),
    line('quantity', '', { pages: [] }),
    line('amount', pdfPageMarker(2), { pages: [1] }),
    line('description', 'Toner'),
    line('amount', '20'),
    line('quantity', '4'),
  ]);
  await page.reload();
  await expect(cell(2, 'quantity')).toHaveValue('4');
  await expect(cell(1, 'amount')).toHaveValue(pdfPageMarker(2));
  await expect(page.getByText('No unsaved changes')).toBeVisible();
});

test('dragging a box on a PDF page fills the focused field with the words inside it, with its page', async ({
  page,
  api,
  unique,
}) => {
  const doc = await createDocument(api, {
    bytes: await makeTextPdf(2),
    contentType: 'application/pdf',
    name: unique('box'),
    groundTruth: [{ label: 'reference', value: '' }],
  });
  await openDocument(page, doc);
  await waitForPagePainted(page, 1);
  await valueOf(page, 'reference').focus();
  await expect(
    page.getByText(
      'Select text on the page to fill reference. Or drag a box around it, or press Alt+P to pick its words with the keyboard.',
    ),
  ).toBeVisible();
  const words = viewerPage(page, 1)
    .locator('.textLayer span', { hasText: pdfPageMarker(1) })
    .first();
  const box = (await words.boundingBox())!;
  // From the blank margin left of and above the words to past their end: a box, not a text selection.
  await page.mouse.move(box.x - 16, box.y - 6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width + 12, box.y + box.height + 6, { steps: 4 });
  await page.mouse.up();
  await expect(valueOf(page, 'reference')).toHaveValue(pdfPageMarker(1));
  await expect(page.getByRole('textbox', { name: 'Pages of reference' })).toHaveValue('1');
  await expect(page.getByText(`Filled reference with “${pdfPageMarker(1)}” from a box on page 1.`)).toBeVisible();
  // Dragging on the words themselves still selects text as before.
  await page.getByRole('textbox', { name: 'Raw value of reference' }).focus();
  await selectTextOnPage(page, 1, pdfPageMarker(1));
  await expect(page.getByRole('textbox', { name: 'Raw value of reference' })).toHaveValue(pdfPageMarker(1));
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  const saved = await api.get<Document>(`/documents/${encodeURIComponent(doc.documentId)}`);
  expect(saved.groundTruth).toEqual([
    { label: 'reference', value: pdfPageMarker(1), rawValue: pdfPageMarker(1), pages: [0] },
  ]);
});

test('on a page without text the hint and the empty state both say to type each value', async ({
  page,
  api,
  unique,
}) => {
  const doc = await createDocument(api, { bytes: makePng(), contentType: 'image/png', name: unique('no text') });
  await openDocument(page, doc);
  await waitForPagePainted(page, 1);
  const panel = page.getByRole('region', { name: 'Ground truth' });
  await expect(panel.getByText('Page 1 has no text to select: type each value as you read it.')).toBeVisible();
  await expect(panel.getByText('Add a field, then type its value as you read it on the page.')).toBeVisible();
  await expect(panel).not.toContainText('select its value');
});
