/**
 * Demo data for a new data dir (called once by ../bootstrap.ts unless DPS_DEMO=0). Everything goes through the same
 * repositories, counters and run engine as the API, in one transaction, so a failed seed leaves nothing behind and
 * every run's events, hook runs and action runs are what the lifecycle really produces. The only hand-made rows are
 * the hook run and action run still `running` beside the agent run that is itself still `running`.
 */
import {
  createActionBodySchema,
  createHookBodySchema,
  createModelBodySchema,
  createValidationBodySchema,
  newId,
  nowTimestamp,
  type Action,
  type ActionRun,
  type Agent,
  type Document,
  type Hook,
  type HookRun,
  type Model,
  type Validation,
} from '@/contract';
import type { SeedContext } from '@/server/service/context';
import { fieldStatistics } from '@/server/service/models/field-statistics';
import {
  archiveAgentRun,
  createAgentRun,
  exportAgentRun,
  updateValidationTask,
  type RunScope,
} from '@/server/service/runs/agent-run-engine';
import { agentsRepo } from '@/server/service/storage/repositories/agents';
import { documentsRepo } from '@/server/service/storage/repositories/documents';
import {
  actionRunsRepo,
  actionsRepo,
  hookRunsRepo,
  hooksRepo,
} from '@/server/service/storage/repositories/hooks-and-actions';
import { modelsRepo } from '@/server/service/storage/repositories/models';
import { validationsRepo } from '@/server/service/storage/repositories/validations';
import { bumpCounter, createdStamp, type Tx } from '@/server/service/storage';
import type { Upload } from '@/server/service/storage/file-store/file-store';
import { DEMO_ACTIONS, DEMO_HOOKS, DEMO_MODELS, DEMO_VALIDATIONS } from './demo-definitions';
import { seedInsightsHistory } from './insights-history';
import { makeSampleFiles } from './samples';

const DEMO_DATASET_ID = 'svc:dataset:0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const DEMO_CONSENT_ID = 'legacy:consent:f0e1d2c3b4a5968778695a4b3c2d1e0f';

export async function seedDemoData(ctx: SeedContext): Promise<void> {
  const files = await makeSampleFiles();
  const scope: RunScope = {
    organizationId: ctx.organizationId,
    actor: ctx.actor,
    publicBaseUrl: ctx.urls.publicBaseUrl,
  };

  // The bytes go into the file store first: it writes outside any transaction (on PGlite, the one connection).
  const uploads: Upload[] = [];
  for (const file of files) {
    const documentId = newId('document');
    uploads.push(await ctx.files.upload(ctx.organizationId, documentId, [file.bytes], file.bytes.length));
  }

  await ctx.store.transaction(async (tx) => {
    const documents = await seedDocuments(tx, ctx, files, uploads);
    const models = {
      invoice: await createModel(tx, ctx, DEMO_MODELS.invoice, 'active'),
      receipt: await createModel(tx, ctx, DEMO_MODELS.receipt, 'active'),
      draft: await createModel(
        tx,
        ctx,
        {
          name: 'Purchase orders (draft)',
          description: 'Not trained yet: inactive, so its runs end in error',
          fieldConfig: { purchase_order: { type: 'string' }, total_amount: { type: 'amount' } },
        },
        'inactive',
      ),
    };
    const validations = {
      invoice: await createValidation(tx, ctx, DEMO_VALIDATIONS.invoice),
      receipt: await createValidation(tx, ctx, DEMO_VALIDATIONS.receipt),
    };
    const { actions, hooks } = await seedActionsAndHooks(tx, ctx);
    const agents = await seedAgents(tx, ctx, { models, validations, actions, hooks });
    await seedRuns(tx, ctx, scope, { documents, validations, actions, hooks, agents });
    await seedInsightsHistory(
      tx,
      ctx,
      [
        {
          agentId: agents.invoiceAgent.agentId,
          model: models.invoice,
          validation: validations.invoice,
          perDay: 14,
          reviewShare: 0.6,
        },
        {
          agentId: agents.receiptAgent.agentId,
          model: models.receipt,
          validation: validations.receipt,
          perDay: 8,
          reviewShare: 0.15,
        },
      ],
      documents,
    );
  });
}

type SampleFile = Awaited<ReturnType<typeof makeSampleFiles>>[number];

/** Documents: one per content type, with ground truth matching what the file shows. */
async function seedDocuments(tx: Tx, ctx: SeedContext, files: SampleFile[], uploads: Upload[]): Promise<Document[]> {
  const org = ctx.organizationId;
  const stamp = () => createdStamp(ctx.actor);
  const documents: Document[] = [];
  for (const [index, file] of files.entries()) {
    const document: Document = {
      documentId: uploads[index].documentId,
      name: file.name,
      description: `Demo ${file.contentType} invoice from ${file.data.vendorName}`,
      metadata: { source: 'demo', vendor: file.data.vendorName },
      retentionInDays: 365,
      contentMD5: uploads[index].md5,
      contentType: file.contentType,
      datasetId: index % 2 === 0 ? DEMO_DATASET_ID : null,
      consentId: index === 1 ? DEMO_CONSENT_ID : null,
      agentRunId: null,
      groundTruth: file.groundTruth,
      ...stamp(),
    };
    await bumpCounter(tx, org, 'monthlyNumberOfDocumentsCreated', 1);
    await documentsRepo.create(tx, org, document);
    await ctx.files.commit(tx, uploads[index], file.contentType);
    documents.push(document);
  }
  return documents;
}

/** The demo actions, and the hooks that start them. */
async function seedActionsAndHooks(tx: Tx, ctx: SeedContext) {
  const org = ctx.organizationId;
  const stamp = () => createdStamp(ctx.actor);
  const actions: Record<keyof typeof DEMO_ACTIONS, Action> = {} as never;
  for (const [key, body] of Object.entries(DEMO_ACTIONS) as [
    keyof typeof DEMO_ACTIONS,
    (typeof DEMO_ACTIONS)[keyof typeof DEMO_ACTIONS],
  ][]) {
    const parsed = createActionBodySchema.parse(body);
    const action: Action = {
      actionId: newId('action'),
      name: parsed.name ?? null,
      description: parsed.description ?? null,
      metadata: {},
      enabled: parsed.enabled ?? true,
      config: parsed.config ?? {},
      ...stamp(),
    };
    await bumpCounter(tx, org, 'numberOfActionsCreated', 1);
    actions[key] = await actionsRepo.create(tx, org, action);
  }
  const hooks: Record<string, Hook> = {};
  for (const [key, { action, ...body }] of Object.entries(DEMO_HOOKS)) {
    const parsed = createHookBodySchema.parse({ ...body, ...(action ? { actionId: actions[action].actionId } : {}) });
    const hook: Hook = {
      hookId: newId('hook'),
      name: parsed.name ?? null,
      description: parsed.description ?? null,
      metadata: {},
      enabled: parsed.enabled ?? true,
      config: parsed.config ?? {},
      trigger: parsed.trigger ?? '*',
      actionId: parsed.actionId ?? null,
      ...stamp(),
    };
    await bumpCounter(tx, org, 'numberOfHooksCreated', 1);
    hooks[key] = await hooksRepo.create(tx, org, hook);
  }
  return { actions, hooks };
}

type DemoActions = Awaited<ReturnType<typeof seedActionsAndHooks>>['actions'];
type DemoHooks = Record<string, Hook>;
type DemoValidations = Record<'invoice' | 'receipt', Validation>;

/** Three agents: invoices (reviewed, exported), receipts (auto-approved), and a pilot on an inactive model. */
async function seedAgents(
  tx: Tx,
  ctx: SeedContext,
  {
    models,
    validations,
    actions,
    hooks,
  }: {
    models: Record<'invoice' | 'receipt' | 'draft', Model>;
    validations: DemoValidations;
    actions: DemoActions;
    hooks: DemoHooks;
  },
) {
  const org = ctx.organizationId;
  const stamp = () => createdStamp(ctx.actor);
  const agent = async (name: string, description: string, resourceIds: string[]) => {
    await bumpCounter(tx, org, 'numberOfAgentsCreated', 1);
    const created: Agent = {
      agentId: newId('agent'),
      name,
      description,
      metadata: { demo: true },
      resourceIds,
      ...stamp(),
    };
    return agentsRepo.create(tx, org, created);
  };
  const invoiceAgent = await agent(
    'Invoice processing',
    'Extracts supplier invoices, sends them to review, exports them to the ERP',
    [
      models.invoice.modelId,
      validations.invoice.validationId,
      hooks.reviewNotice.hookId,
      hooks.exportedToErp.hookId,
      hooks.errorAlert.hookId,
      hooks.legacyWebhook.hookId,
      actions.dmsArchive.actionId,
      actions.approverEmail.actionId,
      actions.legacyFtp.actionId,
    ],
  );
  const receiptAgent = await agent(
    'Receipt capture',
    'Expense receipts: auto-approved when complete, archived in the DMS',
    [models.receipt.modelId, validations.receipt.validationId, hooks.errorAlert.hookId, actions.dmsArchive.actionId],
  );
  const draftAgent = await agent('Purchase orders (pilot)', 'Uses a model that is not active yet', [
    models.draft.modelId,
    hooks.errorAlert.hookId,
  ]);
  return { invoiceAgent, receiptAgent, draftAgent };
}

/** Runs in every state the lifecycle has, each moved there by the run engine as the API would. */
async function seedRuns(
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
    agents: Awaited<ReturnType<typeof seedAgents>>;
  },
) {
  const { invoiceAgent, receiptAgent, draftAgent } = agents;
  const doc = (index: number) => documents[index % documents.length].documentId;
  const run = (
    agentId: string,
    index: number,
    variables?: Record<string, unknown>,
    stopAt?: 'running' | 'pending-predictions',
  ) => createAgentRun(tx, scope, agentId, { documentId: doc(index), ...(variables ? { variables } : {}) }, { stopAt });
  const take = (created: Awaited<ReturnType<typeof run>>) =>
    updateValidationTask(tx, scope, validations.invoice.validationId, created.internal.taskId!, {
      status: 'in-progress',
    });
  const approve = async (created: Awaited<ReturnType<typeof run>>) => {
    await take(created);
    const corrected = created.internal.predictions.map(({ label, value, pages }) => ({
      label,
      value: value ?? '',
      pages,
    }));
    return updateValidationTask(tx, scope, validations.invoice.validationId, created.internal.taskId!, {
      status: 'succeeded',
      output: { groundTruth: corrected },
    });
  };
  const exportRun = (created: Awaited<ReturnType<typeof run>>, stopAt?: 'pending-export' | 'exported') =>
    exportAgentRun(tx, scope, created.agentId, created.runId, { stopAt });
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

async function createModel(tx: Tx, ctx: SeedContext, body: unknown, status: Model['status']): Promise<Model> {
  const parsed = createModelBodySchema.parse(body);
  const fieldConfig = parsed.fieldConfig ?? {};
  const model: Model = {
    modelId: newId('model'),
    organizationId: ctx.organizationId,
    trainingId: null,
    name: parsed.name ?? null,
    description: parsed.description ?? null,
    metadata: parsed.metadata ?? {},
    fieldConfig,
    preprocessConfig: parsed.preprocessConfig ?? {},
    postprocessConfig: { strategy: parsed.postprocessConfig?.strategy ?? 'BEST_FIRST', outputFormat: 'v1' },
    status,
    llmVersion: parsed.llmVersion ?? 'sonnet-4.5',
    confidenceVersion: parsed.confidenceVersion ?? 'v2',
    version: 0,
    numberOfRunningTrainings: 0,
    numberOfDataBundles: 0,
    statistics: { ...fieldStatistics(fieldConfig), numberOfPredictions: 0 },
    updatedFieldConfigTime: nowTimestamp(),
    ...createdStamp(ctx.actor),
  };
  await bumpCounter(tx, ctx.organizationId, 'numberOfModelsCreated', 1);
  return modelsRepo.create(tx, ctx.organizationId, model);
}

async function createValidation(tx: Tx, ctx: SeedContext, body: unknown): Promise<Validation> {
  const parsed = createValidationBodySchema.parse(body);
  const validationId = newId('validation');
  const validation: Validation = {
    validationId,
    id: validationId,
    name: parsed.name ?? null,
    description: parsed.description ?? null,
    metadata: {},
    config: parsed.config ?? {},
    enabled: parsed.enabled ?? true,
    ...createdStamp(ctx.actor),
  };
  await bumpCounter(tx, ctx.organizationId, 'numberOfValidationsCreated', 1);
  return validationsRepo.create(tx, ctx.organizationId, validation);
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
