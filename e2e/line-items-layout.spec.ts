/**
 * The line-items grid with long values, on the document screen and the review screen, at 1440 and 390 px: every value
 * up to the widest column shows whole in its cell, and the page itself never scrolls sideways (the grid does).
 * Screenshots are attached to the report for a person to look at.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { GroundTruthEntry } from '@/contract';
import { expect, test } from './support/fixtures';
import { createDocument } from './helpers/documents-api';
import { makeTextPdf } from './helpers/document-fixtures';
import { createReviewAgent, queueRun } from './helpers/review-queue';
import { waitForPagePainted } from './helpers/viewer-checks';

const LONG_AMOUNT = '1,234,567,890.00 EUR';
const LONG_DESCRIPTION = 'Thermal paper rolls 80 mm × 80 m, box of 50';
const line = (column: string, value: string): GroundTruthEntry => ({
  label: `line_items.${column}`,
  value,
  pages: [0],
  confidence: 0.6,
});
const FIELDS = {
  total: { type: 'amount' },
  line_items: {
    type: 'lines',
    fields: { description: { type: 'string' }, quantity: { type: 'number' }, amount: { type: 'amount' } },
  },
};
const GROUND_TRUTH = [
  { label: 'total', value: LONG_AMOUNT, pages: [0], confidence: 0.6 },
  line('description', LONG_DESCRIPTION),
  line('quantity', '12'),
  line('amount', LONG_AMOUNT),
  line('description', 'Toner'),
  line('quantity', '1'),
  line('amount', '20.00'),
];

/** The input shows its whole value: nothing scrolled out of it. */
async function expectWhole(input: Locator) {
  await expect.poll(() => input.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
}

async function expectNoSidewaysPageScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

async function checkGrid(page: Page) {
  const cell = (row: number, column: string) =>
    page.getByRole('textbox', { name: `line_items row ${row} ${column}`, exact: true });
  await expect(cell(1, 'amount')).toHaveValue(LONG_AMOUNT);
  await cell(1, 'amount').scrollIntoViewIfNeeded();
  await expectWhole(cell(1, 'amount'));
  await expectWhole(cell(1, 'description'));
  await expectNoSidewaysPageScroll(page);
}

/** A full-page screenshot kept in the test's output folder (and attached to the report) for a person to look at. */
async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const width of [1440, 390]) {
  test(`the line-items grid shows long values whole on the document and review screens at ${width} px`, async ({
    page,
    api,
    unique,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const name = unique('grid layout');
    const agent = await createReviewAgent(api, name, { fieldConfig: FIELDS });
    const doc = await createDocument(api, {
      bytes: await makeTextPdf(1),
      contentType: 'application/pdf',
      name,
      groundTruth: GROUND_TRUTH,
    });

    await page.goto(`/documents/${encodeURIComponent(doc.documentId)}?modelId=${encodeURIComponent(agent.modelId)}`);
    await waitForPagePainted(page, 1, 60_000);
    await checkGrid(page);
    await snapshot(page, testInfo, `document-${width}.png`);

    const run = await queueRun(api, agent.agentId, doc.documentId);
    await page.goto(`/runs/review?agentId=${encodeURIComponent(agent.agentId)}`);
    await expect(page).toHaveURL(new RegExp(`runId=${encodeURIComponent(run.runId)}`));
    await checkGrid(page);
    await snapshot(page, testInfo, `review-${width}.png`);
  });
}
