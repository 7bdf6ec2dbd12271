/**
 * Issue 36, the team in Insights: two reviewers, each in a browser context of their own, confirm runs of one queue;
 * the agent's Insights then list both in the Team card with their counts, and the runs page says how long the oldest
 * run left has been waiting for review. An agent nobody reviewed says what to do instead.
 */
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './helpers/a11y';
import { createReviewAgent, seedReviewQueue } from './helpers/review-queue';
import { reviewerName, signedInReviewer, type Reviewer } from './helpers/review-team';

const enc = encodeURIComponent;

/** Element screenshots for a person to look at, only when asked for (`E2E_SHOTS_DIR`). */
async function shot(locator: Locator, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await locator.screenshot({ path: join(dir, `${name}.png`) });
}

/** Confirms `count` runs of the agent's queue, one after the other, then gives the next one back (leaves review). */
async function confirmRuns({ page }: Reviewer, agentId: string, count: number) {
  await page.goto(`/runs/review?agentId=${enc(agentId)}`);
  const confirm = page.getByRole('button', { name: 'Confirm' });
  for (let i = 0; i < count; i++) {
    await expect(confirm).toBeVisible({ timeout: 20_000 });
    const runId = new URL(page.url()).searchParams.get('runId');
    await confirm.click();
    await page.waitForURL((url) => url.searchParams.get('runId') !== runId);
  }
}

test('two reviewers confirm runs; the Team card lists both with their counts, the runs page the oldest wait', async ({
  browser,
  page,
  api,
  unique,
}) => {
  test.setTimeout(120_000);
  const { agentId } = await seedReviewQueue(api, unique('teamfig'), 7);
  const first = await signedInReviewer(browser, reviewerName('ana-with-a-rather-long-reviewer-name', unique));
  const second = await signedInReviewer(browser, reviewerName('ben', unique));
  await confirmRuns(first, agentId, 2);
  await first.context.close();
  await confirmRuns(second, agentId, 3);
  await second.context.close();

  await page.goto(`/insights/${enc(agentId)}?window=24h`);
  const card = page.getByRole('region', { name: 'Team', exact: true });
  await expect(card.getByRole('heading', { name: 'Team' })).toBeVisible();
  const rowOf = (name: string) => card.getByRole('row', { name: new RegExp(`^${name}`) });
  await expect(rowOf(second.name).getByRole('cell').nth(0)).toHaveText('3');
  await expect(rowOf(first.name).getByRole('cell').nth(0)).toHaveText('2');
  // Most runs first; nobody rejected; nothing was corrected (Confirm as predicted).
  await expect(card.getByRole('row').nth(1)).toContainText(second.name);
  await expect(rowOf(first.name).getByRole('cell').nth(1)).toHaveText('0');
  await expect(rowOf(first.name).getByRole('cell').nth(4)).toHaveText('0.0');
  await expect(page.getByTestId('oldest-waiting')).toContainText(/Oldest waiting \d+ (s|min)/);
  await expectAccessible(page);
  await shot(card, 'team-card');

  await page.goto(`/runs?agent=${enc(agentId)}&refresh=0`);
  await expect(page.getByRole('link', { name: /^Review \(\d+\)/ })).toBeVisible();
  const oldest = page.getByTestId('oldest-waiting');
  await expect(oldest).toContainText(/Oldest waiting \d+ (s|min)/);
  await expect(oldest).not.toContainText('over the');
  await shot(page.locator('.runs-bar'), 'runs-bar');

  // An agent nobody reviewed: the card says what to do.
  const idle = await createReviewAgent(api, unique('teamidle'));
  await page.goto(`/insights/${enc(idle.agentId)}?window=24h`);
  const idleCard = page.getByRole('region', { name: 'Team', exact: true });
  await expect(idleCard.getByText('No reviews finished in this window')).toBeVisible();
  await expect(idleCard.getByText(/Runs → Review/)).toBeVisible();
  await expect(page.getByText('No run waits for review now')).toBeVisible();
  await shot(idleCard, 'team-card-empty');
});
