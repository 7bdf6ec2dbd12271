/**
 * Issue 36: review as a team. Reviewers in browser contexts of their own drain one queue together — each run reviewed
 * exactly once, none of them ever shown a run another holds; a hold names its holder and an admin can take it over;
 * a fresh install's demo queue can be reviewed to the end; a tab closed mid-review gives its run back at once; a hold
 * nobody keeps alive goes back to the queue after the hold time.
 */
import type { Browser, Page } from '@playwright/test';
import type { AgentRun } from '@/contract';
import { expect, test } from './support/fixtures';
import { startFreshProduct, type FreshProduct } from './helpers/fresh-product';
import { seedReviewQueue } from './helpers/review-queue';
import { reviewerName, signedInReviewer, type Reviewer } from './helpers/review-team';

const reviewUrl = (agentId: string) => `/runs/review?agentId=${encodeURIComponent(agentId)}`;
const runIdOf = (page: Page) => new URL(page.url()).searchParams.get('runId');

/**
 * One reviewer's sitting, Confirm after Confirm until the end of the queue. Fails if a run is shown that another
 * reviewer was given, or if any screen but a run to review or the end of the queue appears.
 */
async function drain(reviewer: Reviewer, agentId: string, reviewedBy: Map<string, string>) {
  const { page } = reviewer;
  await page.goto(reviewUrl(agentId));
  const confirm = page.getByRole('button', { name: 'Confirm' });
  const end = page.getByRole('heading', { name: /^(All done|No runs wait for review)/ });
  const refused = page.getByRole('heading', { name: /reviewing this run|already reviewed|cannot be reviewed/ });
  for (;;) {
    await expect(confirm.or(end).or(refused)).toBeVisible({ timeout: 20_000 });
    await expect(refused).toHaveCount(0);
    if (await end.isVisible()) return;
    const runId = runIdOf(page)!;
    expect(reviewedBy.get(runId), `${reviewer.name} was given ${runId}`).toBeUndefined();
    reviewedBy.set(runId, reviewer.name);
    await confirm.click();
    await page.waitForURL((url) => url.searchParams.get('runId') !== runId);
  }
}

async function team(browser: Browser, size: number, unique: (prefix: string) => string) {
  return Promise.all(
    Array.from({ length: size }, (_, i) => signedInReviewer(browser, reviewerName(`rev${i}`, unique))),
  );
}

for (const size of [2, 3]) {
  test(`${size} reviewers drain one queue of 12 together, each run reviewed once, none shown a run another holds`, async ({
    browser,
    api,
    unique,
  }) => {
    test.setTimeout(120_000);
    const { agentId, runs } = await seedReviewQueue(api, unique(`team${size}`), 12);
    const reviewers = await team(browser, size, unique);
    const reviewedBy = new Map<string, string>();
    await Promise.all(reviewers.map((reviewer) => drain(reviewer, agentId, reviewedBy)));

    expect([...reviewedBy.keys()].sort()).toEqual(runs.map(({ run }) => run.runId).sort());
    // Everyone took part: the queue is shared, not raced.
    expect(new Set(reviewedBy.values()).size).toBe(size);
    for (const { run } of runs) {
      await expect
        .poll(async () => (await api.get<AgentRun>(`/agents/${agentId}/runs/${run.runId}`)).status)
        .toBe('review-completed');
    }
    for (const reviewer of reviewers) {
      await expect(reviewer.page.getByRole('heading', { name: /^All done: \d+ runs? reviewed/ })).toBeVisible();
      await reviewer.context.close();
    }
  });
}

test('a held run names its holder and since when; an admin can take it over', async ({
  browser,
  page,
  api,
  unique,
}) => {
  const { agentId, runs } = await seedReviewQueue(api, unique('held'), 2);
  const [first] = runs;
  const ann = await signedInReviewer(browser, reviewerName('ann', unique));
  await ann.page.goto(reviewUrl(agentId));
  await expect(ann.page).toHaveURL(new RegExp(`runId=${encodeURIComponent(first.run.runId)}`));
  await expect(ann.page.getByText(/held by you since \d\d:\d\d/)).toBeVisible();

  // The admin opening the queue gets the other run; the queue says who reviews the first.
  await page.goto(reviewUrl(agentId));
  await expect(page).toHaveURL(new RegExp(`runId=${encodeURIComponent(runs[1].run.runId)}`));
  const inReview = page.getByRole('list', { name: 'Runs in review' });
  await expect(inReview.getByRole('link', { name: new RegExp(`${ann.name}.*since \\d\\d:\\d\\d`) })).toBeVisible();

  // Opened on purpose, it says who has it; the admin takes it over, and ann's screen says her hold ended.
  await inReview.getByRole('link', { name: new RegExp(ann.name) }).click();
  await expect(page.getByRole('heading', { name: `${ann.name} is reviewing this run` })).toBeVisible();
  await expect(page.getByText(new RegExp(`Held by ${ann.name} since \\d\\d:\\d\\d`))).toBeVisible();
  await page.getByRole('button', { name: 'Take it over' }).click();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeVisible();
  await expect(page.getByText(/held by you since/)).toBeVisible();
  // Ann's tab learns it from the team's list, asked again every 10 s.
  await expect(ann.page.getByRole('heading', { name: 'Your hold on this run has ended' })).toBeVisible({
    timeout: 25_000,
  });
  await ann.context.close();
});

test.describe('on a fresh install with a short hold', () => {
  test.describe.configure({ mode: 'serial' });
  let product: FreshProduct;
  // 15 s: long enough for a reviewer at work, short enough to watch a hold expire.
  const HOLD_MINUTES = 0.25;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    product = await startFreshProduct({ DPS_REVIEW_HOLD_MINUTES: String(HOLD_MINUTES) });
  });
  test.afterAll(async () => {
    await product?.stop();
  });

  const demoReviewer = (browser: Browser, name: string) =>
    signedInReviewer(browser, name, { baseURL: product.origin, dataDir: product.dataDir });

  test("the demo's review queue is reviewed to All done", async ({ browser }) => {
    test.setTimeout(180_000);
    const reviewer = await demoReviewer(browser, 'demo-reviewer');
    const { page } = reviewer;
    await page.goto('/runs');
    const review = page.getByRole('link', { name: /^Review \((\d+)\)$/ });
    await expect(review).toHaveText(/Review \([1-9]\d*\)/);
    const waiting = Number(/\d+/.exec((await review.textContent()) ?? '')?.[0]);
    await review.click();
    const confirm = page.getByRole('button', { name: 'Confirm' });
    const end = page.getByRole('heading', { name: /^All done/ });
    const moreCame = page.getByRole('button', { name: /^Review the next run/ });
    let reviewed = 0;
    while (reviewed < waiting) {
      await expect(confirm.or(end)).toBeVisible({ timeout: 20_000 });
      if (await end.isVisible()) {
        // The demo's run left in review (by nobody in this console) comes back once its hold time has passed.
        await moreCame.click({ timeout: 40_000 });
        continue;
      }
      const runId = runIdOf(page);
      await confirm.click();
      reviewed++;
      await page.waitForURL((url) => url.searchParams.get('runId') !== runId);
    }
    await expect(end).toBeVisible();
    // Every run the button counted, the one the demo left in review included (given back after the hold time).
    await expect(end).toHaveText(`All done: ${waiting} ${waiting === 1 ? 'run' : 'runs'} reviewed`);
    await page.goto('/runs');
    await expect(page.getByRole('link', { name: 'Review (0)' })).toBeVisible();
    await reviewer.context.close();
  });

  test('a tab closed mid-review gives its run back at once; a hold nobody keeps alive goes back after the hold time', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = await browser.newContext({ baseURL: product.origin, storageState: { cookies: [], origins: [] } });
    const adminPage = await admin.newPage();
    await adminPage.goto(product.launchLink);
    const api = async (path: string, init?: { method: string; body: unknown }) => {
      const answer = await adminPage.request.fetch(`/api${path}`, {
        method: init?.method ?? 'GET',
        headers: { 'X-CSRF': '1', 'Content-Type': 'application/json' },
        data: init ? JSON.stringify(init.body) : undefined,
      });
      expect(answer.ok(), await answer.text()).toBe(true);
      return (await answer.json()) as Record<string, unknown>;
    };
    // A queue of two of its own.
    const model = await api('/models', {
      method: 'POST',
      body: { name: 'm', fieldConfig: { total: { type: 'amount' } } },
    });
    const validation = await api('/validations', {
      method: 'POST',
      body: { name: 'v', config: { rules: [{ type: 'confidenceThreshold', threshold: 1 }] } },
    });
    const agent = await api('/agents', {
      method: 'POST',
      body: { name: 'hold test', resourceIds: [model.modelId, validation.validationId] },
    });
    const agentId = String(agent.agentId);
    for (const name of ['a', 'b']) {
      const document = await api('/documents', {
        method: 'POST',
        body: { name, groundTruth: [{ label: 'total', value: '1' }] },
      });
      await api(`/agents/${agentId}/runs`, { method: 'POST', body: { documentId: document.documentId } });
    }
    const status = async (runId: string) => String((await api(`/agents/${agentId}/runs/${runId}`)).status);

    const closing = await demoReviewer(browser, 'closes-tab');
    await closing.page.goto(reviewUrl(agentId));
    await expect(closing.page.getByRole('button', { name: 'Confirm' })).toBeVisible();
    const closedRun = runIdOf(closing.page)!;
    expect(await status(closedRun)).toBe('review-in-progress');
    await closing.page.close({ runBeforeUnload: true });
    // Back at once: well before the hold time.
    await expect.poll(() => status(closedRun), { timeout: 5_000 }).toBe('ready-for-review');

    const leaving = await demoReviewer(browser, 'walks-away');
    await leaving.page.goto(reviewUrl(agentId));
    await expect(leaving.page.getByRole('button', { name: 'Confirm' })).toBeVisible();
    const abandoned = runIdOf(leaving.page)!;
    // The tab stays open, but nobody uses it: after the hold time the run goes back, and the tab says so.
    await expect(leaving.page.getByRole('heading', { name: 'Your hold on this run has ended' })).toBeVisible({
      timeout: 60_000,
    });
    await expect.poll(() => status(abandoned), { timeout: 5_000 }).toBe('ready-for-review');
    await leaving.context.close();
    await closing.context.close();
    await admin.close();
  });
});
