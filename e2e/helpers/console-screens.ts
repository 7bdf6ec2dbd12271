/**
 * Every route of the console with a URL to open it, found from the demo data: the accessibility scan covers each
 * one (a route added without an entry here fails accessibility.spec.ts), and the reflow checks open the same screens.
 */
import type { Page } from '@playwright/test';
import type { AgentRun, Document } from '@/contract';
import { expect, type ServiceApi } from '../support/fixtures';
import { waitForPagePainted } from './viewer-checks';

export const enc = encodeURIComponent;
/** The array of a list response, whatever its key (`runs`, `agents`, …). */
export const list = async <T>(api: ServiceApi, path: string) =>
  Object.values(await api.get<Record<string, unknown>>(path)).find(Array.isArray) as T[];
/** The demo's invoice agent, and its invoice PDF. */
export const demoAgent = async (api: ServiceApi) =>
  (await list<{ agentId: string; name: string }>(api, '/agents?maxResults=1000')).find(
    (a) => a.name === 'Invoice processing',
  )!;
const demoPdf = async (api: ServiceApi) =>
  (await list<Document>(api, '/documents?maxResults=1000')).find((d) => d.name === 'INV-2024-5461.pdf')!;

/** An agent of this test's own with `runs` runs waiting for review on the demo invoice: a queue nobody else takes. */
export async function reviewQueueOfItsOwn(api: ServiceApi, name: string, runs = 1) {
  const models = await list<{ modelId: string; name: string }>(api, '/models?maxResults=1000');
  const checks = (await list<{ name: string; config: unknown }>(api, '/validations?maxResults=1000')).find(
    (v) => v.name === 'Invoice checks',
  )!;
  const validation = await api.post<{ validationId: string }>('/validations', {
    name: `${name} checks`,
    enabled: true,
    config: checks.config,
  });
  const agent = await api.post<{ agentId: string }>('/agents', {
    name,
    resourceIds: [models.find((m) => m.name === 'Invoice extraction')!.modelId, validation.validationId],
  });
  const documentId = (await demoPdf(api)).documentId;
  for (let n = 0; n < runs; n++) {
    const run = await api.post<AgentRun>(`/agents/${enc(agent.agentId)}/runs`, { documentId });
    expect(run.status).toBe('ready-for-review');
  }
  return agent.agentId;
}

export type Screen = {
  /** A URL of this route, found from the demo data. */
  path: (api: ServiceApi, unique: (prefix: string) => string) => Promise<string>;
  /** What shows the screen is drawn (its data loaded), beyond the <main> every scan waits for. */
  ready?: (page: Page) => Promise<void>;
  signedOut?: true;
};

export const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

/** Every route of src/routeTree.gen.ts (its `to` paths), each with a URL to open. */
export const SCREENS: Record<string, Screen> = {
  '/': { path: async () => '/' },
  '/sign-in': { path: async () => '/sign-in', signedOut: true },
  '/$': { path: async () => '/no-such-screen' },
  '/runs': { path: async () => '/runs?refresh=0' },
  '/runs/$agentId/$runId': {
    path: async (api) => {
      const agent = await demoAgent(api);
      const [run] = await list<AgentRun>(api, `/agents/${enc(agent.agentId)}/runs`);
      return `/runs/${enc(agent.agentId)}/${enc(run.runId)}`;
    },
  },
  '/runs/hooks/$hookId/$runId': {
    path: async (api) => {
      const [hook] = await list<{ hookId: string }>(api, '/hooks');
      const [run] = await list<{ runId: string }>(api, `/hooks/${enc(hook.hookId)}/runs`);
      return `/runs/hooks/${enc(hook.hookId)}/${enc(run.runId)}`;
    },
  },
  '/runs/actions/$actionId/$runId': {
    path: async (api) => {
      const email = (await list<{ actionId: string; name: string }>(api, '/actions?maxResults=1000')).find(
        (a) => a.name === 'Email the approver',
      )!;
      const [run] = await list<{ runId: string }>(api, `/actions/${enc(email.actionId)}/runs`);
      return `/runs/actions/${enc(email.actionId)}/${enc(run.runId)}`;
    },
  },
  '/runs/review': {
    path: async (api, unique) => `/runs/review?agentId=${enc(await reviewQueueOfItsOwn(api, unique('A11y review')))}`,
    ready: async (page) => {
      // Any of the field's boxes, named in whichever language the console speaks.
      await expect(page.getByRole('textbox', { name: /vendor_name/ }).first()).toBeVisible();
      await waitForPagePainted(page, 1);
    },
  },
  '/agents': { path: async () => '/agents' },
  '/agents/$agentId': { path: async (api) => `/agents/${enc((await demoAgent(api)).agentId)}` },
  '/insights': { path: async () => '/insights?window=30d' },
  '/insights/$agentId': { path: async (api) => `/insights/${enc((await demoAgent(api)).agentId)}?window=30d` },
  '/documents': { path: async () => '/documents' },
  '/documents/$documentId': {
    path: async (api) => `/documents/${enc((await demoPdf(api)).documentId)}`,
    ready: (page) => waitForPagePainted(page, 1),
  },
  '/models': { path: async () => '/models' },
  '/models/$modelId': {
    path: async (api) => `/models/${enc((await list<{ modelId: string }>(api, '/models'))[0].modelId)}`,
  },
  '/models/new': { path: async () => '/models/new' },
  '/validations': { path: async () => '/validations' },
  '/validations/$validationId': {
    path: async (api) =>
      `/validations/${enc((await list<{ validationId: string }>(api, '/validations'))[0].validationId)}`,
  },
  '/validations/new': { path: async () => '/validations/new' },
  '/settings/users': { path: async () => '/settings/users' },
  '/settings/users/$userId': {
    path: async (api, unique) => {
      const name = unique('A11y user');
      const email = `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`;
      return `/settings/users/${enc((await api.post<{ userId: string }>('/users', { email, name })).userId)}`;
    },
  },
  '/settings/roles': { path: async () => '/settings/roles' },
  '/settings/roles/$roleId': { path: async () => `/settings/roles/${enc('svc:role:admin')}` },
  '/settings/app-clients': { path: async () => '/settings/app-clients' },
  '/settings/app-clients/$appClientId': {
    path: async (api) =>
      `/settings/app-clients/${enc((await list<{ appClientId: string }>(api, '/appClients'))[0].appClientId)}`,
  },
  '/settings/organization': { path: async () => '/settings/organization' },
  '/settings/audit-log': { path: async () => '/settings/audit-log' },
};
