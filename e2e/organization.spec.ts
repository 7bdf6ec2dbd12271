import { test, expect, expectAccessible } from './support/fixtures';
import { consoleWrite } from './helpers/console-write';

interface Organization {
  organizationId: string;
  name: string | null;
  description: string | null;
  documentRetentionInDays: number;
  numberOfUsersAllowed: number;
  numberOfUsersCreated: number;
}

// Edits change the one organization every spec shares: this file's tests run one after another and put back what
// they change.
test.describe.configure({ mode: 'serial' });

test('shows the organization with every quota as usage against allowance', async ({ page, api }) => {
  const org = await api.get<Organization>('/organizations/me');
  await page.goto('/settings/organization');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(org.name || 'Unnamed organization');
  await expect(page.getByText(org.organizationId).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy organization id' }).first()).toBeVisible();

  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(`${org.documentRetentionInDays.toLocaleString('en-US')} days`);

  const monthly = page.getByRole('table', { name: 'Monthly quotas' });
  await expect(monthly.getByRole('columnheader', { name: 'Used this month' })).toBeVisible();
  for (const label of ['Documents', 'Predictions', 'Agent runs', 'Validation tasks', 'Page predictions']) {
    await expect(monthly.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
  }
  const total = page.getByRole('table', { name: 'Total quotas' });
  const usersRow = total.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Users', exact: true }) });
  await expect(usersRow).toContainText(org.numberOfUsersAllowed.toLocaleString('en-US'));
  await expect(usersRow).toContainText(org.numberOfUsersCreated.toLocaleString('en-US'));
  await expect(usersRow.getByRole('meter')).toHaveAttribute('aria-valuemax', String(org.numberOfUsersAllowed));

  await expect(page.getByRole('table', { name: 'Organizations' })).toContainText(org.organizationId);
  await expectAccessible(page);
});

test('edit: invalid values are refused with the rule, a valid change is saved', async ({ page, api, unique }) => {
  const before = await api.get<Organization>('/organizations/me');
  const description = unique('Operations team');
  try {
    await page.goto('/settings/organization');
    await page.getByRole('button', { name: 'Edit organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit organization' });

    await dialog.getByLabel('URL').fill('ftp://files.example.com');
    await dialog.getByLabel('Document retention (days)').fill('0');
    await dialog.getByLabel('Metadata').fill('[1, 2]');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toContainText('must start with http://localhost or https://');
    await expect(dialog).toContainText('must be an integer from 1 to 1825');
    await expect(dialog).toContainText('Metadata must be a JSON object');
    await expect(dialog.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    await dialog.getByLabel('URL').fill('https://ops.example.com');
    await dialog.getByLabel('Document retention (days)').fill('90');
    await dialog.getByLabel('Metadata').fill('{"team": "ops"}');
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Organization saved')).toBeVisible();

    const details = page.getByRole('region', { name: 'Details' });
    await expect(details).toContainText('90 days');
    await expect(details).toContainText('https://ops.example.com');
    await expect(details).toContainText('"team": "ops"');
    await expect(page.locator('.page-header__description')).toHaveText(description);

    const after = await api.get<Organization & { url: string; metadata: unknown }>('/organizations/me');
    expect(after).toMatchObject({
      description,
      documentRetentionInDays: 90,
      url: 'https://ops.example.com',
      metadata: { team: 'ops' },
    });
  } finally {
    await api.patch(`/organizations/${before.organizationId}`, {
      description: before.description,
      documentRetentionInDays: before.documentRetentionInDays,
      metadata: {},
    });
  }
});

test('a renamed organization shows its new name in the sidebar', async ({ page, api, unique }) => {
  const before = await api.get<Organization>('/organizations/me');
  const name = unique('Renamed org');
  try {
    await page.goto('/settings/organization');
    await page.getByRole('button', { name: 'Edit organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit organization' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toContainText(name);
  } finally {
    await api.patch(`/organizations/${before.organizationId}`, { name: before.name });
  }
});

test('closing or leaving an edited form asks before discarding the changes', async ({ page }) => {
  // Arrive by an in-app navigation, so "back" stays inside the console (the router's guard, not the browser's).
  await page.goto('/settings/audit-log');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organization' }).click();
  await page.getByRole('button', { name: 'Edit organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit organization' });
  await dialog.getByLabel('Description').fill('half-typed change');

  // Escape on the dialog
  await page.keyboard.press('Escape');
  const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Description')).toHaveValue('half-typed change');

  // Navigation (browser back) while the form is edited
  await page.evaluate(() => window.history.back());
  const leave = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/settings\/organization/);

  // Cancel button → discard
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click();
  await expect(dialog).toBeHidden();

  // An unchanged form closes without asking.
  await page.getByRole('button', { name: 'Edit organization' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Edit organization' })).toBeHidden();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('create an organization: it appears in the organizations list', async ({ page, unique }) => {
  const name = unique('Subsidiary');
  await page.goto('/settings/organization');
  await page.getByRole('button', { name: 'Create organization' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create organization' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('URL').fill('not a url');
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(dialog).toContainText('must start with http://localhost or https://');
  await dialog.getByLabel('URL').fill('https://subsidiary.example.com');
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Organization ${name} created`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Organizations' })).toContainText(name);
});

test('a viewer operator sees the organization, is offered no edit, and the BFF refuses one anyway', async ({
  viewerPage: page,
}) => {
  await page.goto('/settings/organization');
  await page.getByRole('heading', { name: 'Details' }).waitFor();
  await expect(page.getByRole('button', { name: 'Edit organization' })).toHaveCount(0);
  const organizationId = await page.evaluate(
    async () =>
      (
        (await (await fetch('/api/organizations/me', { headers: { 'X-CSRF': '1' } })).json()) as {
          organizationId: string;
        }
      ).organizationId,
  );
  const refused = await consoleWrite(page, 'PATCH', `/organizations/${encodeURIComponent(organizationId)}`, {
    description: 'viewer change',
  });
  expect(refused.status).toBe(403);
  expect(refused.message).toContain('may only read');
  await expectAccessible(page);
});
