import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { seedReviewQueue } from './helpers/review-queue';
import { makePng, makeTextPdf, makeTiff } from './helpers/document-fixtures';
import { viewerPage, waitForPagePainted } from './helpers/viewer-checks';

/** Documents of three kinds, so the prefetch is seen opening a PDF, an image and a TIFF. */
const KINDS = [
  { contentType: 'application/pdf', bytes: () => makeTextPdf(1) },
  { contentType: 'image/png', bytes: async () => makePng(640, 480) },
  { contentType: 'image/tiff', bytes: async () => makeTiff(1, { width: 620, height: 877, dpi: 75 }) },
];

/** The `index`th document's file (from 1): PDF, PNG, TIFF in turn. */
async function kindOf(index: number) {
  const kind = KINDS[(index - 1) % KINDS.length];
  return { contentType: kind.contentType, bytes: await kind.bytes() };
}

/** The document files the page asks the BFF's file proxy for, in order. */
function recordFileRequests(page: Page) {
  const files: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/bff/file') files.push(url.searchParams.get('url') ?? '');
  });
  return files;
}

// Each test seeds a queue of four documents (text recognition runs on the images) and opens several runs.
test.slow();

const reviewUrl = (agentId: string, runId?: string) =>
  `/runs/review?agentId=${encodeURIComponent(agentId)}${runId ? `&runId=${encodeURIComponent(runId)}` : ''}`;

test('while a run is reviewed the next one is prefetched: after Confirm its page and fields show with no new file request', async ({
  page,
  api,
  unique,
}) => {
  const { agentId, runs } = await seedReviewQueue(api, unique('prefetch'), 4, kindOf);
  const files = recordFileRequests(page);
  // Whether this tab ever told its own reviewer that someone else holds the run it is taking.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body.textContent?.includes('Another reviewer has this run'))
        document.documentElement.dataset.sawHeldByOther = 'yes';
    }).observe(document, { childList: true, subtree: true });
  });
  const confirm = page.getByRole('button', { name: 'Confirm', exact: true });

  await page.goto(reviewUrl(agentId));
  await expect(page).toHaveURL(new RegExp(`runId=${encodeURIComponent(runs[0].run.runId)}`));
  // The first open loads the viewer's code as well: give a busy machine time.
  await expect(confirm).toBeEnabled({ timeout: 30_000 });
  // Two runs ahead are got ready, not more.
  await expect.poll(() => files.includes(runs[2].document.fileUrl!)).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(files).not.toContain(runs[3].document.fileUrl);
  for (const [index, next] of runs.slice(1).entries()) {
    // The next run's file is fetched while this one is on screen (and the one after it, bounded to two ahead).
    await expect.poll(() => files.includes(next.document.fileUrl!)).toBe(true);
    const after = files.length;
    await confirm.click();
    await expect(page).toHaveURL(new RegExp(`runId=${encodeURIComponent(next.run.runId)}`));
    await expect(page.getByText(`Run ${index + 2} of 4`)).toBeVisible();
    await waitForPagePainted(page, 1);
    await expect(viewerPage(page, 1)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Value of invoice_number', exact: true })).toHaveValue(
      `INV-${index + 2}`,
    );
    // Shown from the prefetch: its file was not asked for again.
    expect(files.slice(after)).not.toContain(next.document.fileUrl);
    await expect(confirm).toBeEnabled();
  }
  // Taking each run never showed it as held by another reviewer (the editor stayed put).
  expect(await page.evaluate(() => document.documentElement.dataset.sawHeldByOther)).toBeUndefined();
});

test('opening a run from the queue asks for its document file together with the run, not after it', async ({
  page,
  api,
  unique,
}) => {
  // Four runs: the fourth is beyond the two prefetched ahead of the first, so opening it is a real first open.
  const { agentId, runs } = await seedReviewQueue(api, unique('first-open'), 4, kindOf);
  await page.goto(reviewUrl(agentId));
  await expect(page.getByRole('button', { name: 'Confirm', exact: true })).toBeEnabled({ timeout: 30_000 });

  const last = runs[3];
  const variablesPath = `/api/agents/${agentId}/runs/${last.run.runId}/variables`;
  const events: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/bff/file' && url.searchParams.get('url') === last.document.fileUrl)
      events.push('file asked');
  });
  page.on('requestfinished', (request) => {
    if (decodeURIComponent(new URL(request.url()).pathname) === variablesPath) events.push('variables answered');
  });
  await page
    .getByRole('navigation', { name: 'Review queue' })
    .getByRole('link', { name: new RegExp(last.document.name!) })
    .click();
  await expect(page).toHaveURL(new RegExp(`runId=${encodeURIComponent(last.run.runId)}`));
  await waitForPagePainted(page, 1);
  await expect(page.getByRole('textbox', { name: 'Value of invoice_number', exact: true })).toHaveValue('INV-4');
  // The queue names the run's document: its file is asked for before the run's variables are back, and once.
  expect(events[0]).toBe('file asked');
  expect(events.filter((event) => event === 'file asked')).toHaveLength(1);
  expect(events).toContain('variables answered');
});
