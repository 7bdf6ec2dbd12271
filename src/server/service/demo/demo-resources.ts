/**
 * The demo's models, validations, actions, hooks and agents: built by the same modules as the API's (resources/) from
 * create bodies the contract parses, counted as the API counts them.
 */
import {
  createActionBodySchema,
  createAgentBodySchema,
  createHookBodySchema,
  createModelBodySchema,
  createValidationBodySchema,
  type Action,
  type Agent,
  type CreateActionBody,
  type CreateAgentBody,
  type CreateHookBody,
  type CreateModelBody,
  type CreateValidationBody,
  type Hook,
  type Model,
  type Validation,
} from '@/contract';
import type { SeedContext } from '@/server/service/context';
import { newAgent } from '@/server/service/resources/agents';
import { newAction, newHook } from '@/server/service/resources/hooks-and-actions';
import { newModel } from '@/server/service/resources/models';
import { newValidation } from '@/server/service/resources/validations';
import { bumpCounter, type CreatedCounter, type Repository, type Tx } from '@/server/service/storage';
import { agentsRepo } from '@/server/service/storage/repositories/agents';
import { actionsRepo, hooksRepo } from '@/server/service/storage/repositories/hooks-and-actions';
import { modelsRepo } from '@/server/service/storage/repositories/models';
import { validationsRepo } from '@/server/service/storage/repositories/validations';
import { DEMO_ACTIONS, DEMO_HOOKS, DEMO_MODELS, DEMO_VALIDATIONS } from './demo-definitions';

export type DemoModels = Record<'invoice' | 'receipt' | 'draft', Model>;
export type DemoValidations = Record<'invoice' | 'receipt', Validation>;
export type DemoActions = Record<keyof typeof DEMO_ACTIONS, Action>;
export type DemoHooks = Record<string, Hook>;
export type DemoAgents = Record<'invoiceAgent' | 'receiptAgent' | 'draftAgent', Agent>;

/** Two active models and a draft that is not trained yet (inactive, so its runs end in error). */
export async function seedModels(tx: Tx, ctx: SeedContext): Promise<DemoModels> {
  return {
    invoice: await seedModel(tx, ctx, DEMO_MODELS.invoice, 'active'),
    receipt: await seedModel(tx, ctx, DEMO_MODELS.receipt, 'active'),
    draft: await seedModel(
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
}

export async function seedModel(
  tx: Tx,
  ctx: SeedContext,
  body: CreateModelBody,
  status: Model['status'],
): Promise<Model> {
  return stored(tx, ctx, 'numberOfModelsCreated', modelsRepo, newModel(createModelBodySchema.parse(body), ctx, status));
}

export async function seedValidations(tx: Tx, ctx: SeedContext): Promise<DemoValidations> {
  return {
    invoice: await seedValidation(tx, ctx, DEMO_VALIDATIONS.invoice),
    receipt: await seedValidation(tx, ctx, DEMO_VALIDATIONS.receipt),
  };
}

export async function seedValidation(tx: Tx, ctx: SeedContext, body: CreateValidationBody): Promise<Validation> {
  const validation = newValidation(createValidationBodySchema.parse(body), ctx);
  return stored(tx, ctx, 'numberOfValidationsCreated', validationsRepo, validation);
}

/** The demo actions, and the hooks that start them. */
export async function seedActionsAndHooks(
  tx: Tx,
  ctx: SeedContext,
): Promise<{ actions: DemoActions; hooks: DemoHooks }> {
  const actions = {} as DemoActions;
  for (const [key, body] of Object.entries(DEMO_ACTIONS) as [keyof typeof DEMO_ACTIONS, CreateActionBody][]) {
    actions[key] = await seedAction(tx, ctx, body);
  }
  const hooks: DemoHooks = {};
  for (const [key, { action, ...body }] of Object.entries(DEMO_HOOKS)) {
    hooks[key] = await seedHook(tx, ctx, { ...body, ...(action ? { actionId: actions[action].actionId } : {}) });
  }
  return { actions, hooks };
}

export async function seedAction(tx: Tx, ctx: SeedContext, body: CreateActionBody): Promise<Action> {
  return stored(tx, ctx, 'numberOfActionsCreated', actionsRepo, newAction(createActionBodySchema.parse(body), ctx));
}

export async function seedHook(tx: Tx, ctx: SeedContext, body: CreateHookBody): Promise<Hook> {
  return stored(tx, ctx, 'numberOfHooksCreated', hooksRepo, newHook(createHookBodySchema.parse(body), ctx));
}

export async function seedAgent(tx: Tx, ctx: SeedContext, body: CreateAgentBody): Promise<Agent> {
  return stored(tx, ctx, 'numberOfAgentsCreated', agentsRepo, newAgent(createAgentBodySchema.parse(body), ctx));
}

/** Counts and stores a record as the API's create does: the organization's counter, then the row. */
async function stored<T extends object>(
  tx: Tx,
  ctx: SeedContext,
  counter: CreatedCounter,
  repo: Repository<T>,
  record: T,
): Promise<T> {
  await bumpCounter(tx, ctx.organizationId, counter, 1);
  return repo.create(tx, ctx.organizationId, record);
}

/** Three agents: invoices (reviewed, exported), receipts (auto-approved), and a pilot on an inactive model. */
export async function seedAgents(
  tx: Tx,
  ctx: SeedContext,
  {
    models,
    validations,
    actions,
    hooks,
  }: { models: DemoModels; validations: DemoValidations; actions: DemoActions; hooks: DemoHooks },
): Promise<DemoAgents> {
  const agent = (name: string, description: string, resourceIds: string[]) =>
    seedAgent(tx, ctx, { name, description, metadata: { demo: true }, resourceIds });
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
