/**
 * Review holds end to end through two BFF instances on one state store, in front of the real embedded service:
 * reviewers draining one queue together each get different runs and review each exactly once; a hold names its
 * holder; a hold not kept alive goes back to the queue once, whichever instance notices; an admin can release or
 * take over a hold, in the audit log with who.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { NextReview, ReviewHold, ReviewHoldList, ReviewRefusalBody } from '@/contract/review-holds';
import { TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';
import { STORE_KINDS } from '@/server/bff/testing/bffs-on-each-store';
import {
  REVIEW_TEST_PASSWORD as PASSWORD,
  reviewHarness,
  signedIn as signIn,
} from '@/server/bff/testing/review-harness';

const HOLD_MS = 15 * 60_000;

const harness = reviewHarness();
const queueOf = (count: number) => harness.queueOf(count);

const next = async (browser: TestBrowser, agentId: string, skip: string[] = []) => {
  const reply = await browser.json('/bff/review/next', 'POST', { agentId, skip });
  expect(reply.status, reply.text).toBe(200);
  return reply.json<NextReview>();
};

const holdsOf = async (browser: TestBrowser, agentId: string) => {
  const reply = await browser.request(`/bff/review/holds?agentId=${encodeURIComponent(agentId)}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.json<ReviewHoldList>();
};

/** Confirms the held run as the console does: the task succeeds through /api, then the hold ends. */
async function confirm(browser: TestBrowser, hold: ReviewHold) {
  const done = await browser.json(`/api/validations/${hold.validationId}/tasks/${hold.taskId}`, 'PATCH', {
    status: 'succeeded',
    output: { groundTruth: [] },
  });
  expect(done.status, done.text).toBe(200);
  const ended = await browser.request(`/bff/review/holds/${hold.runId}`, { method: 'DELETE' });
  expect(ended.status, ended.text).toBe(200);
  expect(ended.json<{ returned: boolean }>().returned).toBe(false);
}

const runStatus = async (agentId: string, runId: string) =>
  (await harness.api.get(`/agents/${agentId}/runs/${runId}`)).body.status as string;

describe.each(STORE_KINDS)('review holds (%s store, two instances)', (kind) => {
  let first: RunningBff;
  let second: RunningBff;
  const clock = { now: Date.now() };
  let ann: TestBrowser;
  let bo: TestBrowser;
  let cy: TestBrowser;
  let di: TestBrowser;
  let viewer: TestBrowser;

  beforeAll(async () => {
    [first, second] = await harness.twoInstances(kind, { reviewHoldMs: HOLD_MS, now: () => clock.now });
    ann = await signIn(first, 'ann', 'admin');
    bo = await signIn(second, 'bo', 'reviewer');
    cy = await signIn(first, 'cy', 'reviewer');
    di = await signIn(second, 'di', 'reviewer');
    viewer = await signIn(first, 'vi', 'viewer');
  });

  it('four reviewers draining one queue of 12 together each get different runs, every run reviewed once', async () => {
    const { agentId, runIds } = await queueOf(12);
    const reviewedBy = new Map<string, string>();
    const drain = async (name: string, browser: TestBrowser) => {
      for (;;) {
        const { hold } = await next(browser, agentId);
        if (!hold) return;
        expect(hold.holder).toBe(name);
        expect(hold.mine).toBe(true);
        expect(reviewedBy.has(hold.runId), `${hold.runId} given to ${name} after ${reviewedBy.get(hold.runId)}`).toBe(
          false,
        );
        reviewedBy.set(hold.runId, name);
        await confirm(browser, hold);
      }
    };
    await Promise.all([drain('ann', ann), drain('bo', bo), drain('cy', cy), drain('di', di)]);
    expect([...reviewedBy.keys()].sort()).toEqual([...runIds].sort());
    expect(new Set(reviewedBy.values()).size).toBeGreaterThan(1);
    for (const runId of runIds) expect(await runStatus(agentId, runId)).toBe('review-completed');
  });

  it('names the holder to everyone and refuses the run to others, saying who has it or who reviewed it', async () => {
    const { agentId, runIds } = await queueOf(2);
    const { hold } = await next(ann, agentId);
    expect(hold?.runId).toBe(runIds[0]);
    const seenByBo = await holdsOf(bo, agentId);
    expect(seenByBo.holds).toEqual([expect.objectContaining({ runId: runIds[0], holder: 'ann', mine: false })]);
    expect(seenByBo.holdMs).toBe(HOLD_MS);

    const refused = await bo.json('/bff/review/holds', 'POST', { agentId, runId: runIds[0] });
    expect(refused.status).toBe(409);
    expect(refused.json<ReviewRefusalBody>()).toMatchObject({ reason: 'held', by: 'ann' });
    // The next run for bo is the other one, never ann's.
    expect((await next(bo, agentId)).hold?.runId).toBe(runIds[1]);

    await confirm(ann, hold!);
    const reviewed = await cy.json('/bff/review/holds', 'POST', { agentId, runId: runIds[0] });
    expect(reviewed.status).toBe(409);
    expect(reviewed.json<ReviewRefusalBody>()).toMatchObject({ reason: 'reviewed', by: 'ann' });
    expect(reviewed.json<ReviewRefusalBody>().at).toEqual(expect.any(String));
  });

  it('gives a hold not kept alive back to the queue once, whichever instance notices', async () => {
    const { agentId, runIds } = await queueOf(2);
    const { hold: kept } = await next(bo, agentId);
    const { hold: abandoned } = await next(cy, agentId);
    clock.now += HOLD_MS / 2;
    const alive = await bo.request(`/bff/review/holds/${kept!.runId}/keep-alive`, { method: 'POST' });
    expect(alive.status, alive.text).toBe(200);
    // Nobody but the holder keeps a hold alive.
    expect((await di.request(`/bff/review/holds/${kept!.runId}/keep-alive`, { method: 'POST' })).status).toBe(404);
    clock.now += HOLD_MS / 2 + 1_000;

    // Both instances look at once: the abandoned run goes back, bo's stays his.
    const [seenFirst, seenSecond] = await Promise.all([holdsOf(ann, agentId), holdsOf(bo, agentId)]);
    for (const seen of [seenFirst, seenSecond]) expect(seen.holds.map((h) => h.runId)).toEqual([kept!.runId]);
    expect(await runStatus(agentId, abandoned!.runId)).toBe('ready-for-review');
    expect(await runStatus(agentId, kept!.runId)).toBe('review-in-progress');
    const audit = (await ann.request(`/bff/audit?operator=${encodeURIComponent('cy (hold expired after 15 min)')}`))
      .json<{ entries: { path: string; status: number }[] }>()
      .entries.filter((entry) => entry.path.endsWith(abandoned!.taskId));
    expect(audit).toHaveLength(1);
    expect(audit[0].status).toBe(200);
    expect(runIds).toContain(abandoned!.runId);
  });

  it('lets an admin release or take over a hold, audited with who; refuses that to a reviewer', async () => {
    const { agentId } = await queueOf(2);
    const { hold: bos } = await next(bo, agentId);
    const { hold: cys } = await next(cy, agentId);
    expect((await di.request(`/bff/review/holds/${bos!.runId}`, { method: 'DELETE' })).status).toBe(403);
    expect((await di.request(`/bff/review/holds/${bos!.runId}/take-over`, { method: 'POST' })).status).toBe(403);

    const released = await ann.request(`/bff/review/holds/${bos!.runId}`, { method: 'DELETE' });
    expect(released.status, released.text).toBe(200);
    expect(released.json<{ returned: boolean }>().returned).toBe(true);
    expect(await runStatus(agentId, bos!.runId)).toBe('ready-for-review');

    const taken = await ann.request(`/bff/review/holds/${cys!.runId}/take-over`, { method: 'POST' });
    expect(taken.json<ReviewHold>()).toMatchObject({ holder: 'ann', mine: true });
    expect((await cy.request(`/bff/review/holds/${cys!.runId}/keep-alive`, { method: 'POST' })).status).toBe(404);

    const entries = (await ann.request('/bff/audit?operator=ann')).json<{ entries: { path: string }[] }>().entries;
    expect(entries.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        `/bff/review/holds/${bos!.runId}?holder=bo`,
        `/bff/review/holds/${cys!.runId}/take-over?from=cy`,
      ]),
    );
  });

  it("keeps a reviewer limited to named agents out of the other agents' queues", async () => {
    const mine = await queueOf(1);
    const other = await queueOf(1);
    await first.bff.app.operatorAccounts.add('lim', 'reviewer', PASSWORD, { agents: [mine.agentId] });
    const limited = new TestBrowser(first.origin);
    expect((await limited.login('lim', PASSWORD)).status).toBe(200);
    expect((await next(limited, mine.agentId)).hold?.runId).toBe(mine.runIds[0]);
    for (const reply of [
      await limited.json('/bff/review/next', 'POST', { agentId: other.agentId }),
      await limited.json('/bff/review/holds', 'POST', { agentId: other.agentId, runId: other.runIds[0] }),
      await limited.request(`/bff/review/holds?agentId=${encodeURIComponent(other.agentId)}`),
    ]) {
      expect(reply.status, reply.text).toBe(403);
      expect(reply.json<{ message: string }>().message).toMatch(/reviews only agents/);
    }
    expect(await runStatus(other.agentId, other.runIds[0])).toBe('ready-for-review');
  });

  it('refuses a viewer every review write', async () => {
    const { agentId, runIds } = await queueOf(1);
    expect((await viewer.json('/bff/review/next', 'POST', { agentId })).status).toBe(403);
    expect((await viewer.json('/bff/review/holds', 'POST', { agentId, runId: runIds[0] })).status).toBe(403);
    expect((await holdsOf(viewer, agentId)).holds).toEqual([]);
  });
});
