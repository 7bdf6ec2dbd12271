/**
 * The team in Insights end to end, through two BFF instances on one state store in front of the real embedded
 * service: reviewers confirm and reject runs as the console does (the task through /api, then the hold ends), and
 * `/bff/review/team` answers per reviewer their runs confirmed and rejected, the median and p90 time from taking a run
 * to finishing it (by the BFF's injected clock) and the fields corrected per confirmed run (labels whose value the
 * review changed); each hold counts once. The organization's review settings: admins change them, nobody else.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { NextReview, ReviewHold } from '@/contract/review-holds';
import type { ReviewSettings, ReviewTeam } from '@/contract/review-team';
import { TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';
import { STORE_KINDS } from '@/server/bff/testing/bffs-on-each-store';
import {
  REVIEW_TEST_PASSWORD as PASSWORD,
  reviewHarness,
  signedIn as signIn,
} from '@/server/bff/testing/review-harness';

const MINUTE = 60_000;

const harness = reviewHarness();
/** `count` runs waiting, on documents with two fields. */
const queueOf = async (count: number) =>
  (
    await harness.queueOf(count, (i) => [
      { label: 'total', value: `${i}00.00` },
      { label: 'invoice_number', value: `INV-${i}` },
    ])
  ).agentId;

async function take(browser: TestBrowser, agentId: string): Promise<ReviewHold> {
  const reply = await browser.json('/bff/review/next', 'POST', { agentId });
  expect(reply.status, reply.text).toBe(200);
  const { hold } = reply.json<NextReview>();
  expect(hold).not.toBeNull();
  return hold!;
}

type Entry = { label: string; value: string | null };

/** The task's predictions, as the reviewer found them. */
async function predictionsOf(hold: ReviewHold): Promise<Entry[]> {
  const task = await harness.api.get(`/validations/${hold.validationId}/tasks/${hold.taskId}`);
  const predictions = (task.body.input as { predictions: Entry[] }).predictions;
  expect(predictions.map((p) => p.label).sort()).toEqual(['invoice_number', 'total']);
  return predictions.map(({ label, value }) => ({ label, value }));
}

/**
 * Finishes the held run as the console does: the task succeeds with `edit` applied to the predictions (or fails, for
 * a rejection) through /api, then the hold ends.
 */
async function finish(browser: TestBrowser, hold: ReviewHold, edit: ((fields: Entry[]) => Entry[]) | 'reject') {
  const body =
    edit === 'reject'
      ? { status: 'failed', output: { reason: 'not an invoice' } }
      : { status: 'succeeded', output: { groundTruth: edit(await predictionsOf(hold)) } };
  const done = await browser.json(`/api/validations/${hold.validationId}/tasks/${hold.taskId}`, 'PATCH', body);
  expect(done.status, done.text).toBe(200);
  const ended = await browser.request(`/bff/review/holds/${hold.runId}`, { method: 'DELETE' });
  expect(ended.status, ended.text).toBe(200);
  expect(ended.json<{ returned: boolean }>().returned).toBe(false);
}

const unchanged = (fields: Entry[]) => fields;
const retyped = (label: string, value: string) => (fields: Entry[]) =>
  fields.map((f) => (f.label === label ? { ...f, value } : f));

async function team(browser: TestBrowser, query: Record<string, string>) {
  const reply = await browser.request(`/bff/review/team?${new URLSearchParams(query)}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.json<ReviewTeam>().reviewers;
}

describe.each(STORE_KINDS)('the team in Insights (%s store, two instances)', (kind) => {
  let first: RunningBff;
  let second: RunningBff;
  const clock = { now: Date.parse('2030-03-04T09:00:00.000Z') };
  let ann: TestBrowser;
  let bo: TestBrowser;
  let cy: TestBrowser;
  let viewer: TestBrowser;

  beforeAll(async () => {
    [first, second] = await harness.twoInstances(kind, { reviewHoldMs: 60 * MINUTE, now: () => clock.now });
    ann = await signIn(first, 'ann', 'admin');
    bo = await signIn(second, 'bo', 'reviewer');
    cy = await signIn(first, 'cy', 'reviewer');
    viewer = await signIn(second, 'vi', 'viewer');
  });

  it('counts per reviewer runs confirmed and rejected, time in review and corrections by label, each hold once', async () => {
    const agentId = await queueOf(5);
    const start = new Date(clock.now).toISOString();

    // bo: 1 min, nothing corrected; 3 min, total corrected and a field added (2 labels).
    let hold = await take(bo, agentId);
    clock.now += 1 * MINUTE;
    await finish(bo, hold, unchanged);
    hold = await take(bo, agentId);
    clock.now += 3 * MINUTE;
    await finish(bo, hold, (fields) => [...retyped('total', '999.00')(fields), { label: 'po', value: 'PO-1' }]);
    // cy: 2 min, rejected; 30 s, the invoice number corrected; then 10 min, the invoice number removed.
    hold = await take(cy, agentId);
    clock.now += 2 * MINUTE;
    await finish(cy, hold, 'reject');
    hold = await take(cy, agentId);
    clock.now += MINUTE / 2;
    await finish(cy, hold, retyped('invoice_number', 'INV-X'));
    hold = await take(cy, agentId);
    clock.now += 10 * MINUTE;
    await finish(cy, hold, (fields) => fields.filter((f) => f.label !== 'invoice_number'));
    // Ending an ended hold again, on the other instance, counts nothing.
    expect((await ann.request(`/bff/review/holds/${hold.runId}`, { method: 'DELETE' })).status).toBe(404);

    const figures = await team(viewer, { agentId, after: start });
    expect(figures).toEqual([
      // durations 0.5, 2 and 10 min: median 2 min, p90 = 2 + 0.8 × 8 min; 2 corrections over 2 confirmed runs.
      { reviewer: 'cy', reviewed: 2, rejected: 1, medianMs: 2 * MINUTE, p90Ms: 8.4 * MINUTE, correctionsPerRun: 1 },
      // durations 1 and 3 min: median 2 min, p90 = 1 + 0.9 × 2 min; 0 + 2 corrections over 2 runs.
      { reviewer: 'bo', reviewed: 2, rejected: 0, medianMs: 2 * MINUTE, p90Ms: 2.8 * MINUTE, correctionsPerRun: 1 },
    ]);
    // Both instances answer the same (one shared store), and every agent's figures include this one's.
    expect(await team(ann, { agentId, after: start })).toEqual(figures);
    const everyAgent = await team(ann, { after: start });
    expect(everyAgent.find((r) => r.reviewer === 'cy')).toMatchObject({ reviewed: 2, rejected: 1 });
    // The window: holds that ended from `after` up to `before`.
    expect(await team(ann, { agentId, after: new Date(clock.now + 1).toISOString() })).toEqual([]);
    // Ended at +1, +4, +6 (the rejection), +6.5 and +16.5 min: before +6.5 leaves out cy's two confirmations.
    const before = new Date(clock.now - 10 * MINUTE).toISOString();
    const firstMinutes = await team(ann, { agentId, after: start, before });
    expect(firstMinutes).toEqual([
      expect.objectContaining({ reviewer: 'bo', reviewed: 2 }),
      expect.objectContaining({ reviewer: 'cy', reviewed: 0, rejected: 1, correctionsPerRun: null }),
    ]);
  });

  it('gives a hold given back (its task still in progress) no outcome', async () => {
    const agentId = await queueOf(1);
    const hold = await take(bo, agentId);
    const ended = await bo.request(`/bff/review/holds/${hold.runId}`, { method: 'DELETE' });
    expect(ended.json<{ returned: boolean }>().returned).toBe(true);
    expect(await team(ann, { agentId })).toEqual([]);
  });

  it("keeps an operator limited to named agents to their agents' figures", async () => {
    const mine = await queueOf(1);
    const other = await queueOf(1);
    await finish(bo, await take(bo, mine), unchanged);
    await finish(bo, await take(bo, other), unchanged);
    await first.bff.app.operatorAccounts.add('lim', 'reviewer', PASSWORD, { agents: [mine] });
    const limited = new TestBrowser(first.origin);
    expect((await limited.login('lim', PASSWORD)).status).toBe(200);
    const refused = await limited.request(`/bff/review/team?agentId=${encodeURIComponent(other)}`);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/reviews only agents/);
    expect(await team(limited, { agentId: mine })).toEqual([expect.objectContaining({ reviewer: 'bo', reviewed: 1 })]);
    // Without an agent: theirs only (bo reviewed one run of it), where an admin sees bo's runs of both.
    expect((await team(limited, {})).find((r) => r.reviewer === 'bo')?.reviewed).toBe(1);
    expect((await team(ann, {})).find((r) => r.reviewer === 'bo')?.reviewed).toBeGreaterThanOrEqual(2);
  });

  it('lets an admin set how long a run may wait, refuses others, and names the field of a bad value', async () => {
    const before = await viewer.request('/bff/review/settings');
    expect(before.status, before.text).toBe(200);
    expect(before.json<ReviewSettings>()).toEqual({ maxWaitMinutes: 240, updatedBy: null, updatedTime: null });

    const set = await ann.json('/bff/review/settings', 'PUT', { maxWaitMinutes: 90 });
    expect(set.status, set.text).toBe(200);
    const expected = { maxWaitMinutes: 90, updatedBy: 'ann', updatedTime: new Date(clock.now).toISOString() };
    expect(set.json<ReviewSettings>()).toEqual(expected);
    // The other instance reads the shared store.
    expect((await bo.request('/bff/review/settings')).json<ReviewSettings>()).toEqual(expected);

    for (const browser of [bo, viewer]) {
      const refused = await browser.json('/bff/review/settings', 'PUT', { maxWaitMinutes: 30 });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json<{ message: string }>().message).toMatch(/needs the admin role/);
    }
    for (const maxWaitMinutes of [0, 10_081, 1.5, '60']) {
      const bad = await ann.json('/bff/review/settings', 'PUT', { maxWaitMinutes });
      expect(bad.status, `${maxWaitMinutes}: ${bad.text}`).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(
        /maxWaitMinutes.*must be a whole number of minutes from 1 to 10080/,
      );
    }
    expect((await ann.json('/bff/review/settings', 'PUT', { maxWaitMinutes: 60, extra: 1 })).status).toBe(400);
    expect((await viewer.request('/bff/review/settings')).json<ReviewSettings>().maxWaitMinutes).toBe(90);
    const audit = (await ann.request('/bff/audit?operator=ann')).json<{ entries: { path: string }[] }>().entries;
    expect(audit.map((e) => e.path)).toContain('/bff/review/settings?maxWaitMinutes=90');
  });
});
