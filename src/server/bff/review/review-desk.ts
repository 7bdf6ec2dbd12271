/**
 * Review as a team (issue 36): one queue per agent shared by every reviewer, each run held by one operator at a time.
 *
 * A hold is recorded in the BFF's shared state store (who, since when, last sign of life) and its validation task is
 * taken at the service (`in-progress`), in that order: the store decides between operators of this console (an
 * atomic claim, whichever instance they reach), the service between this console and any other client (409). A hold
 * ends when its holder finishes or gives the run back, when an admin releases it, or when its tab has not kept it
 * alive for the hold time: then whichever instance notices first removes it (atomically, so once) and gives the task
 * back to `ready`.
 */
import { LRUCache } from 'lru-cache';
import type { AuditLog } from '@/server/bff/audit/audit-log';
import type { ReviewHold, ReviewRefusalBody } from '@/contract/review-holds';
import type { ReviewHoldStore, StoredReviewHold } from './review-hold-store';
import type { ReviewOutcomeStore } from './review-outcome-store';
import { correctedLabels } from './review-team';
import { ReviewServiceError, type ReviewServiceCalls, type RunReviewRefs } from './review-service-calls';

/** The operator acting, as the audit log records them. */
export interface ReviewActor {
  accountId: string;
  name: string;
  requestId?: string;
  issuer?: string;
  subject?: string;
}

export interface ReviewDeskOptions {
  holdMs: number;
  now: () => number;
  onError: (message: string, error: unknown) => void;
  /** Where a hold that ended with its task finished is recorded (the team in Insights). */
  outcomes?: ReviewOutcomeStore;
}

const WAITING = 'ready-for-review';
const IN_REVIEW = 'review-in-progress';
/** Where a run goes once its review is done (the lifecycle of DESIGN.md §4). */
const REVIEWED = new Set(['review-completed', 'pending-export', 'exported', 'completed']);
/** Waiting runs `next` looks through (pages of 100) before it says nothing is left. */
const MAX_PAGES = 10;

export type TakeResult = { hold: StoredReviewHold } | { refusal: ReviewRefusalBody };

const isoOf = (ms: number) => new Date(ms).toISOString();
const isSuccess = (status: number) => status >= 200 && status < 300;

export class ReviewDesk {
  /** A run's validation task and document never change: remembered instead of asked again at each take. */
  private readonly refsCache = new LRUCache<string, RunReviewRefs>({ max: 10_000 });

  constructor(
    private readonly store: ReviewHoldStore,
    private readonly calls: ReviewServiceCalls,
    private readonly audit: AuditLog,
    private readonly options: ReviewDeskOptions,
  ) {}

  now(): number {
    return this.options.now();
  }

  get holdMs(): number {
    return this.options.holdMs;
  }

  /** A tab in use says so this often: three times per hold time, at most once a minute. */
  get keepAliveMs(): number {
    return Math.max(1_000, Math.min(60_000, Math.floor(this.options.holdMs / 3)));
  }

  view(hold: StoredReviewHold, viewer: { accountId: string }): ReviewHold {
    return {
      runId: hold.runId,
      agentId: hold.agentId,
      validationId: hold.validationId,
      taskId: hold.taskId,
      documentId: hold.documentId,
      holder: hold.holderName,
      mine: hold.holderAccountId === viewer.accountId,
      since: isoOf(hold.since),
      keptAliveAt: isoOf(hold.keptAliveAt),
      expiresAt: isoOf(hold.keptAliveAt + this.options.holdMs),
    };
  }

  /** The oldest waiting run of the agent nobody holds (other than `skip`), taken for `actor`. */
  async next(agentId: string, skip: ReadonlySet<string>, actor: ReviewActor) {
    // Only this console's holds here (no service call): runs in review outside it are seen to by the team's list.
    await this.expireHolds();
    const held = new Set((await this.store.list(agentId)).map((hold) => hold.runId));
    let untasked = 0;
    let nextToken: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const listed = await this.calls.runs(agentId, WAITING, nextToken, actor.requestId);
      for (const run of listed.runs) {
        if (skip.has(run.runId) || held.has(run.runId)) continue;
        const outcome = await this.tryTake(agentId, run.runId, actor);
        if (outcome === 'no-task') untasked++;
        if (typeof outcome === 'object') return { hold: outcome, untasked };
      }
      nextToken = listed.nextToken;
      if (!nextToken) break;
    }
    return { hold: null, untasked };
  }

  /** One named run for `actor`: their hold (kept alive), or why it cannot be theirs now. */
  async take(agentId: string, runId: string, actor: ReviewActor): Promise<TakeResult> {
    await this.expireHolds(agentId);
    const existing = await this.store.get(runId);
    if (existing && existing.agentId === agentId) {
      if (existing.holderAccountId !== actor.accountId) {
        return { refusal: heldRefusal(existing.holderName, existing.since) };
      }
      const kept = await this.retake(existing, actor);
      if (kept) return { hold: kept };
    }
    const run = await this.calls.run(agentId, runId, actor.requestId);
    if (run.status === IN_REVIEW) return { refusal: heldRefusal(null, Date.parse(run.updatedTime ?? '') || null) };
    if (run.status !== WAITING) return { refusal: await this.notWaitingRefusal(agentId, run.runId, run.status) };
    const outcome = await this.tryTake(agentId, runId, actor);
    if (typeof outcome === 'object') return { hold: outcome };
    if (outcome === 'no-task') {
      return {
        refusal: {
          message: 'This run names no validation task, so it cannot be reviewed here',
          reason: 'no-task',
          by: null,
          at: null,
          status: run.status,
        },
      };
    }
    const winner = await this.store.get(runId);
    return { refusal: heldRefusal(winner?.holderName ?? null, winner?.since ?? null) };
  }

  /**
   * The operator's own hold, opened again (a reload, a second tab, a confirmation the service refused): still theirs
   * if its task is in progress, taken again if someone gave the task back meanwhile; ended if the task is finished.
   */
  private async retake(hold: StoredReviewHold, actor: ReviewActor): Promise<StoredReviewHold | undefined> {
    const status = await this.calls.taskStatus(hold.validationId, hold.taskId, actor.requestId);
    const taken =
      status === 'in-progress' ||
      (status === 'ready' && isSuccess(await this.moveTask(actor, hold.validationId, hold.taskId, 'in-progress')));
    if (!taken) {
      await this.store.remove(hold.runId);
      return undefined;
    }
    return this.store.keepAlive(hold.runId, actor.accountId, this.options.now());
  }

  keepAlive(runId: string, actor: ReviewActor) {
    return this.store.keepAlive(runId, actor.accountId, this.options.now());
  }

  get(runId: string) {
    return this.store.get(runId);
  }

  /** Every hold on an agent's runs (after giving back the expired ones) and its runs in review that no hold names. */
  async list(agentId: string, requestId?: string) {
    const untracked = await this.expireHolds(agentId, requestId);
    return { holds: await this.store.list(agentId), untracked };
  }

  /**
   * Ends a hold: when its task is still in progress it goes back to the queue (`returned`); after a review was
   * confirmed or rejected the hold simply ends. Undefined when the run was not held (or someone ended it first).
   */
  async end(runId: string, actor: ReviewActor): Promise<{ hold: StoredReviewHold; returned: boolean } | undefined> {
    const hold = await this.store.remove(runId);
    if (!hold) return undefined;
    // One read of the task decides: still in progress, it goes back; finished, what the review came to is recorded
    // (once: of several callers, only the one that removed the hold gets here).
    const answer = await this.calls.call('GET', this.calls.taskPath(hold.validationId, hold.taskId), actor.requestId);
    if (!isSuccess(answer.status)) {
      const message = (answer.body as { message?: unknown } | null)?.message;
      throw new ReviewServiceError(
        answer.status,
        typeof message === 'string' ? message : `the service answered ${answer.status}`,
      );
    }
    const task = answer.body as { status?: unknown; input?: unknown; output?: unknown } | null;
    if (task?.status === 'in-progress') {
      return { hold, returned: isSuccess(await this.moveTask(actor, hold.validationId, hold.taskId, 'ready')) };
    }
    await this.recordOutcome(hold, task);
    return { hold, returned: false };
  }

  /** A hold whose task succeeded (confirmed) or failed (rejected): one review outcome, never failing the end. */
  private async recordOutcome(hold: StoredReviewHold, task: { status?: unknown; input?: unknown } | null) {
    if (!this.options.outcomes || (task?.status !== 'succeeded' && task?.status !== 'failed')) return;
    const reviewed = task.status === 'succeeded';
    await this.options.outcomes
      .record({
        runId: hold.runId,
        agentId: hold.agentId,
        taskId: hold.taskId,
        reviewerAccountId: hold.holderAccountId,
        reviewerName: hold.holderName,
        outcome: reviewed ? 'reviewed' : 'rejected',
        since: hold.since,
        endedAt: this.options.now(),
        correctedLabels: reviewed ? correctedLabels(task) : null,
      })
      .catch((error) => this.options.onError('review outcome not recorded', error));
  }

  /** An admin takes a run over from its holder: the task stays in progress, the hold is theirs from now. */
  async takeOver(runId: string, actor: ReviewActor) {
    const before = await this.store.get(runId);
    if (!before) return undefined;
    const after = await this.store.transfer(
      runId,
      { accountId: actor.accountId, name: actor.name },
      this.options.now(),
    );
    if (after) await this.record(actor, 'POST', `/bff/review/holds/${runId}/take-over?from=${before.holderName}`, 200);
    return after;
  }

  /** An admin's release of another operator's hold, in the audit log with who and when. */
  async recordRelease(actor: ReviewActor, hold: StoredReviewHold) {
    await this.record(actor, 'DELETE', `/bff/review/holds/${hold.runId}?holder=${hold.holderName}`, 200);
  }

  /**
   * Gives back every hold not kept alive for the hold time (of one agent, or all), each exactly once whichever
   * instance gets there first. For an agent, also its runs in review that no hold names: left by another client or by
   * a console before holds, they go back once they have not changed for a hold time. Answers the ones still young.
   */
  async expireHolds(agentId?: string, requestId?: string): Promise<{ runId: string; since: string }[]> {
    const cutoff = this.options.now() - this.options.holdMs;
    const holds = await this.store.list(agentId);
    for (const hold of holds.filter((h) => h.keptAliveAt < cutoff)) {
      const expired = await this.store.remove(hold.runId, { keptAliveBefore: cutoff });
      if (!expired) continue;
      const minutes = Math.round(this.options.holdMs / 6_000) / 10;
      const actor = { accountId: '', name: `${expired.holderName} (hold expired after ${minutes} min)`, requestId };
      await this.giveBack(expired, actor).catch((error) => this.options.onError('expired hold not given back', error));
    }
    if (agentId === undefined) return [];
    return this.expireUntracked(agentId, new Set(holds.map((h) => h.runId)), cutoff, requestId);
  }

  private async expireUntracked(agentId: string, tracked: Set<string>, cutoff: number, requestId?: string) {
    const young: { runId: string; since: string }[] = [];
    const { runs } = await this.calls.runs(agentId, IN_REVIEW, null, requestId);
    for (const run of runs.filter((r) => !tracked.has(r.runId))) {
      const since = Date.parse(run.updatedTime ?? run.createdTime ?? '') || 0;
      if (since >= cutoff) {
        young.push({ runId: run.runId, since: isoOf(since) });
        continue;
      }
      const refs = await this.refs(agentId, run.runId, requestId);
      if (!refs.validationId || !refs.taskId) continue;
      // Claimed as a hold of nobody's for the moment of giving it back: two instances give it back once.
      const marker = this.storedHold(agentId, run.runId, refs, { accountId: '', name: '' });
      if (!(await this.store.claim(marker))) continue;
      const actor = { accountId: '', name: 'review hold expiry (taken outside this console)', requestId };
      await this.giveBack(marker, actor).catch((error) => this.options.onError('untracked run not given back', error));
      await this.store.remove(run.runId);
    }
    return young;
  }

  /** Claims the run in the store, then takes its task at the service; `lost` when anyone got there first. */
  private async tryTake(
    agentId: string,
    runId: string,
    actor: ReviewActor,
  ): Promise<StoredReviewHold | 'no-task' | 'lost'> {
    const refs = await this.refs(agentId, runId, actor.requestId);
    if (!refs.validationId || !refs.taskId) return 'no-task';
    const hold = this.storedHold(agentId, runId, refs, actor);
    if (!(await this.store.claim(hold))) return 'lost';
    let status: number;
    try {
      status = await this.moveTask(actor, refs.validationId, refs.taskId, 'in-progress');
    } catch (error) {
      await this.store.remove(runId);
      throw error;
    }
    if (isSuccess(status)) return hold;
    await this.store.remove(runId);
    // 409: another client of the service has the task; 400: it is no longer ready (finished meanwhile).
    if (status === 409 || status === 400 || status === 404) return 'lost';
    throw new ReviewServiceError(status, `the service answered ${status} to taking the run's task`);
  }

  private storedHold(agentId: string, runId: string, refs: RunReviewRefs, holder: { accountId: string; name: string }) {
    const now = this.options.now();
    return {
      runId,
      agentId,
      validationId: refs.validationId ?? '',
      taskId: refs.taskId ?? '',
      documentId: refs.documentId,
      holderAccountId: holder.accountId,
      holderName: holder.name,
      since: now,
      keptAliveAt: now,
    };
  }

  private async refs(agentId: string, runId: string, requestId?: string): Promise<RunReviewRefs> {
    const cached = this.refsCache.get(runId);
    if (cached) return cached;
    const refs = await this.calls.reviewRefs(agentId, runId, requestId);
    if (refs.taskId) this.refsCache.set(runId, refs);
    return refs;
  }

  /** The task back to `ready` when it is still in progress: true when it went back. */
  private async giveBack(hold: StoredReviewHold, actor: ReviewActor): Promise<boolean> {
    const status = await this.calls.taskStatus(hold.validationId, hold.taskId, actor.requestId);
    if (status !== 'in-progress') return false;
    const answer = await this.moveTask(actor, hold.validationId, hold.taskId, 'ready');
    return isSuccess(answer);
  }

  /** A task move at the service, in the audit log like every write an operator makes through the console. */
  private async moveTask(actor: ReviewActor, validationId: string, taskId: string, to: 'in-progress' | 'ready') {
    const path = `/api${this.calls.taskPath(validationId, taskId)}`;
    const id = await this.audit.forwarded(this.auditWrite(actor, 'PATCH', path));
    try {
      const answer = await this.calls.moveTask(validationId, taskId, to, actor.requestId);
      await this.audit.completed(id, { outcome: 'answered', status: answer.status, clientClosed: false });
      return answer.status;
    } catch (error) {
      await this.audit.completed(id, { outcome: 'connection-failed', status: null, clientClosed: false });
      throw error;
    }
  }

  private auditWrite(actor: ReviewActor, method: string, path: string) {
    const { name: operator, requestId, issuer, subject } = actor;
    return { operator, method, path, requestId, ...(issuer && subject ? { issuer, subject } : {}) };
  }

  private async record(actor: ReviewActor, method: string, path: string, status: number) {
    await this.audit.append({ ...this.auditWrite(actor, method, path), status });
  }

  /** Why a run that does not wait for review cannot be taken: who reviewed it and when, when the audit log says. */
  private async notWaitingRefusal(agentId: string, runId: string, status: string): Promise<ReviewRefusalBody> {
    if (!REVIEWED.has(status)) {
      return { message: 'This run does not wait for review', reason: 'not-waiting', by: null, at: null, status };
    }
    const refs = await this.refs(agentId, runId);
    const review = refs.validationId && refs.taskId ? await this.lastTaskWrite(refs.validationId, refs.taskId) : null;
    return {
      message: review ? `This run was already reviewed by ${review.operator}` : 'This run was already reviewed',
      reason: 'reviewed',
      by: review?.operator ?? null,
      at: review?.time ?? null,
      status,
    };
  }

  /** The last successful write to a task through this console: after a finished review, its confirmation. */
  private async lastTaskWrite(validationId: string, taskId: string) {
    const path = `/api${this.calls.taskPath(validationId, taskId)}`;
    const { entries } = await this.audit.page({ path, method: 'PATCH', limit: 20 });
    return entries.find((entry) => entry.status !== null && entry.status >= 200 && entry.status < 300) ?? null;
  }
}

function heldRefusal(by: string | null, since: number | null): ReviewRefusalBody {
  return {
    message: by ? `Another reviewer, ${by}, has this run` : 'Another reviewer has this run',
    reason: 'held',
    by,
    at: since === null ? null : isoOf(since),
    status: IN_REVIEW,
  };
}
