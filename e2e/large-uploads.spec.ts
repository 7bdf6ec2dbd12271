import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { newDatasetId } from './helpers/documents-api';
import { makeLargePdf } from './helpers/document-fixtures';
import { inkRatio, viewerPage, waitForPagePainted } from './helpers/viewer-checks';
import type { Document } from '@/contract';

// Files beyond what an inline base64 document holds (4.47 MB) go as the service's own clients send them: metadata
// by POST, then the file itself by PUT to its fileUrl through the BFF, with progress and Cancel (issue 24 item 2).

/** Slows the page's uploads to `bytesPerSecond` (Chromium's own network throttling), so progress can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** The requests of the upload path the page sends: method, path and whether a POST carried inline content. */
function recordUploadRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'POST' && pathname === '/api/documents') {
      seen.push(`POST /api/documents${request.postData()?.includes('"content"') ? ' with content' : ''}`);
    }
    if (request.method() === 'PUT' && pathname === '/bff/file') seen.push('PUT /bff/file');
  });
  return seen;
}

const listed = async (api: { get<T>(path: string): Promise<T> }, datasetId: string) =>
  (await api.get<{ documents: Document[] }>(`/documents?datasetId=${encodeURIComponent(datasetId)}`)).documents;

test('a 6 MB PDF is uploaded by PUT with a progress bar of bytes and percent, then opens in the viewer', async ({
  page,
  api,
}) => {
  const datasetId = newDatasetId();
  const pdf = Buffer.from(await makeLargePdf(6_000_000, 6));
  expect(pdf.length).toBeGreaterThan(4_687_500);
  await page.goto(`/documents?datasetId=${encodeURIComponent(datasetId)}`);
  const requests = recordUploadRequests(page);
  await throttleUploads(page, 2 * 1024 * 1024);

  await page.getByLabel('Files to upload').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: pdf });
  const row = page.getByRole('listitem', { name: 'Upload of big.pdf' });
  const bar = row.getByRole('progressbar', { name: 'Upload of big.pdf' });
  // Part-way: the bar and the text say how much is sent.
  await expect
    .poll(async () => Number((await bar.getAttribute('aria-valuenow', { timeout: 1_000 }).catch(() => null)) ?? -1))
    .toBeGreaterThan(0);
  await expect(row).toContainText(/\d+(\.\d+)? (kB|MB) of 5(\.\d+)? MB · \d+%/);
  await expect(row).toContainText('Uploaded', { timeout: 30_000 });
  expect(requests).toEqual(['POST /api/documents', 'PUT /bff/file']);

  const [document] = await listed(api, datasetId);
  expect(document).toMatchObject({ name: 'big.pdf', contentType: 'application/pdf' });
  await row.getByRole('link', { name: 'Open' }).click();
  await waitForPagePainted(page, 1, 30_000);
  expect(await inkRatio(page, viewerPage(page, 1))).toBeGreaterThan(0.01);
  await expect(page.getByText('of 6', { exact: true })).toBeVisible();
});

test('a cancelled upload leaves no document without a file behind, and says so', async ({ page, api }) => {
  const datasetId = newDatasetId();
  const pdf = Buffer.from(await makeLargePdf(6_000_000, 6));
  await page.goto(`/documents?datasetId=${encodeURIComponent(datasetId)}`);
  await throttleUploads(page, 512 * 1024);

  await page
    .getByLabel('Files to upload')
    .setInputFiles({ name: 'cancel.pdf', mimeType: 'application/pdf', buffer: pdf });
  const row = page.getByRole('listitem', { name: 'Upload of cancel.pdf' });
  await expect(row.getByRole('progressbar')).toBeVisible();
  await row.getByRole('button', { name: 'Cancel the upload of cancel.pdf' }).click();
  await expect(row).toContainText('Cancelled');
  await expect(row.getByRole('alert')).toHaveText('Cancelled. The document created for it was removed.');
  expect(await listed(api, datasetId)).toEqual([]);
});

test('files above 64 MiB are refused before anything is sent', async ({ page }) => {
  await page.goto('/documents');
  const requests = recordUploadRequests(page);
  const drop = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    const bytes = new Uint8Array(64 * 1024 * 1024 + 1);
    bytes.set([0x25, 0x50, 0x44, 0x46, 0x2d]); // %PDF-
    transfer.items.add(new File([bytes], 'too-big.pdf', { type: 'application/pdf' }));
    return transfer;
  });
  await page.getByTestId('upload-drop-zone').dispatchEvent('drop', { dataTransfer: drop });
  const row = page.getByRole('listitem', { name: 'Upload of too-big.pdf' });
  await expect(row).toContainText('Not sent');
  await expect(row.getByRole('alert')).toContainText('up to 64 MB (64 MiB)');
  expect(requests).toEqual([]);
});
