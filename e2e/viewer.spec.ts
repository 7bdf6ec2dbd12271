import { expect, test } from './support/fixtures';
import { expectAccessible } from './helpers/a11y';
import { createDocument } from './helpers/documents-api';
import {
  EMAIL_REMOTE_HOST,
  EMAIL_SUBJECT,
  makeEml,
  makePng,
  makeTextPdf,
  makeTiff,
  pdfPageMarker,
} from './helpers/document-fixtures';
import { inkRatio, viewerPage, waitForPagePainted, watchEmailLeaks } from './helpers/viewer-checks';

// Each content type opened in the document screen, from files generated here, stored in the embedded service and
// fetched through the BFF's file proxy. Checks look at pixels, not only at the DOM.

test('a multi-page PDF renders its pages with a selectable text layer', async ({ page, api, unique }) => {
  const doc = await createDocument(api, {
    bytes: await makeTextPdf(4),
    contentType: 'application/pdf',
    name: unique('viewer pdf'),
  });
  await page.goto(`/documents/${encodeURIComponent(doc.documentId)}`);
  await waitForPagePainted(page, 1);
  expect(await inkRatio(page, viewerPage(page, 1))).toBeGreaterThan(0.01);
  await expect(viewerPage(page, 1).locator('.textLayer')).toContainText(pdfPageMarker(1));
  await expect(page.getByText('of 4', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: /Page number/ }).fill('4');
  await page.getByRole('textbox', { name: /Page number/ }).press('Enter');
  await waitForPagePainted(page, 4);
  expect(await inkRatio(page, viewerPage(page, 4))).toBeGreaterThan(0.01);
  await expectAccessible(page);
});

test('a multi-page TIFF is decoded page by page and painted', async ({ page, api, unique }) => {
  const tiff = makeTiff(3, { width: 1240, height: 1754, dpi: 150 });
  const doc = await createDocument(api, { bytes: tiff, contentType: 'image/tiff', name: unique('viewer tiff') });
  await page.goto(`/documents/${encodeURIComponent(doc.documentId)}`);
  await waitForPagePainted(page, 1, 30_000);
  expect(await inkRatio(page, viewerPage(page, 1))).toBeGreaterThan(0.01);
  await expect(page.getByText('of 3', { exact: true })).toBeVisible();
  // Thumbnails open by themselves only where the page keeps room beside them; the toggle opens them anywhere.
  const showThumbnails = page.getByRole('button', { name: 'Show page thumbnails' });
  if (await showThumbnails.isVisible()) await showThumbnails.click();
  await page.getByRole('button', { name: 'Go to page 3' }).click();
  await waitForPagePainted(page, 3, 30_000);
  expect(await inkRatio(page, viewerPage(page, 3))).toBeGreaterThan(0.01);
});

test('a PNG image is painted', async ({ page, api, unique }) => {
  const doc = await createDocument(api, { bytes: makePng(), contentType: 'image/png', name: unique('viewer png') });
  await page.goto(`/documents/${encodeURIComponent(doc.documentId)}`);
  await waitForPagePainted(page, 1);
  expect(await inkRatio(page, viewerPage(page, 1))).toBeGreaterThan(0.2);
});

test('an email shows headers and its sanitized body; its script and remote image neither run nor load; its attachment opens', async ({
  page,
  api,
  unique,
}) => {
  const eml = makeEml(await makeTextPdf(2));
  const doc = await createDocument(api, { bytes: eml, contentType: 'message/rfc822', name: unique('viewer email') });
  await page.goto('/documents');
  const leaks = await watchEmailLeaks(page, EMAIL_REMOTE_HOST);
  await page.goto(`/documents/${encodeURIComponent(doc.documentId)}`);
  // watchEmailLeaks' message listener lives in the page: install it again after the navigation.
  const frameMessages = await watchEmailLeaks(page, EMAIL_REMOTE_HOST);
  await expect(page.getByRole('heading', { name: EMAIL_SUBJECT })).toBeVisible();
  const frame = page.locator('iframe.dv-email-frame');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator('iframe.dv-email-frame').getByRole('heading', { name: 'Invoice INV-7' }),
  ).toBeVisible();
  await expect(page.locator('.dv-email-fields')).toContainText('billing@supplier.example');
  await expect.poll(() => inkRatio(page, frame)).toBeGreaterThan(0.005);
  // Not a second's grace: the frame's load event, which comes once its inline scripts have run and its images and
  // styles have been asked for (or refused). Whatever the email could set off has happened by then.
  const emailFrame = await (await frame.elementHandle())!.contentFrame();
  await emailFrame!.waitForLoadState('load');
  expect(await frameMessages.messages()).toEqual([]);
  expect(leaks.requests).toEqual([]);
  expect(frameMessages.requests).toEqual([]);
  await expect(page.getByRole('note').filter({ hasText: 'blocked' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Open invoice-7.pdf' }).click();
  await waitForPagePainted(page, 1);
  expect(await inkRatio(page, viewerPage(page, 1))).toBeGreaterThan(0.01);
});
