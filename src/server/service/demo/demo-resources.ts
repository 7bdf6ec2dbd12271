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
import { bumpCounter, type Tx } from '@/server/service/storage';
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
  await bumpCounter(tx, ctx.organizationId, 'numberOfModelsCreated', 1);
  return modelsRepo.create(tx, ctx.organizationId, newModel(createModelBodySchema.parse(body), ctx, status));
}

export async function seedValidations(tx: Tx, ctx: SeedContext): Promise<DemoValidations> {
  return {
    invoice: await seedValidation(tx, ctx, DEMO_VALIDATIONS.invoice),
    receipt: await seedValidation(tx, ctx, DEMO_VALIDATIONS.receipt),
  };
}

export async function seedValidation(tx: Tx, ctx: SeedContext, body: CreateValidationBody): Promise<Validation> {
  await bumpCounter(tx, ctx.organizationId, 'numberOfValidationsCreated', 1);
  return validationsRepo.create(tx, ctx.organizationId, newValidation(createValidationBodySchema.parse(body), ctx));
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
  await bumpCounter(tx, ctx.organizationId, 'numberOfActionsCreated', 1);
  return actionsRepo.create(tx, ctx.organizationId, newAction(createActionBodySchema.parse(body), ctx));
}

export async function seedHook(tx: Tx, ctx: SeedContext, body: CreateHookBody): Promise<Hook> {
  await bumpCounter(tx, ctx.organizationId, 'numberOfHooksCreated', 1);
  return hooksRepo.create(tx, ctx.organizationId, newHook(createHookBodySchema.parse(body), ctx));
}

export async function seedAgent(tx: Tx, ctx: SeedContext, body: CreateAgentBody): Promise<Agent> {
  await bumpCounter(tx, ctx.organizationId, 'numberOfAgentsCreated', 1);
  return agentsRepo.create(tx, ctx.organizationId, newAgent(createAgentBodySchema.parse(body), ctx));
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
