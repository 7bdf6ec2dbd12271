/**
 * Issue 37: every dialog and menu of the console, open, scanned for WCAG 2.2 AA (and axe's best practices) at 1440
 * and 390 px in the light and the dark theme; and each one gives focus back to what opened it when it closes.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, type ServiceApi } from './support/fixtures';
import { SCAN_VIEWPORTS, expectAccessibleInBothThemes } from './helpers/a11y';
import { demoAgent, enc } from './helpers/console-screens';

const demoAgentId = async (api: ServiceApi) => (await demoAgent(api)).agentId;

type Opened = { surface: Locator; trigger: Locator };
type Overlay = {
  path: (api: ServiceApi) => Promise<string>;
  /** Opens the dialog or menu; returns it and the control focus must come back to. */
  open: (page: Page) => Promise<Opened>;
  /** Only where the control that opens it is shown. */
  widths?: number[];
};

// The first: an empty list repeats its screen's create button in its empty state.
const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: true }).first();
async function clicked(trigger: Locator, surface: Locator): Promise<Opened> {
  await trigger.click();
  await expect(surface).toBeVisible();
  return { surface, trigger };
}
const dialogFrom = (name: string, dialog: string, path = async () => '/runs?refresh=0'): Overlay => ({
  path,
  open: (page) => clicked(button(page, name), page.getByRole('dialog', { name: dialog })),
});

const OVERLAYS: Record<string, Overlay> = {
  'operator menu': {
    path: async () => '/runs?refresh=0',
    open: (page) => clicked(button(page, /^Operator .* Open menu$/), page.getByRole('menu')),
  },
  'sessions dialog': {
    path: async () => '/runs?refresh=0',
    open: async (page) => {
      const trigger = button(page, /^Operator .* Open menu$/);
      await trigger.click();
      await page.getByRole('menuitem', { name: 'Sessions' }).click();
      const surface = page.getByRole('dialog', { name: /sessions/i });
      await expect(surface).toBeVisible();
      return { surface, trigger };
    },
  },
  'command palette': {
    path: async () => '/runs?refresh=0',
    open: async (page) => {
      const trigger = button(page, /^Jump to or paste an id/);
      return clicked(trigger, page.getByRole('dialog'));
    },
  },
  'keyboard shortcuts': {
    ...dialogFrom('Keyboard shortcuts (?)', 'Keyboard shortcuts'),
    widths: [1440],
  },
  'navigation drawer': {
    path: async () => '/runs?refresh=0',
    open: (page) => clicked(button(page, 'Open navigation'), page.getByRole('dialog', { name: /navigation/i })),
    widths: [390],
  },
  'columns menu': {
    path: async () => '/runs?refresh=0',
    open: (page) => clicked(button(page, 'Columns'), page.getByRole('menu')),
  },
  'archive matching runs': {
    path: async (api) => `/runs?agent=${enc(await demoAgentId(api))}&refresh=0`,
    open: (page) => clicked(button(page, 'Archive all matching…'), page.getByRole('alertdialog', { name: /^Archive/ })),
  },
  'create agent': dialogFrom('Create agent', 'Create agent', async () => '/agents'),
  'create user': dialogFrom('Create user', 'Create user', async () => '/settings/users'),
  'discard unsaved changes': {
    path: async () => '/settings/users',
    open: async (page) => {
      const { surface: form } = await clicked(
        button(page, 'Create user'),
        page.getByRole('dialog', { name: 'Create user' }),
      );
      await form.getByLabel('Description').fill('half-typed');
      await page.keyboard.press('Escape');
      const surface = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
      await expect(surface).toBeVisible();
      // Keeping the edit returns to the form: focus goes back inside it.
      return { surface, trigger: form };
    },
  },
  'create role': dialogFrom('Create role', 'Create role', async () => '/settings/roles'),
  'create app client': dialogFrom('Create app client', 'Create app client', async () => '/settings/app-clients'),
  'edit organization': dialogFrom('Edit organization', 'Edit organization', async () => '/settings/organization'),
  'create organization': dialogFrom('Create organization', 'Create organization', async () => '/settings/organization'),
};

for (const viewport of SCAN_VIEWPORTS) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });
    for (const [name, overlay] of Object.entries(OVERLAYS)) {
      if (overlay.widths && !overlay.widths.includes(viewport.width)) continue;
      test(`${name} passes the scan, light and dark, and gives focus back when it closes`, async ({ page, api }) => {
        await page.goto(await overlay.path(api));
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        const { surface, trigger } = await overlay.open(page);
        await expectAccessibleInBothThemes(page, `${name} at ${viewport.width} px`);
        await page.keyboard.press('Escape');
        await expect(surface).toBeHidden();
        // Focus is back on the control that opened it (or inside the form a confirmation came from).
        await expect
          .poll(() => trigger.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
          .toBe(true);
      });
    }
  });
}
