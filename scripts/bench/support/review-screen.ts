import type { Locator, Page } from 'playwright-core';

/** Milliseconds from the click to each step of showing a run. */
export type Steps = { opened: number; fields: number; page: number; shown: number };

/**
 * The run the screen should come to: a named one, or (a shared queue, where the service picks) any run but the one
 * being left, its invoice number field holding `values[runId]`.
 */
export type ExpectedRun = { runId: string; value: string } | { leaving: string; values: Record<string, string> };

/**
 * Arms a watcher in the page, then runs `act`: resolves with the milliseconds from `act` until the review screen
 * shows the expected run (opened: in the URL), its invoice number field holds the run's value (fields), page 1 is
 * painted (page), and both (shown), each once the frame after the change is painted. Resolves with null when
 * `otherwise` (an end-of-queue or refusal screen) shows first. A string, not a function: tsx's name helpers
 * (__name) do not exist in the page.
 */
export async function timeUntilShown(
  page: Page,
  expected: ExpectedRun,
  act: () => Promise<void>,
  otherwise?: Locator,
): Promise<Steps | null> {
  const values = 'runId' in expected ? { [expected.runId]: expected.value } : expected.values;
  const leaving = 'leaving' in expected ? expected.leaving : null;
  await page.evaluate(`(() => {
    const marks = (window.__reviewBench = { t0: 0, steps: {}, seen: {} });
    const values = ${JSON.stringify(values)};
    const leaving = ${JSON.stringify(leaving)};
    const current = () => new URLSearchParams(location.search).get('runId');
    const checks = {
      opened: () => current() !== leaving && Object.hasOwn(values, current() ?? ''),
      fields: () => checks.opened() && document.querySelector('.review-main input[aria-label="Value of invoice_number"]')?.value === values[current()],
      page: () => checks.opened() && !!document.querySelector('.review-main .dv-page[data-page-number="1"] .dv-page-canvas canvas'),
    };
    checks.shown = () => checks.fields() && checks.page();
    const observer = new MutationObserver(() => {
      for (const [step, check] of Object.entries(checks)) {
        if (marks.seen[step] || !check()) continue;
        marks.seen[step] = true;
        requestAnimationFrame(() => setTimeout(() => { marks.steps[step] = Math.round(performance.now() - marks.t0); }));
      }
      if (marks.seen.shown) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  })()`);
  await page.evaluate('window.__reviewBench.t0 = performance.now()');
  await act();
  const shown = page
    .waitForFunction('window.__reviewBench.steps.shown > 0', undefined, { timeout: 60_000 })
    .then(() => true);
  const ended = otherwise?.waitFor({ timeout: 60_000 }).then(() => false);
  if (!(await (ended ? Promise.race([shown, ended]) : shown))) {
    shown.catch(() => undefined);
    return null;
  }
  ended?.catch(() => undefined);
  const steps = (await page.evaluate('window.__reviewBench.steps')) as Partial<Steps>;
  return { opened: steps.opened ?? 0, fields: steps.fields ?? 0, page: steps.page ?? 0, shown: steps.shown ?? 0 };
}
