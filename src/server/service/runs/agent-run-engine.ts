/**
 * Drives agent runs through the lifecycle with storage: every transition is written in the caller's transaction,
 * appends its event, and creates the hook runs and action runs it causes (counters included).
 *
 * Triggers (see agent-run-lifecycle.ts for the state machine):
 *  - POST /agents/{a}/runs           → running → pending-predictions → ready-for-review (enabled validation: a task
 *                                      `ready` is created) or succeeded-predictions (no validation, disabled, or
 *                                      `autoApprove` with no issue); → error when no document or no active model.
 *  - PATCH task status in-progress   → review-in-progress (an in-progress task → 409); `ready` again → ready-for-review
 *  - PATCH task status succeeded     → review-completed (stays there until exported); failed → error
 *  - POST /agents/{a}/runs/{r}/export → pending-export → (the agent's actions run) → exported → completed, or error
 *  - PATCH run {status: archived}    → archived, from any state
 */
import {
  EXPORTABLE_STATUSES,
  formatRunReference,
  ID_PATTERNS,
  IN_REVIEW_STATUS,
  newId,
  nowTimestamp,
  parseAgentRunReference,
  type Action,
  type ActionRun,
  type AgentRunStatus,
  type CreateAgentRunBody,
  type Document,
  type FieldConfig,
  type Hook,
  type HookRun,
  type Model,
  type Validation,
  type ValidationConfig,
  type ValidationTask,
  WAITING_FOR_REVIEW_STATUS,
} from '@/contract';
import { badRequest, conflict, notFound } from '@/server/service/http-error';
import { bumpCounter, type Executor, type Tx } from '@/server/service/storage';
import { applyTransition, type AgentRunTrigger, type RunState } from './agent-run-lifecycle';
import {
  planActionRun,
  planHookRuns,
  type AgentRunContext,
  type PlannedActionRun,
  type PlannedHookRun,
} from './hook-action-runs';
import { predictFields } from './predictions';
import {
  agentRunsRepo,
  replaceTaskAndRunIfUnchanged,
  runForMove,
  taskAndRunForMove,
  type AgentRunInternal,
  type RunForMove,
  type StoredAgentRun,
} from '@/server/service/storage/repositories/agent-runs';
import { agentsRepo } from '@/server/service/storage/repositories/agents';
import { documentsRepo } from '@/server/service/storage/repositories/documents';
import {
  actionRunsRepo,
  actionsRepo,
  hookRunsRepo,
  hooksRepo,
} from '@/server/service/storage/repositories/hooks-and-actions';
import { modelsRepo } from '@/server/service/storage/repositories/models';
import { validationTasksRepo, validationsRepo } from '@/server/service/storage/repositories/validations';
import { evaluateRules, type ValidationIssue } from './validation-rules';

export type RunScope = {
  organizationId: string;
  /** Who acts (the app client's id); recorded as `by` and createdBy/updatedBy. */
  actor: string;
  /** Public `{base_url}` (e.g. `http://localhost:8788/v1`) for variablesFileUrl. */
  publicBaseUrl: string;
};

const matches = (kind: keyof typeof ID_PATTERNS, id: string) => new RegExp(`^${ID_PATTERNS[kind]}$`).test(id);

/** The agent's workflow resources, resolved from its resourceIds (missing ones are skipped; models reported). */
async function loadWorkflow(tx: Tx, organizationId: string, resourceIds: string[]) {
  const hooks: Hook[] = [];
  const actions: Action[] = [];
  let model: Model | undefined;
  let modelId: string | null = null;
  let validation: Validation | undefined;
  for (const id of resourceIds) {
    if (matches('model', id) && modelId === null) {
      modelId = id;
      model = await modelsRepo.get(tx, organizationId, id);
    } else if (matches('validation', id) && !validation) {
      validation = await validationsRepo.get(tx, organizationId, id);
    } else if (matches('hook', id)) {
      const hook = await hooksRepo.get(tx, organizationId, id);
      if (hook) hooks.push(hook);
    } else if (matches('action', id)) {
      const action = await actionsRepo.get(tx, organizationId, id);
      if (action) actions.push(action);
    }
  }
  return { hooks, actions, model, modelId, validation };
}

type Workflow = Awaited<ReturnType<typeof loadWorkflow>>;
/** What a move uses of the workflow: hooks fire on transitions, actions run on export. */
type MoveWorkflow = Pick<Workflow, 'hooks' | 'actions'>;

/** A run in memory while it moves; `flush` writes the hook/action runs its transitions caused. */
class RunMover {
  private readonly hookRuns: PlannedHookRun[] = [];
  private readonly actionRuns: PlannedActionRun[] = [];

  constructor(
    readonly run: StoredAgentRun,
    private readonly workflow: MoveWorkflow,
    private readonly scope: RunScope,
    private readonly actionsById: Map<string, Action>,
  ) {}

  get status(): AgentRunStatus {
    return this.run.status;
  }

  context(): AgentRunContext {
    const internal = this.run.internal;
    return {
      agentId: this.run.agentId,
      runId: this.run.runId,
      documentId: internal.documentId,
      variables: { ...internal.variables, ...(internal.documentId ? { documentId: internal.documentId } : {}) },
      predictions: internal.predictions,
    };
  }

  move(trigger: AgentRunTrigger, message?: string, details?: Record<string, unknown>): void {
    const time = nowTimestamp();
    const from = this.run.status as AgentRunStatus | null;
    const next: RunState = applyTransition(
      from === null ? null : { status: this.run.status, events: this.run.events },
      trigger,
      {
        by: this.scope.actor,
        time,
        message,
        details,
      },
    );
    Object.assign(this.run, {
      status: next.status,
      events: next.events,
      updatedTime: time,
      updatedBy: this.scope.actor,
    });
    const planned = planHookRuns(
      this.workflow.hooks,
      this.actionsById,
      this.context(),
      { from, to: next.status },
      time,
    );
    this.hookRuns.push(...planned.hookRuns);
    this.actionRuns.push(...planned.actionRuns);
  }

  /** Runs the agent's own actions (export step); returns the planned runs. */
  runActions(): PlannedActionRun[] {
    const time = nowTimestamp();
    const planned = this.workflow.actions.map((action) =>
      planActionRun(action, this.context(), time, { status: this.run.status }),
    );
    this.actionRuns.push(...planned);
    return planned;
  }

  /** Whether the moves so far start hook or action runs (which flush writes, with their counters). */
  startsRuns(): boolean {
    return this.hookRuns.length > 0 || this.actionRuns.length > 0;
  }

  async flush(tx: Tx): Promise<void> {
    const { organizationId, actor } = this.scope;
    const agentRunId = formatRunReference(this.run.agentId, this.run.runId);
    const hookRunIds = new Map<string, string>();
    for (const planned of this.hookRuns) {
      await bumpCounter(tx, organizationId, 'monthlyNumberOfHookRunsCreated', 1);
      const runId = newId('run');
      const { hookId, actionId, ...rest } = planned;
      const record: HookRun = {
        ...rest,
        hookId,
        runId,
        id: formatRunReference(hookId, runId),
        actionId,
        ...subRunStamps(planned.history, agentRunId, actor),
      };
      await hookRunsRepo.create(tx, organizationId, record);
      hookRunIds.set(hookId, record.id!);
    }
    for (const planned of this.actionRuns) {
      await bumpCounter(tx, organizationId, 'monthlyNumberOfActionRunsCreated', 1);
      const runId = newId('run');
      const { actionId, viaHookId, ...rest } = planned;
      const record: ActionRun = {
        ...rest,
        input: viaHookId ? { ...rest.input, hookRunId: hookRunIds.get(viaHookId) ?? null } : rest.input,
        actionId,
        runId,
        id: formatRunReference(actionId, runId),
        ...subRunStamps(planned.history, agentRunId, actor),
      };
      await actionRunsRepo.create(tx, organizationId, record);
    }
    this.hookRuns.length = 0;
    this.actionRuns.length = 0;
  }
}

async function moverFor(tx: Tx, scope: RunScope, run: StoredAgentRun): Promise<RunMover> {
  const agent = await agentsRepo.get(tx, scope.organizationId, run.agentId);
  const workflow = await loadWorkflow(tx, scope.organizationId, agent?.resourceIds ?? []);
  return new RunMover(run, workflow, scope, await actionsByIdFor(tx, scope.organizationId, workflow));
}

/** A mover over a run read with its workflow in one statement (runForMove). */
function moverOf(scope: RunScope, found: RunForMove): RunMover {
  const actionsById = new Map(found.actions.map((action) => [action.actionId, action]));
  for (const action of found.hookActions)
    if (!actionsById.has(action.actionId)) actionsById.set(action.actionId, action);
  return new RunMover(found.run, { hooks: found.hooks, actions: found.actions }, scope, actionsById);
}

/**
 * How many times an optimistic write reads again after another write changed its rows in between, before it takes
 * the row locks instead (a run many write at once).
 */
const OPTIMISTIC_TRIES = 3;

/** Actions the workflow can reach: its own plus those its hooks start. */
async function actionsByIdFor(tx: Tx, organizationId: string, workflow: Workflow): Promise<Map<string, Action>> {
  const byId = new Map(workflow.actions.map((action) => [action.actionId, action]));
  for (const hook of workflow.hooks) {
    if (hook.actionId && !byId.has(hook.actionId)) {
      const action = await actionsRepo.get(tx, organizationId, hook.actionId);
      if (action) byId.set(action.actionId, action);
    }
  }
  return byId;
}

export type CreateRunOptions = {
  /** Stop after entering this status (demo data shows runs mid-flight). */
  stopAt?: 'running' | 'pending-predictions';
};

export async function createAgentRun(
  tx: Tx,
  scope: RunScope,
  agentId: string,
  body: CreateAgentRunBody,
  options: CreateRunOptions = {},
): Promise<StoredAgentRun> {
  const { organizationId } = scope;
  const agent = await agentsRepo.require(tx, organizationId, agentId);
  const documentId = body.documentId ?? body.resourceIds?.find((id) => matches('document', id)) ?? null;
  const document = documentId ? await documentsRepo.get(tx, organizationId, documentId) : undefined;
  if (documentId && !document) {
    throw badRequest(
      `${body.documentId ? 'documentId' : 'resourceIds'} names document ${documentId}, which does not exist`,
    );
  }
  await bumpCounter(tx, organizationId, 'monthlyNumberOfAgentRunsCreated', 1);
  const workflow = await loadWorkflow(tx, organizationId, agent.resourceIds);
  const run = newAgentRun(scope, agentId, documentId, workflow, body.variables ?? {});
  const mover = new RunMover(run, workflow, scope, await actionsByIdFor(tx, organizationId, workflow));
  const finish = async () => {
    run.resourceIds = unique([
      ...(body.resourceIds ?? []),
      ...[documentId, workflow.modelId, run.internal.validationId, run.internal.taskId].filter(
        (id): id is string => !!id,
      ),
      ...workflow.hooks.map((hook) => hook.hookId),
      ...workflow.actions.map((action) => action.actionId),
    ]);
    await agentRunsRepo.create(tx, organizationId, run);
    await mover.flush(tx);
    return run;
  };

  mover.move('start', 'run accepted');
  if (options.stopAt === 'running') return finish();
  mover.move('requestPredictions', 'predicting fields');
  if (options.stopAt === 'pending-predictions') return finish();
  await predictAndRoute(tx, scope, mover, workflow, document);
  return finish();
}

/** A new run before its first transition: no status yet, no events; stored only once it has moved. */
function newAgentRun(
  scope: RunScope,
  agentId: string,
  documentId: string | null,
  workflow: Workflow,
  variables: Record<string, unknown>,
): StoredAgentRun {
  const runId = newId('run');
  const internal: AgentRunInternal = {
    documentId,
    modelId: workflow.modelId,
    validationId: workflow.validation?.validationId ?? null,
    taskId: null,
    variables,
    predictions: [],
    review: null,
  };
  return {
    agentId,
    runId,
    id: `${agentId}/${runId}`,
    // No status until the first transition ('start') gives it one; the run is stored only after that.
    status: null as unknown as AgentRunStatus,
    variablesFileUrl: `${scope.publicBaseUrl}/agents/${agentId}/runs/${runId}/variables`,
    events: [],
    resourceIds: [],
    createdTime: nowTimestamp(),
    updatedTime: null,
    createdBy: scope.actor,
    updatedBy: null,
    internal,
  };
}

/**
 * Predicts the document's fields with the workflow's model and moves the run on: to error (no document, no or an
 * inactive model), auto-validated, or ready for review with a new validation task.
 */
async function predictAndRoute(
  tx: Tx,
  scope: RunScope,
  mover: RunMover,
  workflow: Workflow,
  document: Document | undefined,
): Promise<void> {
  const { organizationId, actor } = scope;
  const { run } = mover;
  const { internal } = run;
  const model = workflow.model;
  if (!document) {
    mover.move('fail', 'the run names no document: give documentId or a document id in resourceIds');
    return;
  }
  if (!model) {
    mover.move(
      'fail',
      workflow.modelId ? `model ${workflow.modelId} does not exist` : 'the agent names no model in its resourceIds',
    );
    return;
  }
  if (model.status !== 'active') {
    mover.move('fail', `model ${model.modelId} is inactive`);
    return;
  }
  await bumpCounter(tx, organizationId, 'monthlyNumberOfPredictionsCreated', 1);
  internal.predictions = predictFields(
    (model.fieldConfig ?? {}) as FieldConfig,
    document.groundTruth,
    document.documentId,
  );
  await modelsRepo.patch(tx, organizationId, model.modelId, (current) => {
    const statistics = current.statistics ?? {};
    const made = typeof statistics.numberOfPredictions === 'number' ? statistics.numberOfPredictions : 0;
    return { ...current, statistics: { ...statistics, numberOfPredictions: made + 1 } };
  });
  const validation = workflow.validation;
  const config = (validation?.config ?? null) as ValidationConfig | null;
  const issues = validation && validation.enabled !== false ? evaluateRules(config, internal.predictions) : [];
  const details = { modelId: model.modelId, fields: internal.predictions.length, issues: issues.length };
  if (!validation || validation.enabled === false || (config?.autoApprove === true && issues.length === 0)) {
    mover.move(
      'autoValidate',
      validation
        ? `validation ${validation.validationId} approved the predictions`
        : 'no validation: predictions accepted',
      details,
    );
    return;
  }
  await bumpCounter(tx, organizationId, 'monthlyNumberOfValidationTasksCreated', 1);
  const task = await openReviewTask(tx, organizationId, run, validation, issues, { by: actor, time: nowTimestamp() });
  mover.move('requestReview', issues.length ? `${issues.length} issue(s) need a person` : 'waiting for review', {
    ...details,
    taskId: task.taskId,
  });
}

type Stamp = { by: string; time: string };

/**
 * Stores the `ready` validation task of a run going to review (reviewTaskFor), named in the run: its variables'
 * validationId and validationTaskId, which the review screen opens.
 */
export async function openReviewTask(
  tx: Tx,
  organizationId: string,
  run: StoredAgentRun,
  validation: Pick<Validation, 'validationId'>,
  issues: ValidationIssue[],
  opened: Stamp,
): Promise<ValidationTask> {
  const task = reviewTaskFor(run, validation, issues, opened);
  await validationTasksRepo.create(tx, organizationId, task);
  return task;
}

/**
 * The validation task of a run going to review, named in the run; the caller stores it. Live runs (openReviewTask)
 * and the demo history both make their tasks here, so a run waiting for review always has one, the same one. Its
 * input is what the reviewer is shown: the run's predictions and the validation's issues with them. `moves` are the
 * task's later status moves, checked and applied before it is stored (the demo history writes a run's past at once,
 * many runs a statement); live tasks move by PATCH.
 */
export function reviewTaskFor(
  run: StoredAgentRun,
  validation: Pick<Validation, 'validationId'>,
  issues: ValidationIssue[],
  opened: Stamp,
  moves: { status: ValidationTask['status']; output?: Record<string, unknown>; at: Stamp }[] = [],
): ValidationTask {
  const { internal } = run;
  const ready: ValidationTask = {
    taskId: newId('validation-task'),
    validationId: validation.validationId,
    agentRunId: run.id,
    status: 'ready',
    input: {
      agentRunId: run.id,
      documentId: internal.documentId,
      modelId: internal.modelId,
      predictions: internal.predictions,
      issues,
    },
    output: null,
    createdTime: opened.time,
    updatedTime: null,
    createdBy: opened.by,
    updatedBy: null,
  };
  const task = moves.reduce((current, move) => {
    checkTaskMove(current, move);
    return movedTask(current, move, move.at);
  }, ready);
  internal.validationId = validation.validationId;
  internal.taskId = task.taskId;
  return task;
}

/** The task moved to `status` (once checkTaskMove allowed it), with the reviewer's output when there is one. */
function movedTask(
  task: ValidationTask,
  body: { status: ValidationTask['status']; output?: Record<string, unknown> },
  at: Stamp,
): ValidationTask {
  return {
    ...task,
    status: body.status,
    ...(body.output !== undefined ? { output: body.output } : {}),
    updatedTime: at.time,
    updatedBy: at.by,
  };
}

/** The run trigger a task move causes: the run's review follows its task. */
const RUN_TRIGGER_OF_TASK_MOVE = {
  'in-progress': 'startReview',
  succeeded: 'completeReview',
  failed: 'fail',
  ready: 'releaseReview',
} as const satisfies Record<ValidationTask['status'], AgentRunTrigger>;

/** The task status a run trigger stands for (the inverse of RUN_TRIGGER_OF_TASK_MOVE), if it moves the task. */
export function taskStatusOfTrigger(trigger: AgentRunTrigger): ValidationTask['status'] | undefined {
  const entry = Object.entries(RUN_TRIGGER_OF_TASK_MOVE).find(([, moved]) => moved === trigger);
  return entry?.[0] as ValidationTask['status'] | undefined;
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}

const TASK_MOVES: Record<string, readonly string[]> = {
  ready: ['in-progress'],
  'in-progress': ['succeeded', 'failed', 'ready'],
  succeeded: [],
  failed: [],
};

/**
 * Moves a validation task and, with it, its agent run. 409 when the task's status does not allow the move (taking
 * a task another reviewer holds, changing a finished task) or the run is archived.
 *
 * Two statements when the move starts no hook or action run: one read of the task, its run and the run's workflow;
 * one write of both rows, on condition that neither changed since (else it reads again: of two takes of one ready
 * task, the second then reads it in-progress and gets the 409). A move that starts hook or action runs writes them
 * with their counters in one transaction under the row locks (updateValidationTaskLocked).
 */
export async function updateValidationTask(
  db: Executor,
  scope: RunScope,
  validationId: string,
  taskId: string,
  body: { status: ValidationTask['status']; output?: Record<string, unknown> },
): Promise<ValidationTask> {
  const { organizationId, actor } = scope;
  for (let tries = 0; tries < OPTIMISTIC_TRIES; tries++) {
    const found = await taskAndRunForMove(db, organizationId, taskId);
    if (!found || found.task.validationId !== validationId) throw notFound(`Validation task ${taskId} not found`);
    const { task, version } = found;
    checkTaskMove(task, body);
    const moved = movedTask(task, body, { by: actor, time: nowTimestamp() });
    if (!found.run) {
      if (await validationTasksRepo.replaceIfUnchanged(db, organizationId, taskId, version, moved)) return moved;
      continue;
    }
    const mover = moverOf(scope, found.run);
    moveRunWithTask(mover, task, body);
    if (mover.startsRuns()) break;
    const run = { next: mover.run, version: found.run.version };
    if (await replaceTaskAndRunIfUnchanged(db, organizationId, { next: moved, version }, run)) return moved;
  }
  return db.transaction((tx) => updateValidationTaskLocked(tx as Tx, scope, validationId, taskId, body));
}

/** updateValidationTask in one transaction under the task's and the run's row locks, hook and action runs written. */
export async function updateValidationTaskLocked(
  tx: Tx,
  scope: RunScope,
  validationId: string,
  taskId: string,
  body: { status: ValidationTask['status']; output?: Record<string, unknown> },
): Promise<ValidationTask> {
  const { organizationId, actor } = scope;
  // The patch holds the task's row lock until the request's transaction ends: of two takes of one ready task, the
  // second reads it in-progress and gets the 409.
  return validationTasksRepo.patch(tx, organizationId, taskId, async (task) => {
    if (task.validationId !== validationId) throw notFound(`Validation task ${taskId} not found`);
    checkTaskMove(task, body);
    const runRef = parseAgentRunReference(task.agentRunId);
    if (runRef) {
      const stored = await agentRunsRepo.get(tx, organizationId, runRef.runId);
      if (stored) await moveRunForTask(tx, scope, stored, task, body);
    }
    return movedTask(task, body, { by: actor, time: nowTimestamp() });
  });
}

/** 409 when the task's status does not allow the move; 400 when a success brings no output. */
function checkTaskMove(
  task: ValidationTask,
  body: { status: ValidationTask['status']; output?: Record<string, unknown> },
): void {
  if (task.status === 'in-progress' && body.status === 'in-progress') {
    throw conflict(`validation task ${task.taskId} is already in progress (another reviewer took it)`);
  }
  if (!TASK_MOVES[task.status]?.includes(body.status)) {
    throw conflict(
      `validation task ${task.taskId} is ${task.status}; status moves ready → in-progress → succeeded | failed (or back to ready)`,
    );
  }
  if (body.status === 'succeeded' && body.output === undefined)
    throw badRequest('output is required when status is succeeded');
}

async function moveRunForTask(
  tx: Tx,
  scope: RunScope,
  stored: StoredAgentRun,
  task: ValidationTask,
  body: { status: ValidationTask['status']; output?: Record<string, unknown> },
): Promise<void> {
  if (stored.status === 'archived') throw conflict(`agent run ${stored.id} is archived`);
  await agentRunsRepo.patch(tx, scope.organizationId, stored.runId, async (run) => {
    const mover = await moverFor(tx, scope, run);
    moveRunWithTask(mover, task, body);
    await mover.flush(tx);
    return run;
  });
}

/** The run's move for its task's: 409 when the run is archived or not in the status the task's move comes from. */
function moveRunWithTask(
  mover: RunMover,
  task: ValidationTask,
  body: { status: ValidationTask['status']; output?: Record<string, unknown> },
): void {
  const { run } = mover;
  if (run.status === 'archived') throw conflict(`agent run ${run.id} is archived`);
  const trigger: AgentRunTrigger = RUN_TRIGGER_OF_TASK_MOVE[body.status];
  if (
    trigger !== 'fail' &&
    mover.status !== (trigger === 'startReview' ? WAITING_FOR_REVIEW_STATUS : IN_REVIEW_STATUS)
  ) {
    throw conflict(`agent run ${run.id} is ${run.status}, so its validation task cannot move to ${body.status}`);
  }
  if (body.status === 'succeeded') run.internal.review = body.output ?? {};
  mover.move(trigger, trigger === 'fail' ? `validation task ${task.taskId} failed` : undefined, {
    taskId: task.taskId,
  });
}

export type ExportOptions = { stopAt?: 'pending-export' | 'exported' };

/** The export trigger: succeeded-predictions | review-completed → pending-export → exported → completed (or error). */
export async function exportAgentRun(
  tx: Tx,
  scope: RunScope,
  agentId: string,
  runId: string,
  options: ExportOptions = {},
): Promise<StoredAgentRun> {
  const current = await agentRunsRepo.require(tx, scope.organizationId, runId);
  if (current.agentId !== agentId) throw notFound(`Agent run ${runId} not found`);
  return agentRunsRepo.patch(tx, scope.organizationId, runId, async (run) => {
    if (!EXPORTABLE_STATUSES.includes(run.status)) {
      throw conflict(`agent run ${run.id} is ${run.status}; export needs ${EXPORTABLE_STATUSES.join(' or ')}`);
    }
    const mover = await moverFor(tx, scope, run);
    mover.move('requestExport', 'export requested');
    if (options.stopAt === 'pending-export') {
      await mover.flush(tx);
      return run;
    }
    const results = mover.runActions();
    const blocking = results.filter((result) => result.status === 'failed' && !result.noAgentRunUpdate);
    if (blocking.length) {
      mover.move('fail', blocking.flatMap((result) => result.errors).join('; '), {
        failedActions: blocking.map((r) => r.actionId),
      });
    } else {
      mover.move('export', `${results.filter((r) => r.status === 'succeeded').length} action(s) succeeded`);
      if (options.stopAt !== 'exported') mover.move('complete', 'done');
    }
    await mover.flush(tx);
    return run;
  });
}

/**
 * PATCH {status: archived}: from any state; archiving an archived run changes nothing. Two statements when the move
 * starts no hook or action run: one read of the run and its workflow, one write on condition that the run did not
 * change since (else it reads again). Otherwise one transaction under the run's row lock (archiveAgentRunLocked).
 */
export async function archiveAgentRun(
  db: Executor,
  scope: RunScope,
  agentId: string,
  runId: string,
): Promise<StoredAgentRun> {
  for (let tries = 0; tries < OPTIMISTIC_TRIES; tries++) {
    const found = await runForMove(db, scope.organizationId, runId);
    if (!found || found.run.agentId !== agentId) throw notFound(`Agent run ${runId} not found`);
    if (found.run.status === 'archived') return found.run;
    const mover = moverOf(scope, found);
    mover.move('archive', 'archived by a client');
    if (mover.startsRuns()) break;
    if (await agentRunsRepo.replaceIfUnchanged(db, scope.organizationId, runId, found.version, mover.run)) {
      return mover.run;
    }
  }
  return db.transaction((tx) => archiveAgentRunLocked(tx as Tx, scope, agentId, runId));
}

/** archiveAgentRun in one transaction under the run's row lock, hook and action runs written. */
export async function archiveAgentRunLocked(
  tx: Tx,
  scope: RunScope,
  agentId: string,
  runId: string,
): Promise<StoredAgentRun> {
  const current = await agentRunsRepo.require(tx, scope.organizationId, runId);
  if (current.agentId !== agentId) throw notFound(`Agent run ${runId} not found`);
  if (current.status === 'archived') return current;
  return agentRunsRepo.patch(tx, scope.organizationId, runId, async (run) => {
    const mover = await moverFor(tx, scope, run);
    mover.move('archive', 'archived by a client');
    await mover.flush(tx);
    return run;
  });
}

/** What every hook run and action run of an agent run is stored with: its agent run, a log, and its history's times. */
function subRunStamps(history: readonly { time?: unknown }[], agentRunId: string, actor: string) {
  return {
    metadata: {},
    agentRunId,
    logId: newId('log'),
    createdTime: (history[0]?.time as string) ?? nowTimestamp(),
    updatedTime: (history.at(-1)?.time as string) ?? null,
    createdBy: actor,
    updatedBy: actor,
  };
}
