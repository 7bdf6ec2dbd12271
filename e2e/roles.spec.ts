import { test, expect, expectAccessible } from './support/fixtures';
import type { Role } from '@/contract';
import { consoleWrite } from './helpers/console-write';

test('create a role with permissions and edit it', async ({ page, api, unique }) => {
  const name = unique('Invoice clerks');
  await page.goto('/settings/roles');
  await expect(page.getByRole('table', { name: 'Roles' })).toContainText('Viewer');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create role' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create role' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Add permission' }).click();
  const second = dialog.getByRole('group', { name: 'Permission 2' });
  await second.getByLabel('Resource').selectOption('users');
  await second.getByLabel('Effect').selectOption('deny');
  await second.getByLabel('Action').selectOption('write');
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const permissions = page.getByRole('table', { name: 'Permissions' });
  await expect(permissions.getByRole('row')).toHaveCount(3);
  await expect(permissions.getByRole('row').nth(2)).toContainText('users');
  await expect(permissions.getByRole('row').nth(2)).toContainText('Deny');
  await expect(page.getByRole('button', { name: 'Copy role id' })).toBeVisible();
  await expectAccessible(page);

  const roleId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  expect((await api.get<Role>(`/roles/${roleId}`)).permissions).toEqual([
    { resourceId: 'documents', effect: 'allow', action: 'read' },
    { resourceId: 'users', effect: 'deny', action: 'write' },
  ]);

  // Edit: a permission without a resource is refused by the contract's rule; then a valid change is saved.
  await page.getByRole('button', { name: 'Edit role' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit role' });
  await edit.getByRole('button', { name: 'Add permission' }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toContainText('must not be empty');
  await edit.getByRole('button', { name: 'Remove permission 3' }).click();
  await edit.getByRole('button', { name: 'Remove permission 1' }).click();
  await edit.getByLabel('Description').fill('Reads and fixes invoices');
  await edit.getByLabel('Metadata').fill('{"cost": "ops"}');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Role saved')).toBeVisible();
  await expect(permissions.getByRole('row')).toHaveCount(2);
  expect(await api.get<Role>(`/roles/${roleId}`)).toMatchObject({
    description: 'Reads and fixes invoices',
    metadata: { cost: 'ops' },
    permissions: [{ resourceId: 'users', effect: 'deny', action: 'write' }],
  });
});

test('delete a custom role after confirming', async ({ page, api, unique }) => {
  const role = await api.post<Role>('/roles', { name: unique('Short-lived role') });
  await page.goto(`/settings/roles/${role.roleId}`);
  await page.getByRole('button', { name: 'Delete role' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete role' }).click();
  await expect(page).toHaveURL(/\/settings\/roles$/);
  await expect(api.get(`/roles/${role.roleId}`)).rejects.toThrow(/404/);
});

test("the service's refusal is shown: admin's permissions cannot change", async ({ page }) => {
  await page.goto('/settings/roles/svc:role:admin');
  await page.getByRole('button', { name: 'Edit role' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit role' });
  await edit.getByRole('button', { name: 'Add permission' }).click();
  await edit
    .getByRole('group', { name: /Permission \d+/ })
    .last()
    .getByLabel('Resource')
    .selectOption('users');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('alert')).toContainText(
    'permissions of the built-in role svc:role:admin cannot be changed',
  );
  await expectAccessible(page);
});

test('roles list follows nextToken over more than one page', async ({ page, api, unique }) => {
  const prefix = unique('Paged role');
  await Promise.all(Array.from({ length: 26 }, (_, i) => api.post('/roles', { name: `${prefix} ${i}` })));
  await page.goto('/settings/roles?pageSize=25');
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText('Page 1 · 25 roles · more on the next page');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2');
  await expect(page).toHaveURL(/cursor=/);
});

test('an edited role asks before its changes are discarded', async ({ page, api, unique }) => {
  const role = await api.post<Role>('/roles', { name: unique('Guarded role') });
  await page.goto(`/settings/roles/${role.roleId}`);
  await page.getByRole('button', { name: 'Edit role' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit role' });
  await edit.getByLabel('Description').fill('unsaved');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(edit.getByLabel('Description')).toHaveValue('unsaved');
  await page.keyboard.press('Escape');
  await discard.getByRole('button', { name: 'Discard changes' }).click();
  await expect(edit).toBeHidden();
});

test('a viewer operator sees roles, is offered no edit, and the BFF refuses one anyway', async ({
  viewerPage: page,
}) => {
  await page.goto('/settings/roles/svc:role:member');
  await page.getByRole('table', { name: 'Permissions' }).waitFor();
  await expect(page.getByRole('button', { name: 'Edit role' })).toHaveCount(0);
  const refused = await consoleWrite(page, 'PATCH', '/roles/svc:role:member', { description: 'viewer change' });
  expect(refused.status).toBe(403);
  expect(refused.message).toContain('may only read');
  await expectAccessible(page);
});
