/**
 * Issue 37, what axe cannot see: the main journeys with the keyboard only (no click, no mouse move), what is announced
 * to a screen reader while they happen, and motion that stops when the operator asks for less.
 */
import type { Locator, Page } from '@playwright/test';
import type { Document } from '@/contract';
import { expect, test } from './support/fixtures';
import { createDocument } from './helpers/documents-api';
import { makeTextPdf, pdfPageMarker } from './helpers/document-fixtures';
import { seedReviewQueue } from './helpers/review-queue';
import { waitForPagePainted } from './helpers/viewer-checks';

const enc = encodeURIComponent;

/** Presses Tab until `target` has focus; fails when it is not reached in `max` presses. */
async function tabTo(page: Page, target: Locator, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab did not reach ${target} in ${max} presses`);
}
const focused = (target: Locator) => expect.poll(() => target.evaluate((el) => el === document.activeElement));

test('a review queue is reviewed to "All done" from the runs page with the keyboard only', async ({
  page,
  api,
  unique,
}) => {
  const queue = await seedReviewQueue(api, unique('Keys'), 2);
  await page.goto(`/runs?agent=${enc(queue.agentId)}&refresh=0`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const review = page.getByRole('link', { name: /^Review \(2\)/ });
  await tabTo(page, review);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/runs\/review/);

  // First run: a correction typed in a field; Ctrl+S confirms.
  const invoiceNumber = page.getByRole('textbox', { name: 'Value of invoice_number', exact: true });
  await expect(invoiceNumber).toBeVisible();
  await tabTo(page, invoiceNumber);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('INV-1-FIXED');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('Run 2 of 2')).toBeVisible();

  // Second run: the Confirm button itself, reached with Tab.
  await expect(invoiceNumber).toHaveValue('INV-2');
  await tabTo(page, page.getByRole('button', { name: 'Confirm', exact: true }), 200);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'All done: 2 runs reviewed' })).toBeVisible();

  const confirmed = await api.get<Document>(`/documents/${enc(queue.runs[0].document.documentId)}`);
  expect(confirmed.groundTruth?.find((entry) => entry.label === 'invoice_number')?.value).toBe('INV-1-FIXED');
  await expect
    .poll(async () =>
      Promise.all(
        queue.runs.map(
          async ({ run }) =>
            (await api.get<{ status: string }>(`/agents/${enc(queue.agentId)}/runs/${enc(run.runId)}`)).status,
        ),
      ),
    )
    .toEqual(['review-completed', 'review-completed']);
});

test("a field's value and its page region are chosen with the keyboard in the ground-truth editor", async ({
  page,
  api,
  unique,
}) => {
  const doc = await createDocument(api, {
    bytes: await makeTextPdf(2),
    contentType: 'application/pdf',
    name: unique('keys'),
    groundTruth: [{ label: 'reference', value: '' }],
  });
  await page.goto(`/documents/${enc(doc.documentId)}`);
  await waitForPagePainted(page, 1);
  const value = page.getByRole('textbox', { name: 'Value of reference', exact: true });
  await tabTo(page, value);

  // Alt+P: a box on the page's first word; ↓ to the reference's line, Shift+End widens the box to its end.
  await page.keyboard.press('Alt+p');
  const said = page.locator('.dv-paged > [role="status"]');
  await expect(said).toContainText('Picking words on page 1');
  await page.keyboard.press('ArrowDown');
  await expect(said).toHaveText('Reference');
  await page.keyboard.press('Shift+End');
  await expect(said).toHaveText(pdfPageMarker(1));
  await page.keyboard.press('Enter');

  // The field holds the words, with their page; focus is back in the field, and the fill was announced.
  await expect(value).toHaveValue(pdfPageMarker(1));
  await focused(value).toBe(true);
  await expect(page.getByRole('textbox', { name: 'Pages of reference' })).toHaveValue('1');
  await expect(page.getByText(`Filled reference with “${pdfPageMarker(1)}” from a box on page 1.`)).toBeVisible();

  // Esc leaves the page without touching the field.
  await page.keyboard.press('Alt+p');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await focused(value).toBe(true);
  await expect(value).toHaveValue(pdfPageMarker(1));

  // The save is announced in a live region.
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  const saved = await api.get<Document>(`/documents/${enc(doc.documentId)}`);
  expect(saved.groundTruth).toEqual([{ label: 'reference', value: pdfPageMarker(1), pages: [0] }]);
});

test('toasts and form errors are announced: toasts in a live region, errors as alerts tied to their field', async ({
  page,
  unique,
}) => {
  await page.goto('/settings/users');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Create user', exact: true }).first());
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Create user', exact: true }));
  await page.keyboard.press('Enter');
  // Focus moves to the first field in error, which says it is invalid and is described by its error: a screen reader
  // reads the rule with the field's name.
  const email = dialog.getByRole('textbox', { name: /^Email/ });
  await focused(email).toBe(true);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/email/i);

  // Fixed and sent: the toast that says so appears inside the live region, read out without moving focus.
  const address = `${unique('keys').toLowerCase().replace(/\W+/g, '.')}@example.com`;
  await email.focus();
  await page.keyboard.type(address);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.locator('section[aria-live="polite"]')).toContainText(`User ${address} invited`);
});

test('with reduced motion asked for, dialogs appear without animation and nothing keeps moving', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/runs?refresh=0');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  const moving = await page.evaluate(() =>
    document.getAnimations().map((animation) => {
      const timing = animation.effect!.getComputedTiming();
      return { duration: Number(timing.duration), iterations: timing.iterations };
    }),
  );
  for (const { duration, iterations } of moving) {
    expect(duration).toBeLessThanOrEqual(1);
    expect(iterations).not.toBe(Infinity);
  }
  const transition = await page
    .getByRole('dialog', { name: 'Keyboard shortcuts' })
    .evaluate((el) => getComputedStyle(el).transitionDuration);
  expect(transition.split(',').every((d) => parseFloat(d) <= 0.001)).toBe(true);
});
