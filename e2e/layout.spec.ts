/**
 * Issue 29 item 11: every screen, every width. On every main screen at 1440×900 and 1280×720, with the demo data, no
 * control (button, link, input, select, [role=button]) sticks out past the edge of the frame it scrolls in or the
 * window, and no text is cut without its whole text on hover; the create dialogs keep their buttons in view; the run
 * page shows who created the run.
 */
import type { Page } from '@playwright/test';
import type { AgentRun, Document } from '@/contract';
import { expect, test, type ServiceApi } from './support/fixtures';
import { coveredControls, expectNoClippedText } from './helpers/clipped-text';
import { expectNoControlPastEdge } from './helpers/layout-checks';
import { waitForPagePainted } from './helpers/viewer-checks';

const enc = encodeURIComponent;
const SIZES = [
  [1440, 900],
  [1280, 720],
] as const;

const list = async <T>(api: ServiceApi, path: string) =>
  Object.values(await api.get<Record<string, unknown>>(path)).find(Array.isArray) as T[];
const demoAgent = async (api: ServiceApi) =>
  (await list<{ agentId: string; name: string }>(api, '/agents')).find((a) => a.name === 'Invoice processing')!;
const demoPdf = async (api: ServiceApi) =>
  (await list<Document>(api, '/documents')).find((d) => d.name === 'INV-2024-5461.pdf')!;

/** A user whose name and email are longer than most: what a table's columns must make room for. */
const longNamedUser = (api: ServiceApi) =>
  api.post<{ userId: string }>('/users', {
    email: `bartholomew.long-name.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@accounts-payable.example.com`,
    name: 'Bartholomew Featherstonehaugh-Smythe',
    roleIds: ['svc:role:validator'],
  });

/** The main screens, each as a path found from the demo data. */
const SCREENS: Record<string, (api: ServiceApi) => Promise<string>> = {
  runs: async () => '/runs?refresh=0',
  'run detail': async (api) => {
    const agent = await demoAgent(api);
    const [run] = await list<AgentRun>(api, `/agents/${enc(agent.agentId)}/runs`);
    return `/runs/${enc(agent.agentId)}/${enc(run.runId)}`;
  },
  'hook run detail': async (api) => {
    const [hook] = await list<{ hookId: string }>(api, '/hooks');
    const [run] = await list<{ runId: string }>(api, `/hooks/${enc(hook.hookId)}/runs`);
    return `/runs/hooks/${enc(hook.hookId)}/${enc(run.runId)}`;
  },
  agents: async () => '/agents',
  'agent detail': async (api) => `/agents/${enc((await demoAgent(api)).agentId)}`,
  insights: async () => '/insights?window=30d',
  'agent insights': async (api) => `/insights/${enc((await demoAgent(api)).agentId)}?window=30d`,
  documents: async () => '/documents',
  'document detail': async (api) => `/documents/${enc((await demoPdf(api)).documentId)}`,
  models: async () => '/models',
  'model detail': async (api) => `/models/${enc((await list<{ modelId: string }>(api, '/models'))[0].modelId)}`,
  'new model': async () => '/models/new',
  validations: async () => '/validations',
  'validation detail': async (api) =>
    `/validations/${enc((await list<{ validationId: string }>(api, '/validations'))[0].validationId)}`,
  'new validation': async () => '/validations/new',
  users: async (api) => {
    await longNamedUser(api);
    return '/settings/users';
  },
  'user detail': async (api) => `/settings/users/${enc((await longNamedUser(api)).userId)}`,
  roles: async () => '/settings/roles',
  'role detail': async () => `/settings/roles/${enc('svc:role:admin')}`,
  'app clients': async () => '/settings/app-clients',
  'app client detail': async (api) =>
    `/settings/app-clients/${enc((await list<{ appClientId: string }>(api, '/appClients'))[0].appClientId)}`,
  organization: async () => '/settings/organization',
  'audit log': async () => '/settings/audit-log',
};

async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

async function expectEverythingWithinReach(page: Page) {
  await expectNoControlPastEdge(page.locator('body'));
  await expectNoClippedText(page.locator('body'));
  expect(await coveredControls(page.locator('body'))).toEqual([]);
}

for (const [width, height] of SIZES) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    for (const [name, pathOf] of Object.entries(SCREENS)) {
      test(`${name}: every control within reach, no text cut`, async ({ page, api }) => {
        await openScreen(page, await pathOf(api));
        if (name === 'document detail') await waitForPagePainted(page, 1);
        await expectEverythingWithinReach(page);
      });
    }

    test('review: the viewer toolbar holds one line, fields and raw values read whole', async ({
      page,
      api,
      unique,
    }) => {
      // A queue of its own: the demo model, and a copy of the demo validation (which asks for review on the demo
      // invoice), so this agent's tasks are its own.
      const [model] = (await list<{ modelId: string; name: string }>(api, '/models')).filter(
        (m) => m.name === 'Invoice extraction',
      );
      const [checks] = (await list<{ name: string; config: unknown }>(api, '/validations')).filter(
        (v) => v.name === 'Invoice checks',
      );
      const validation = await api.post<{ validationId: string }>('/validations', {
        name: unique('Layout checks'),
        enabled: true,
        config: checks.config,
      });
      const agent = await api.post<{ agentId: string }>('/agents', {
        name: unique('Layout agent'),
        resourceIds: [model.modelId, validation.validationId],
      });
      const run = await api.post<AgentRun>(`/agents/${enc(agent.agentId)}/runs`, {
        documentId: (await demoPdf(api)).documentId,
      });
      expect(run.status).toBe('ready-for-review');

      await page.goto(`/runs/review?agentId=${enc(agent.agentId)}`);
      await expect(page.getByRole('textbox', { name: 'Value of vendor_name', exact: true })).toHaveValue(
        'Kestrel Logistics Ltd',
      );
      await waitForPagePainted(page, 1);
      const toolbar = page.getByRole('toolbar', { name: 'Document tools' });
      const tops = await toolbar.evaluate((bar) =>
        [...bar.querySelectorAll('button, input, select')]
          .filter((el) => el.getBoundingClientRect().width > 0)
          .map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2)),
      );
      expect(Math.max(...tops) - Math.min(...tops), 'the toolbar wraps').toBeLessThan(8);
      await expectEverythingWithinReach(page);
    });

    test('the create dialogs keep their buttons in view', async ({ page }) => {
      for (const [path, name] of [
        ['/settings/users', 'Create user'],
        ['/settings/app-clients', 'Create app client'],
        ['/settings/roles', 'Create role'],
      ] as const) {
        await openScreen(page, path);
        await page.getByRole('button', { name }).first().click();
        const dialog = page.getByRole('dialog', { name });
        await expect(dialog).toBeVisible();
        for (const button of ['Cancel', name]) {
          await expect(dialog.getByRole('button', { name: button, exact: true })).toBeInViewport({ ratio: 1 });
        }
        await expectNoControlPastEdge(dialog);
        await expectNoClippedText(dialog);
        expect(await coveredControls(dialog)).toEqual([]);
        await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
        await expect(dialog).toBeHidden();
      }
    });

    test('the run page says who created the run', async ({ page, api }) => {
      await openScreen(page, await SCREENS['run detail'](api));
      const header = page.getByText(/^Agent .* · created/);
      await expect(header).toBeInViewport();
      await expect(header).toContainText(/created .+ by \S+/);
    });
  });
}
