/**
 * Checks of the document viewer that look at pixels and behaviour, not only the DOM. Written against plain Playwright
 * pages so the viewer harness (scripts/viewer-harness/check.ts) and the e2e specs share them.
 */
import type { Locator, Page } from 'playwright-core';

/**
 * Share of the element's on-screen pixels that are ink (clearly darker or more colourful than paper): a blank or
 * unpainted page gives ≈0. Reads a real screenshot, decoded in the page.
 */
export async function inkRatio(page: Page, target: Locator): Promise<number> {
  const png = (await target.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    // An <img> rather than fetch(data:…): the console's CSP allows data: images but not data: connections.
    const bitmap = new Image();
    bitmap.src = `data:image/png;base64,${data}`;
    await bitmap.decode();
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const { data: px } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    let ink = 0;
    let total = 0;
    for (let i = 0; i < px.length; i += 16) {
      const [r, g, b] = [px[i], px[i + 1], px[i + 2]];
      total++;
      if (Math.min(r, g, b) < 200 || Math.max(r, g, b) - Math.min(r, g, b) > 40) ink++;
    }
    return total ? ink / total : 0;
  }, png);
}

export const viewerPage = (page: Page, pageNumber: number) =>
  page.locator(`.dv-page[data-page-number="${pageNumber}"]`);

/** Waits until the page (1-based) has its canvas painted. */
export async function waitForPagePainted(page: Page, pageNumber: number, timeout = 15_000) {
  await viewerPage(page, pageNumber).locator('.dv-page-canvas canvas').waitFor({ state: 'attached', timeout });
}

/** Page canvases alive now (thumbnails excluded) and thumbnail canvases. */
export async function liveCanvasCount(page: Page): Promise<{ pages: number; thumbnails: number }> {
  return page.evaluate(() => ({
    pages: document.querySelectorAll('.dv-page canvas').length,
    thumbnails: document.querySelectorAll('.dv-thumb canvas').length,
  }));
}

/**
 * Scrolls the viewer from top to bottom in viewport-sized steps, waiting for the pages in view to paint, and returns
 * the most page canvases that were alive at once.
 */
export async function maxCanvasesWhileScrolling(
  page: Page,
  steps = 40,
): Promise<{ maxPages: number; maxThumbnails: number; scrolledTo: number }> {
  let maxPages = 0;
  let maxThumbnails = 0;
  let scrolledTo = 0;
  for (let i = 0; i <= steps; i++) {
    scrolledTo = await page.evaluate((fraction) => {
      const el = document.querySelector<HTMLElement>('.dv-scroller')!;
      el.scrollTop = fraction * (el.scrollHeight - el.clientHeight);
      return el.scrollTop;
    }, i / steps);
    await page.waitForTimeout(120);
    const counts = await liveCanvasCount(page);
    maxPages = Math.max(maxPages, counts.pages);
    maxThumbnails = Math.max(maxThumbnails, counts.thumbnails);
  }
  return { maxPages, maxThumbnails, scrolledTo };
}

/** Drags the mouse across the text-layer span that contains `text` on the given page, selecting it for real. */
export async function selectTextOnPage(page: Page, pageNumber: number, text: string) {
  const span = viewerPage(page, pageNumber).locator('.textLayer span', { hasText: text }).first();
  await span.scrollIntoViewIfNeeded();
  const box = await span.boundingBox();
  if (!box) throw new Error(`No text "${text}" in the text layer of page ${pageNumber}`);
  await page.mouse.move(box.x + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  return page.evaluate(() => document.getSelection()?.toString() ?? '');
}

/** Records long tasks (> 50 ms) from now on; `stop()` returns the longest, in ms (0 when there was none). */
export async function startLongTaskRecorder(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __longTaskObserver?: PerformanceObserver };
    w.__longTasks = [];
    w.__longTaskObserver?.disconnect();
    w.__longTaskObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    });
    w.__longTaskObserver.observe({ type: 'longtask' });
  });
  return {
    stop: () =>
      page.evaluate(() => {
        const w = window as unknown as { __longTasks: number[]; __longTaskObserver?: PerformanceObserver };
        w.__longTaskObserver?.disconnect();
        return { longest: Math.round(Math.max(0, ...w.__longTasks)), count: w.__longTasks.length };
      }),
  };
}

/** Milliseconds between two performance marks of the page (the latest of each). */
export async function msBetweenMarks(page: Page, from: string, to: string): Promise<number | null> {
  return page.evaluate(
    ([a, b]) => {
      const start = performance.getEntriesByName(a).at(-1);
      const end = performance.getEntriesByName(b).at(-1);
      return start && end ? Math.round(end.startTime - start.startTime) : null;
    },
    [from, to] as const,
  );
}

/**
 * Watches a page for what an email must never do: requests to `remoteHost`, and messages its scripts or event
 * handlers would post to the parent. Call before the email opens.
 */
export async function watchEmailLeaks(page: Page, remoteHost: string) {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === remoteHost) requests.push(request.url());
  });
  await page.evaluate(() => {
    const w = window as unknown as { __frameMessages: string[] };
    w.__frameMessages = [];
    window.addEventListener('message', (event) => w.__frameMessages.push(String(event.data)));
  });
  return {
    requests,
    messages: () => page.evaluate(() => (window as unknown as { __frameMessages: string[] }).__frameMessages),
  };
}
