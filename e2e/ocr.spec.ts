/**
 * Recognised text (the service's `ocrFileUrl`) as the text layer of image and TIFF pages: while the service still
 * recognises a page it says so, and selecting recognised words fills the focused ground-truth field with them and
 * their page, as on a PDF with text.
 */
import type { Locator, Page } from '@playwright/test';
import type { Document } from '@/contract';
import type { OcrResult } from '@/contract/ocr';
import { invoiceData, makeInvoicePng, makeInvoiceTiff } from '@/server/service/demo/samples';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './helpers/a11y';
import { createDocument } from './helpers/documents-api';
import { startLongTaskRecorder, viewerPage, waitForPagePainted } from './helpers/viewer-checks';

// Recognition runs in the background, one document at a time for the whole service: other specs' uploads queue too.
test.describe.configure({ timeout: 240_000 });
const RECOGNISED = { timeout: 200_000 };

const openDocument = (page: Page, doc: Document) => page.goto(`/documents/${encodeURIComponent(doc.documentId)}`);
const valueOf = (page: Page, label: string) => page.getByRole('textbox', { name: `Value of ${label}`, exact: true });
const recognisedWords = (page: Page, pageNumber: number) => viewerPage(page, pageNumber).locator('.dv-ocr-layer span');

/** Drags across one word of the recognised text layer, selecting it for real. */
async function selectWord(page: Page, word: Locator) {
  await word.scrollIntoViewIfNeeded();
  const box = (await word.boundingBox())!;
  await page.mouse.move(box.x + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
}

test('selecting recognised text on a PNG fills the focused field with it and its page', async ({
  page,
  api,
  unique,
}, testInfo) => {
  const doc = await createDocument(api, {
    bytes: makeInvoicePng({ data: invoiceData({ seed: 2 }) }),
    contentType: 'image/png',
    name: unique('ocr png'),
    groundTruth: [{ label: 'total', value: '' }],
  });
  expect(doc.ocrFileUrl).toMatch(/\/documents\/.+\/ocr$/);
  await openDocument(page, doc);
  await waitForPagePainted(page, 1);
  await valueOf(page, 'total').focus();
  // "TOTAL" alone, not "SUBTOTAL": the invoice's last line.
  const total = recognisedWords(page, 1).filter({ hasText: /^TOTAL\s*$/ });
  await total.waitFor(RECOGNISED);
  const longTasks = await startLongTaskRecorder(page);
  await selectWord(page, total);
  await expect(valueOf(page, 'total')).toHaveValue('TOTAL');
  await expect(page.getByRole('textbox', { name: 'Pages of total' })).toHaveValue('1');
  await expect(page.getByText('Filled total with “TOTAL” from page 1.')).toBeVisible();
  // A figure, not a pass mark: the console's longest main-thread task while the recognised page was in use.
  const longest = String((await longTasks.stop()).longest);
  testInfo.annotations.push({ type: 'longest main-thread task (ms)', description: longest });
  console.log(`longest main-thread task while selecting recognised text: ${longest} ms`);
  await expectAccessible(page);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`ocr-png-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.keyboard.press('Control+s');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  const saved = await api.get<Document>(`/documents/${encodeURIComponent(doc.documentId)}`);
  expect(saved.groundTruth).toEqual([{ label: 'total', value: 'TOTAL', pages: [0] }]);
});

test('a TIFF page says it is being recognised, then its words fill a field with their page', async ({
  page,
  api,
  unique,
}) => {
  const pageCount = 8;
  const doc = await createDocument(api, {
    bytes: makeInvoiceTiff({ data: invoiceData({ seed: 4 }), pageCount }),
    contentType: 'image/tiff',
    name: unique('ocr tiff'),
    groundTruth: [{ label: 'description', value: '' }],
  });
  await openDocument(page, doc);
  await waitForPagePainted(page, 1, 60_000);
  // The last page is recognised last: it says so while it waits.
  const pageNumber = page.getByRole('textbox', { name: /Page number/ });
  await pageNumber.fill(String(pageCount));
  await pageNumber.press('Enter');
  // Said once, beside the fields (not over the page), with what to do meanwhile; never "no text to select" with it.
  const hint = page.getByRole('region', { name: 'Ground truth' }).locator('.gt-workspace__hint');
  await expect(hint).toHaveText(
    `Recognising the text of page ${pageCount}: it becomes selectable when ready. Meanwhile, type each value as you read it. Ctrl/⌘+S: save.`,
  );
  await expect(viewerPage(page, pageCount).getByRole('status')).toHaveCount(0);

  await pageNumber.fill('2');
  await pageNumber.press('Enter');
  await valueOf(page, 'description').focus();
  // Any recognised word of page 2 with four or more letters or digits (what the engine reads is its business).
  const word = recognisedWords(page, 2)
    .filter({ hasText: /^[A-Z0-9]{4,}\s*$/ })
    .first();
  await word.waitFor(RECOGNISED);
  const text = (await word.textContent())!.trim();
  await selectWord(page, word);
  await expect(valueOf(page, 'description')).toHaveValue(text);
  await expect(page.getByRole('textbox', { name: 'Pages of description' })).toHaveValue('2');
  const ocr = await api.get<OcrResult>(`/documents/${encodeURIComponent(doc.documentId)}/ocr`);
  expect(ocr.pages.find((p) => p.page === 1)?.words.map((w) => w.text)).toContain(text);

  // The page that was waiting gets its words without a reload: the viewer asks again until recognition is done.
  await pageNumber.fill(String(pageCount));
  await pageNumber.press('Enter');
  await expect(recognisedWords(page, pageCount).first()).toBeAttached(RECOGNISED);
  await expect(viewerPage(page, pageCount).getByRole('status')).toHaveCount(0);
});
