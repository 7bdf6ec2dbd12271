/**
 * Checks the document viewer in Chromium through its dev harness, and prints the benchmark figures of issue 7.
 *
 *   npx tsx scripts/viewer-harness/check.ts [--out DIR]
 *
 * Starts Vite on 127.0.0.1:0 with the project's config, generates the test documents, drives the harness, checks
 * pixels and behaviour (e2e/helpers/viewer-checks.ts), writes screenshots to DIR (default: a temp dir) and exits
 * non-zero when a check fails.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { pdfjsAssets } from '../../vite.config';
import { launchChromium } from '../../e2e/support/chromium';
import {
  EMAIL_REMOTE_HOST,
  EMAIL_SUBJECT,
  PDF_INVOICE_TOTAL,
  makeEml,
  makeLargePdf,
  makePng,
  makeTextPdf,
  makeTiff,
  pdfPageMarker,
} from '../../e2e/helpers/document-fixtures';
import {
  inkRatio,
  liveCanvasCount,
  maxCanvasesWhileScrolling,
  msBetweenMarks,
  selectTextOnPage,
  startLongTaskRecorder,
  viewerPage,
  waitForPagePainted,
  watchEmailLeaks,
} from '../../e2e/helpers/viewer-checks';
import { openInHarness } from './open-in-harness';

const root = fileURLToPath(new URL('../../', import.meta.url));
const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1] : mkdtempSync(join(tmpdir(), 'viewer-check-'));

const results: { name: string; ok: boolean; detail: string }[] = [];
const figures: Record<string, string | number> = {};
function check(name: string, ok: boolean, detail = '') {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(out, `${name}.png`) });
}

async function axe(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page: page as never }).include('.dv-root').analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check(
    `axe: ${name}`,
    serious.length === 0,
    serious.map((v) => `${v.id} (${v.nodes.length})`).join(', ') || `${violations.length} minor`,
  );
}

async function main() {
  // The project's config minus the router plugin (the harness has no routes): React and the pdf.js assets plugin.
  // Dependencies are pre-bundled up front so Vite does not reload the page mid-check when it discovers one.
  const server = await createServer({
    root,
    configFile: false,
    plugins: [react(), pdfjsAssets()],
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false },
    optimizeDeps: {
      entries: ['scripts/viewer-harness/index.html'],
      include: [
        'react',
        'react-dom/client',
        'react/jsx-dev-runtime',
        'pdfjs-dist',
        'dompurify',
        'postal-mime',
        'utif2',
        'pako',
      ],
    },
  });
  await server.listen();
  const address = server.httpServer!.address() as { port: number };
  const base = `http://127.0.0.1:${address.port}`;
  const browser = await launchChromium();
  try {
    console.log(`screenshots: ${out}`);
    const [textPdf, pdf100, largePdf, tiff20, png] = await Promise.all([
      makeTextPdf(5),
      makeTextPdf(100),
      makeLargePdf(),
      Promise.resolve(makeTiff(20)),
      Promise.resolve(makePng()),
    ]);
    figures['large PDF base64 characters'] = b64(largePdf).length;
    figures['20-page TIFF bytes'] = tiff20.length;
    const eml = makeEml(textPdf);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
    });
    // Warm Vite's transform and dependency cache so first-paint figures measure the viewer, not the dev server.
    await page.goto(`${base}/scripts/viewer-harness/index.html`);
    await page.waitForFunction(() => Boolean(window.harness));
    await openInHarness(page, textPdf, 'application/pdf', 'warm-up.pdf');
    await waitForPagePainted(page, 1, 60_000);
    await openInHarness(
      page,
      tiff20.slice(0, 0).length ? tiff20 : makeTiff(1, { width: 200, height: 200, dpi: 72 }),
      'image/tiff',
      'warm-up.tif',
    );
    await waitForPagePainted(page, 1, 60_000);
    await page.reload();
    await page.waitForFunction(() => Boolean(window.harness));

    await checkPdf(page, textPdf);
    await checkPdf100(page, pdf100);
    await checkLargePdf(page, largePdf);
    await checkTiff(page, tiff20);
    await checkPng(page, png);
    await checkEmail(page, eml);
    await checkOversize(page);
    await checkLoader(page, textPdf);
    await checkDark(page, textPdf);
    // The email's blocked scripts are logged by Chromium as errors: that is the sandbox working, not a fault.
    const faults = errors.filter((e) => !e.includes("the document's frame is sandboxed") && !e.includes('favicon'));
    check('no page errors', faults.length === 0, faults.slice(0, 5).join(' | '));
  } finally {
    await browser.close();
    await server.close();
  }
  console.log('\nfigures:');
  for (const [k, v] of Object.entries(figures)) console.log(`  ${k}: ${v}`);
  const failed = results.filter((r) => !r.ok);
  console.log(`\n${results.length - failed.length}/${results.length} checks passed; screenshots in ${out}`);
  process.exitCode = failed.length ? 1 : 0;
}

async function checkPdf(page: Page, pdf: Uint8Array) {
  await openInHarness(page, pdf, 'application/pdf', 'text.pdf');
  await waitForPagePainted(page, 1);
  const ink = await inkRatio(page, viewerPage(page, 1));
  check('PDF page 1 painted (pixels)', ink > 0.01, `ink ${(ink * 100).toFixed(1)}%`);
  await viewerPage(page, 1).locator('.textLayer span').first().waitFor();
  check(
    'PDF text layer has the page text',
    (await viewerPage(page, 1).locator('.textLayer').textContent())?.includes(pdfPageMarker(1)) ?? false,
  );
  const dpr2 = await page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('.dv-page[data-page-number="1"] canvas')!;
    return { backing: c.width, css: c.getBoundingClientRect().width };
  });
  check(
    'canvas backing store matches its CSS size × devicePixelRatio',
    Math.abs(dpr2.backing - dpr2.css) <= 2,
    `${dpr2.backing} px for ${dpr2.css.toFixed(0)} CSS px at DPR 1`,
  );
  await shot(page, 'pdf-first-page');

  await page.evaluate(() => window.harness.scrollToPage(3));
  await waitForPagePainted(page, 3);
  await viewerPage(page, 3)
    .locator('.textLayer span', { hasText: pdfPageMarker(3) })
    .waitFor();
  const selected = await selectTextOnPage(page, 3, pdfPageMarker(3));
  const events = await page.evaluate(() => window.harness.selections);
  const last = events.at(-1);
  check(
    'selecting text fires onTextSelected with its page',
    last?.page === 3 && last.text === pdfPageMarker(3),
    `selected "${selected}", event ${JSON.stringify(last)}`,
  );
  await shot(page, 'pdf-selection-page-3');

  await page.evaluate((text) => window.harness.setHighlight({ text }), PDF_INVOICE_TOTAL);
  const mark = viewerPage(page, 2).locator('mark.dv-highlight').first();
  await mark.waitFor({ timeout: 10_000 }).catch(() => undefined);
  const markInView = await mark
    .evaluate((m) => {
      const r = m.getBoundingClientRect();
      const s = document.querySelector('.dv-scroller')!.getBoundingClientRect();
      return r.top >= s.top && r.bottom <= s.bottom && r.width > 10;
    })
    .catch(() => false);
  check('highlight finds the value on page 2, marks it and scrolls it into view', markInView);
  await shot(page, 'pdf-highlight');
  const pages = await page.evaluate(() => window.harness.pages);
  check('onPageChange reports the page shown', pages.includes(2) && pages.includes(3), `reported ${pages.join(',')}`);

  // Toolbar: zoom in, rotate, page jump, fit page.
  const before = await viewerPage(page, 2).boundingBox();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.waitForTimeout(300);
  const zoomed = await viewerPage(page, 2).boundingBox();
  check(
    'zoom in enlarges the pages',
    Boolean(before && zoomed && zoomed.width > before.width * 1.05),
    `${before?.width.toFixed(0)} → ${zoomed?.width.toFixed(0)} px`,
  );
  await page.getByRole('button', { name: 'Rotate clockwise' }).click();
  await page.waitForTimeout(300);
  const rotated = await page.locator('.dv-page').first().boundingBox();
  check(
    'rotate turns pages landscape',
    Boolean(rotated && rotated.width > rotated.height),
    `${rotated?.width.toFixed(0)}×${rotated?.height.toFixed(0)}`,
  );
  await waitForPagePainted(
    page,
    (await page.locator('.dv-page').first().getAttribute('data-page-number').then(Number)) || 1,
  );
  await shot(page, 'pdf-rotated');
  await page.getByRole('button', { name: 'Rotate counterclockwise' }).click();
  await page.getByRole('button', { name: 'Fit page' }).click();
  await page.getByRole('textbox', { name: /Page number/ }).fill('5');
  await page.getByRole('textbox', { name: /Page number/ }).press('Enter');
  await waitForPagePainted(page, 5);
  const p5 = await viewerPage(page, 5).boundingBox();
  const scroller = await page.locator('.dv-scroller').boundingBox();
  check(
    'page jump + fit page shows page 5 whole',
    Boolean(p5 && scroller && p5.height <= scroller.height && p5.y >= scroller.y - 1),
    `page ${p5?.height.toFixed(0)} px in ${scroller?.height.toFixed(0)} px`,
  );
  check('thumbnails listed', (await page.getByRole('button', { name: /^Go to page/ }).count()) === 5);
  await page.getByRole('button', { name: 'Go to page 1' }).click();
  const current = await page
    .waitForFunction(
      () => document.querySelector('[aria-label="Go to page 1"]')?.getAttribute('aria-current') === 'page',
      undefined,
      { timeout: 5000 },
    )
    .then(
      () => true,
      () => false,
    );
  check('thumbnail click goes to its page', current);
  await shot(page, 'pdf-fit-page');
  await axe(page, 'PDF');
}

async function checkPdf100(page: Page, pdf: Uint8Array) {
  await openInHarness(page, pdf, 'application/pdf', 'hundred.pdf');
  await waitForPagePainted(page, 1);
  const firstPaint = await msBetweenMarks(page, 'harness:open', 'document-viewer:first-page-painted');
  // Timings here are of the dev server (unbundled modules): figures only; scripts/bench/viewer.ts measures the build.
  figures['100-page PDF: open → first page painted (ms, dev server)'] = firstPaint ?? 'n/a';
  const { maxPages, maxThumbnails } = await maxCanvasesWhileScrolling(page, 50);
  figures['100-page PDF: most page canvases alive while scrolling'] = maxPages;
  figures['100-page PDF: most thumbnail canvases alive'] = maxThumbnails;
  check(
    'page canvases stay bounded while scrolling 100 pages',
    maxPages <= 8,
    `max ${maxPages} page canvases, ${maxThumbnails} thumbnails`,
  );
  await waitForPagePainted(page, 100);
  const ink = await inkRatio(page, viewerPage(page, 100));
  check('last page painted after scrolling', ink > 0.01, `ink ${(ink * 100).toFixed(1)}%`);
  await shot(page, 'pdf-100-end');
}

async function checkLargePdf(page: Page, pdf: Uint8Array) {
  const recorder = await startLongTaskRecorder(page);
  await openInHarness(page, pdf, 'application/pdf', 'large.pdf');
  await waitForPagePainted(page, 1, 30_000);
  await page.waitForTimeout(500);
  const { longest } = await recorder.stop();
  const firstPaint = await msBetweenMarks(page, 'harness:open', 'document-viewer:first-page-painted');
  figures['6.25M-char PDF: longest main-thread task while opening (ms, dev server, base64 passed in by CDP)'] = longest;
  figures['6.25M-char PDF: open → first page painted (ms, dev server)'] = firstPaint ?? 'n/a';
  await shot(page, 'pdf-large');
}

async function checkTiff(page: Page, tiff: Uint8Array) {
  const recorder = await startLongTaskRecorder(page);
  await openInHarness(page, tiff, 'image/tiff', 'twenty.tif');
  await waitForPagePainted(page, 1, 30_000);
  const firstPaint = await msBetweenMarks(page, 'harness:open', 'document-viewer:first-page-painted');
  await page.waitForTimeout(1500);
  const { longest } = await recorder.stop();
  figures['20-page TIFF: longest main-thread task while opening (ms, dev server)'] = longest;
  figures['20-page TIFF: open → first page painted (ms, dev server)'] = firstPaint ?? 'n/a';
  const ink = await inkRatio(page, viewerPage(page, 1));
  check('TIFF page 1 painted (pixels)', ink > 0.01, `ink ${(ink * 100).toFixed(1)}%`);
  check('TIFF has 20 pages', (await page.locator('.dv-page-count').textContent())?.includes('20') ?? false);
  await page.evaluate(() => window.harness.scrollToPage(20));
  await waitForPagePainted(page, 20, 30_000);
  const ink20 = await inkRatio(page, viewerPage(page, 20));
  check('TIFF page 20 painted (pixels)', ink20 > 0.01, `ink ${(ink20 * 100).toFixed(1)}%`);
  check('TIFF canvases bounded', (await liveCanvasCount(page)).pages <= 8);
  await shot(page, 'tiff-page-20');
}

async function checkPng(page: Page, png: Uint8Array) {
  await openInHarness(page, png, 'image/png', 'bands.png');
  await waitForPagePainted(page, 1);
  const ink = await inkRatio(page, viewerPage(page, 1));
  check('PNG painted (pixels)', ink > 0.2, `ink ${(ink * 100).toFixed(1)}%`);
  await shot(page, 'png');
}

async function checkEmail(page: Page, eml: Uint8Array) {
  const leaks = await watchEmailLeaks(page, EMAIL_REMOTE_HOST);
  await openInHarness(page, eml, 'message/rfc822', 'invoice.eml');
  await page.getByRole('heading', { name: EMAIL_SUBJECT }).waitFor();
  const frame = page.locator('iframe.dv-email-frame');
  await frame.waitFor();
  check('email frame is sandboxed without scripts', (await frame.getAttribute('sandbox')) === '');
  const body = page.frameLocator('iframe.dv-email-frame');
  await body.getByRole('heading', { name: 'Invoice INV-7' }).waitFor();
  await page.waitForTimeout(1000);
  const ink = await inkRatio(page, frame);
  check('email body painted (pixels)', ink > 0.005, `ink ${(ink * 100).toFixed(2)}%`);
  const messages = await leaks.messages();
  check('email script and event handlers did not run', messages.length === 0, messages.join(', '));
  check('email remote image/CSS not requested', leaks.requests.length === 0, leaks.requests.join(', '));
  check(
    'email says remote content was blocked',
    (await page.getByRole('note').textContent())?.includes('blocked') ?? false,
  );
  const headersText = await page.locator('.dv-email-fields').textContent();
  check(
    'email headers shown',
    Boolean(headersText?.includes('billing@supplier.example') && headersText.includes('audit@customer.example')),
    headersText ?? '',
  );
  await shot(page, 'email');
  await axe(page, 'email');
  await page.getByRole('button', { name: 'Open invoice-7.pdf' }).click();
  await waitForPagePainted(page, 1);
  const attInk = await inkRatio(page, viewerPage(page, 1));
  check('PDF attachment opens in the viewer', attInk > 0.01, `ink ${(attInk * 100).toFixed(1)}%`);
  await shot(page, 'email-attachment');
  await page.getByRole('button', { name: 'Message' }).click();
  await page.getByRole('heading', { name: EMAIL_SUBJECT }).waitFor();
  check(
    'back to the message focuses the attachment',
    await page.getByRole('button', { name: 'Open invoice-7.pdf' }).evaluate((b) => b === document.activeElement),
  );
}

async function checkOversize(page: Page) {
  const big = new Uint8Array(4_687_501);
  big.set(Buffer.from('%PDF-1.7\n'));
  await openInHarness(page, big, 'application/pdf', 'too-big.pdf');
  const alert = page.getByRole('alert').filter({ hasText: 'larger than' });
  await alert.waitFor();
  check(
    'content over the limit is explained',
    (await alert.textContent())?.includes('6,250,000') ?? false,
    (await alert.textContent()) ?? '',
  );
  await shot(page, 'oversize');
}

async function checkLoader(page: Page, pdf: Uint8Array) {
  const seen: { url: string; csrf: string | undefined }[] = [];
  await page.route('**/bff/file?**', async (route) => {
    seen.push({ url: route.request().url(), csrf: route.request().headers()['x-csrf'] });
    await route.fulfill({ status: 200, headers: { 'Content-Type': 'application/pdf' }, body: Buffer.from(pdf) });
  });
  const fileUrl = 'http://localhost:8788/v1/documents/svc:document:0123/file';
  const error = await page.evaluate((u) => window.harness.openFromFileUrl(u), fileUrl);
  await waitForPagePainted(page, 1);
  const request = seen[0];
  check(
    'loader fetches through /bff/file with X-CSRF and the encoded file URL',
    !error && request?.csrf === '1' && new URL(request.url).searchParams.get('url') === fileUrl,
    JSON.stringify(request),
  );
  await page.unroute('**/bff/file?**');
  await page.route('**/bff/file?**', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'Content-Type': 'application/pdf', 'Content-Length': '9000000' },
      body: Buffer.alloc(9_000_000),
    }),
  );
  const tooLarge = await page.evaluate((u) => window.harness.openFromFileUrl(u), fileUrl);
  check(
    'loader refuses a file over the limit with an explanation',
    tooLarge?.includes('6,250,000') ?? false,
    tooLarge ?? 'no error',
  );
  await page.unroute('**/bff/file?**');
}

async function checkDark(page: Page, pdf: Uint8Array) {
  await page.evaluate(() => window.harness.setTheme('dark'));
  await openInHarness(page, pdf, 'application/pdf', 'dark.pdf');
  await waitForPagePainted(page, 1);
  await shot(page, 'pdf-dark');
  await axe(page, 'PDF dark');
  await page.evaluate(() => window.harness.setTheme('light'));
}

await main();
