/**
 * The demo's runs: one or more in every state the lifecycle has, each moved there by the run engine as the API would
 * (events, validation tasks, hook runs and action runs included). The only hand-made rows are the hook run and action
 * run still `running` beside the agent run that is itself still `running`.
 */
import { newId, nowTimestamp, type Action, type ActionRun, type Document, type Hook, type HookRun } from '@/contract';
import type { SeedContext } from '@/server/service/context';
import {
  archiveAgentRun,
  createAgentRun,
  exportAgentRun,
  updateValidationTask,
  type RunScope,
} from '@/server/service/runs/agent-run-engine';
import { bumpCounter, type Tx } from '@/server/service/storage';
import { actionRunsRepo, hookRunsRepo } from '@/server/service/storage/repositories/hooks-and-actions';
import type { DemoActions, DemoAgents, DemoHooks, DemoValidations } from './demo-resources';

/** The steps the demo moves its runs through, as the API would: start one, take its review, approve it, export it. */
function runSteps(tx: Tx, scope: RunScope, documents: Document[], validationId: string) {
  const doc = (index: number) => documents[index % documents.length].documentId;
  const run = (
    agentId: string,
    index: number,
    variables?: Record<string, unknown>,
    stopAt?: 'running' | 'pending-predictions',
  ) => createAgentRun(tx, scope, agentId, { documentId: doc(index), ...(variables ? { variables } : {}) }, { stopAt });
  type Created = Awaited<ReturnType<typeof run>>;
  const take = (created: Created) =>
    updateValidationTask(tx, scope, validationId, created.internal.taskId!, { status: 'in-progress' });
  const approve = async (created: Created) => {
    await take(created);
    const corrected = created.internal.predictions.map(({ label, value, pages }) => ({
      label,
      value: value ?? '',
      pages,
    }));
    return updateValidationTask(tx, scope, validationId, created.internal.taskId!, {
      status: 'succeeded',
      output: { groundTruth: corrected },
    });
  };
  const exportRun = (created: Created, stopAt?: 'pending-export' | 'exported') =>
    exportAgentRun(tx, scope, created.agentId, created.runId, { stopAt });
  return { run, take, approve, exportRun };
}

/** Runs in every state the lifecycle has, each moved there by the run engine as the API would. */
export async function seedRuns(
  tx: Tx,
  ctx: SeedContext,
  scope: RunScope,
  {
    documents,
    validations,
    actions,
    hooks,
    agents,
  }: {
    documents: Document[];
    validations: DemoValidations;
    actions: DemoActions;
    hooks: DemoHooks;
    agents: DemoAgents;
  },
) {
  const { invoiceAgent, receiptAgent, draftAgent } = agents;
  const { run, take, approve, exportRun } = runSteps(tx, scope, documents, validations.invoice.validationId);
  const approver = { approverEmail: 'ap.lead@customer.example.com', costCenter: 'CC-4100' };

  // running — with a hook run and an action run still in flight beside it.
  const running = await run(invoiceAgent.agentId, 0, approver, 'running');
  await inFlightRuns(
    tx,
    ctx,
    running.agentId,
    running.runId,
    running.internal.documentId,
    hooks.reviewNotice,
    actions.erpExport,
  );
  await run(invoiceAgent.agentId, 1, approver, 'pending-predictions');
  // ready-for-review: a small queue for the review screen.
  for (const index of [0, 1, 2]) await run(invoiceAgent.agentId, index, index === 0 ? approver : undefined);
  await take(await run(invoiceAgent.agentId, 3));
  await approve(await run(invoiceAgent.agentId, 4, approver));
  await exportRun(await runApproved(), 'pending-export');
  await exportRun(await runApproved(), 'exported');
  await exportRun(await runApproved());
  // completed without approverEmail: its email action run fails (noAgentRunUpdate), the run still completes.
  const withoutApprover = await run(invoiceAgent.agentId, 3);
  await approve(withoutApprover);
  await exportRun(withoutApprover);
  // succeeded-predictions (auto-approved receipt), and one receipt run completed.
  await run(receiptAgent.agentId, 1);
  await exportRun(await run(receiptAgent.agentId, 2));
  // error: an inactive model; and a review that failed.
  await run(draftAgent.agentId, 5);
  const rejected = await run(invoiceAgent.agentId, 5);
  await take(rejected);
  await updateValidationTask(tx, scope, validations.invoice.validationId, rejected.internal.taskId!, {
    status: 'failed',
    output: { reason: 'Duplicate of an invoice already paid' },
  });
  // archived: one finished run and one that was waiting for review.
  const finished = await runApproved();
  await exportRun(finished);
  await archiveAgentRun(tx, scope, finished.agentId, finished.runId);
  const abandoned = await run(invoiceAgent.agentId, 1);
  await archiveAgentRun(tx, scope, abandoned.agentId, abandoned.runId);

  async function runApproved() {
    const created = await run(invoiceAgent.agentId, 0, approver);
    await approve(created);
    return created;
  }
}

/** A hook run and an action run still `running` for the agent run that is still running. */
async function inFlightRuns(
  tx: Tx,
  ctx: SeedContext,
  agentId: string,
  agentRunRunId: string,
  documentId: string | null,
  hook: Hook,
  action: Action,
) {
  const agentRunId = `${agentId}/${agentRunRunId}`;
  const time = nowTimestamp();
  const common = {
    metadata: { demo: true },
    status: 'running' as const,
    warnings: ['the destination answered slowly; retrying'],
    errors: [],
    history: [
      { status: 'running', time, message: 'started' },
      { status: 'running', time, message: 'attempt 1 timed out after 30 s; retrying' },
    ],
    input: { agentRunId, documentId, status: 'running' },
    output: {},
    agentRunId,
    logId: newId('log'),
    createdTime: time,
    updatedTime: time,
    createdBy: ctx.actor,
    updatedBy: ctx.actor,
  };
  const hookRunId = newId('run');
  const hookRun: HookRun = {
    ...common,
    hookId: hook.hookId,
    runId: hookRunId,
    id: `${hook.hookId}/${hookRunId}`,
    name: hook.name,
    description: hook.description,
    actionId: action.actionId,
  };
  const actionRunId = newId('run');
  const actionRun: ActionRun = {
    ...common,
    actionId: action.actionId,
    runId: actionRunId,
    id: `${action.actionId}/${actionRunId}`,
    name: action.name,
    description: action.description,
    noAgentRunUpdate: false,
  };
  await bumpCounter(tx, ctx.organizationId, 'monthlyNumberOfHookRunsCreated', 1);
  await hookRunsRepo.create(tx, ctx.organizationId, hookRun);
  await bumpCounter(tx, ctx.organizationId, 'monthlyNumberOfActionRunsCreated', 1);
  await actionRunsRepo.create(tx, ctx.organizationId, actionRun);
}
