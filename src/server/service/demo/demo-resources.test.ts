/**
 * The demo's records are the API's: a model, validation, action, hook or agent the demo seeds from a create body is,
 * field for field, what POST makes of the same body (ids and times aside; whether a time is set is compared). Demo and
 * endpoints build them with one module (resources/); bodies without the optional fields are here on purpose: two
 * builders had drifted there (the demo set `updatedFieldConfigTime` on a model without `fieldConfig` and dropped the
 * `metadata` of validations, actions and hooks).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedContext } from '@/server/service/context';
import type { Tx } from '@/server/service/storage';
import { apiClient, type ApiClient } from '@/server/service/testing/http';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { DEMO_ACTIONS, DEMO_MODELS, DEMO_VALIDATIONS } from './demo-definitions';
import { seedAction, seedAgent, seedHook, seedModel, seedValidation } from './demo-resources';

let svc: TestService;
let api: ApiClient;
let organizationId: string;

beforeAll(async () => {
  svc = await startTestService();
  api = apiClient(svc.baseUrl, await svc.getToken());
  organizationId = (await api.get('/organizations/me')).body.organizationId;
});
afterAll(() => svc?.close());

const IDS = ['modelId', 'validationId', 'id', 'actionId', 'hookId', 'agentId'];
const TIMES = ['createdTime', 'updatedTime', 'updatedFieldConfigTime'];

/** The record without its ids, and with `set` or null for its times. */
function comparable(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record)
      .filter(([key]) => !IDS.includes(key))
      .map(([key, value]) => [key, TIMES.includes(key) && value !== null ? 'set' : value]),
  );
}

/** What the API makes of `body`, and what the demo seeder makes of it as the same caller. */
async function apiAndDemo<T>(
  path: string,
  body: object,
  seed: (tx: Tx, ctx: SeedContext) => Promise<T>,
): Promise<[Record<string, unknown>, Record<string, unknown>]> {
  const created = await api.post(path, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const ctx: SeedContext = { ...svc.context(), organizationId, actor: created.body.createdBy };
  const seeded = await ctx.store.transaction((tx) => seed(tx, ctx));
  return [comparable(created.body), comparable(seeded as Record<string, unknown>)];
}

describe('the demo builds its records as the API does', () => {
  it.each([
    ['the invoice model', DEMO_MODELS.invoice],
    ['a model without fieldConfig', { name: 'No fields yet', metadata: { team: 'demo' } }],
  ])('%s', async (_what, body) => {
    const [fromApi, fromDemo] = await apiAndDemo('/models', body, (tx, ctx) => seedModel(tx, ctx, body, 'active'));
    expect(fromDemo).toEqual(fromApi);
  });

  it.each([
    ['the invoice checks', DEMO_VALIDATIONS.invoice],
    ['a validation with metadata', { name: 'Tagged', metadata: { owner: 'ap' } }],
  ])('%s', async (_what, body) => {
    const [fromApi, fromDemo] = await apiAndDemo('/validations', body, (tx, ctx) => seedValidation(tx, ctx, body));
    expect(fromDemo).toEqual(fromApi);
  });

  it('actions, hooks and agents', async () => {
    const action = { ...DEMO_ACTIONS.erpExport, metadata: { owner: 'ap' } };
    const [actionFromApi, actionFromDemo] = await apiAndDemo('/actions', action, (tx, ctx) =>
      seedAction(tx, ctx, action),
    );
    expect(actionFromDemo).toEqual(actionFromApi);
    const hook = { name: 'On review', trigger: 'ready-for-review' as const, metadata: { owner: 'ap' } };
    const [hookFromApi, hookFromDemo] = await apiAndDemo('/hooks', hook, (tx, ctx) => seedHook(tx, ctx, hook));
    expect(hookFromDemo).toEqual(hookFromApi);
    const agent = { name: 'Pilot', description: 'No resources yet', metadata: { demo: true }, resourceIds: [] };
    const [agentFromApi, agentFromDemo] = await apiAndDemo('/agents', agent, (tx, ctx) => seedAgent(tx, ctx, agent));
    expect(agentFromDemo).toEqual(agentFromApi);
  });
});
