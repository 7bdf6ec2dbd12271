import { test, expect, expectAccessible } from './support/fixtures';
import { E2E_OPERATORS } from './support/servers';

test.describe('sign-in', () => {
  // Signed out: a fresh context without the stored session.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a signed-out visit goes to sign-in and comes back to the page after signing in', async ({ page }) => {
    await page.goto('/settings/audit-log?method=PATCH');
    await expect(page).toHaveURL(/\/sign-in\?redirect=/);
    await expect(page.getByRole('heading', { name: 'Sign in to DPS Console' })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Name').fill(E2E_OPERATORS.admin.name);
    await page.getByLabel('Password').fill(E2E_OPERATORS.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/settings\/audit-log\?method=PATCH$/);
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`Operator ${E2E_OPERATORS.admin.name}`) })).toBeVisible();
  });

  test('a wrong password is refused with the reason', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Name').fill(E2E_OPERATORS.admin.name);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong name or password.');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('a used or expired launch link explains what to do', async ({ page }) => {
    await page.goto('/bff/launch?token=not-a-real-token');
    await expect(page).toHaveURL(/\/sign-in\?error=launch-link/);
    await expect(page.getByRole('alert')).toContainText('launch link has expired or was already used');
  });

  test('a redirect to another site is not followed', async ({ page }) => {
    await page.goto('/sign-in?redirect=//evil.example/x');
    await page.getByLabel('Name').fill(E2E_OPERATORS.admin.name);
    await page.getByLabel('Password').fill(E2E_OPERATORS.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/runs$/);
  });
});

test('a 401 while signed in returns to sign-in with the page to come back to', async ({ page, context }) => {
  await page.goto('/settings/organization');
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  // The session ends (cookie gone) while the console is open; the next screen's data answers 401.
  await context.clearCookies();
  const auditLog = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' });
  // Hovering preloads the screen's data, which answers 401: the operator stays on the page being read…
  const auditAnswer = (timeout?: number) =>
    page.waitForResponse((response) => response.url().includes('/bff/audit'), { timeout });
  const preload = auditAnswer();
  await auditLog.hover();
  expect((await preload).status()).toBe(401);
  // Had the console reacted to that 401, it would have gone to sign-in as it handled it. Rather than give it time,
  // wait for a request the page sends only once it has handled it: a second preload of the screen (a preload still
  // in flight is shared, so one goes out only after the first has failed). Hover again until it does.
  await expect(async () => {
    const again = auditAnswer(2_000);
    await page.mouse.move(0, 0);
    await auditLog.hover();
    expect((await again).status()).toBe(401);
  }).toPass({ intervals: [100] });
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/organization$/);
  // …and the click goes to sign-in, which brings them back to the page they clicked.
  await auditLog.click();
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fsettings%2Faudit-log/);
  await page.getByLabel('Name').fill(E2E_OPERATORS.admin.name);
  await page.getByLabel('Password').fill(E2E_OPERATORS.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings\/audit-log$/);
});

test('the shell: sidebar sections, organization name, breadcrumbs, operator menu', async ({ page, api }) => {
  const organization = await api.get<{ name: string | null }>('/organizations/me');
  await page.goto('/settings/organization');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of [
    'Runs',
    'Agents',
    'Documents',
    'Models',
    'Validations',
    'Organization',
    'Users',
    'Roles',
    'App clients',
    'Audit log',
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Organization' })).toHaveAttribute('aria-current', 'page');
  if (organization.name)
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toContainText(organization.name);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Organization');

  await page.getByRole('button', { name: /^Operator e2e-admin, Administrator/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('e2e-admin');
  await expect(menu).toContainText('Administrator');
  await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectAccessible(page);
});

test('an unknown address shows the not-found view with a way out', async ({ page }) => {
  await page.goto('/settings/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/settings/no-such-screen')).toBeVisible();
  await expectAccessible(page);
});

test('⌘K jumps to a screen by name and to a resource by pasted id', async ({ page, api }) => {
  const me = await api.get<{ organizationId: string }>('/organizations/me');
  await page.goto('/settings/organization');
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();

  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog');
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  await input.fill('audit');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/audit-log$/);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();

  // A user id opens the user's detail route (the path parameter encoded by the router).
  const userId = 'svc:user:3f2a9c0e5b7d41e8a6c2d9f0b1e4a7c3';
  await page.keyboard.press('ControlOrMeta+k');
  await page.getByRole('dialog').getByRole('combobox').fill(userId);
  await expect(page.getByRole('option', { name: new RegExp(`Open user ${userId}`) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(`/settings/users/${userId}`);

  // An agent run reference opens the run.
  const agentId = 'svc:agent:0123456789abcdef0123456789abcdef';
  const runId = 'svc:run:fedcba9876543210fedcba9876543210';
  await page.keyboard.press('ControlOrMeta+k');
  await page.getByRole('dialog').getByRole('combobox').fill(`${agentId}/${runId}`);
  await page.keyboard.press('Enter');
  await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(`/runs/${agentId}/${runId}`);

  // The organization's own id goes to the organization screen.
  await page.keyboard.press('ControlOrMeta+k');
  await page.getByRole('dialog').getByRole('combobox').fill(me.organizationId);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/organization$/);

  // A run id alone is looked up among the agents, hooks and actions (e2e/command-palette.spec.ts opens real ones);
  // this one belongs to none of them, and the palette says so.
  await page.keyboard.press('ControlOrMeta+k');
  await page.getByRole('dialog').getByRole('combobox').fill(runId);
  await expect(page.getByRole('dialog')).toContainText(
    `Not found: no agent, hook or action run ${runId} in this organization.`,
  );
  await expectAccessible(page);
});

test('? shows the keyboard shortcuts and g + key goes to a screen', async ({ page }) => {
  await page.goto('/settings/organization');
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Jump to a screen or paste an id');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page).toHaveURL(/\/settings\/audit-log$/);
});

test('the theme toggle switches light/dark and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings/organization');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page);
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // Click once the page has loaded, as an operator would: a click during the first render can land on a pending view.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test('on a phone the sidebar is a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/organization');
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await drawer.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/settings\/audit-log$/);
  await expect(drawer).toBeHidden();
});
