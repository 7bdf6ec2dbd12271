import { test, expect, expectAccessible } from './support/fixtures';
import type { AppClient, User } from '@/contract';
import { E2E_OPERATORS } from './support/servers';
import { consoleWrite } from './helpers/console-write';

const email = (name: string) => `${name.replace(/[^A-Za-z0-9]+/g, '.').toLowerCase()}@example.com`;

test('create a user: the seed email rule is enforced, the user shows as invite pending with its roles', async ({
  page,
  api,
  unique,
}) => {
  const name = unique('Ann Reviewer');
  await page.goto('/settings/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create user' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  await dialog.getByLabel('Email').fill('-ann@example');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('checkbox', { name: /^Viewer/ }).check();
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog).toContainText('must be a valid email address such as name@example.com');
  await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  await dialog.getByLabel('Email').fill(email(name));
  await dialog.getByLabel('Metadata').fill('{"team": "finance"}');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('.page-header__meta')).toContainText('Invite pending');
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Viewer');
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('"team": "finance"');
  await expect(page.getByRole('button', { name: 'Copy user id' })).toBeVisible();
  await expectAccessible(page);

  const userId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const user = await api.get<User>(`/users/${userId}`);
  expect(user).toMatchObject({
    name,
    status: 'invite_pending',
    roleIds: ['svc:role:viewer'],
    metadata: { team: 'finance' },
  });

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/settings\/users$/);
  // The list is oldest first: with many users (repeated runs) the new one is past the first page of 50.
  await page.goto('/settings/users?pageSize=1000');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Invite pending');
  await expect(row).toContainText('Viewer');
});

test('the service refuses an email already in use, and its message is shown', async ({ page, api, unique }) => {
  const name = unique('Taken');
  await api.post('/users', { email: email(name), name });
  await page.goto('/settings/users');
  await page.getByRole('button', { name: 'Create user' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  await dialog.getByLabel('Email').fill(email(name));
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The request was rejected');
  await expect(dialog.getByRole('alert')).toContainText(`email ${email(name)} already belongs to user`);
});

test('edit a user: name, description, roles and metadata; invalid metadata is refused', async ({
  page,
  api,
  unique,
}) => {
  const name = unique('Edit me');
  const user = await api.post<User>('/users', { email: email(name), name, roleIds: ['svc:role:viewer'] });
  await page.goto(`/settings/users/${user.userId}`);
  await page.getByRole('button', { name: 'Edit user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await dialog.getByLabel('Metadata').fill('["not", "an object"]');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toContainText('Metadata must be a JSON object');

  const renamed = `${name} renamed`;
  await dialog.getByLabel('Name').fill(renamed);
  await dialog.getByLabel('Description').fill('Checks invoices');
  await dialog.getByRole('checkbox', { name: /^Viewer/ }).uncheck();
  await dialog.getByRole('checkbox', { name: /^Validator/ }).check();
  await dialog.getByLabel('Metadata').fill('{"desk": 4}');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('User saved')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
  await expect(page.locator('.page-header__description')).toHaveText('Checks invoices');
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Validator');
  expect(await api.get<User>(`/users/${user.userId}`)).toMatchObject({
    name: renamed,
    description: 'Checks invoices',
    roleIds: ['svc:role:validator'],
    metadata: { desk: 4 },
  });
});

test('delete a user from the list after confirming', async ({ page, api, unique }) => {
  const name = unique('Delete me');
  const user = await api.post<User>('/users', { email: email(name), name });
  await page.goto('/settings/users?pageSize=1000');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete user ${name}?` });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete user' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await expect(api.get(`/users/${user.userId}`)).rejects.toThrow(/404/);
});

test('pages over more than one page of users with Next and Previous', async ({ page, api, unique }) => {
  const prefix = unique('Paged');
  await Promise.all(
    Array.from({ length: 26 }, (_, i) =>
      api.post('/users', { email: email(`${prefix} ${i}`), name: `${prefix} ${i}` }),
    ),
  );
  await page.goto('/settings/users?pageSize=25');
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText('Page 1 · 25 users · more on the next page');
  const firstPageFirst = await page
    .getByRole('table', { name: 'Users' })
    .locator('tbody tr')
    .first()
    .getAttribute('data-row-id');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(pager).toContainText('Page 2');
  const secondPageFirst = await page
    .getByRole('table', { name: 'Users' })
    .locator('tbody tr')
    .first()
    .getAttribute('data-row-id');
  expect(secondPageFirst).not.toBe(firstPageFirst);
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager).toContainText('Page 1');
  await expect(page).not.toHaveURL(/cursor=/);
});

test('an edited user form asks before its changes are discarded', async ({ page, api, unique }) => {
  const name = unique('Guarded');
  const user = await api.post<User>('/users', { email: email(name), name });
  // Arrive by an in-app navigation, so "back" stays inside the console (the router's guard, not the browser's).
  await page.goto('/settings/users?pageSize=1000');
  await page.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Edit user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await dialog.getByLabel('Description').fill('half-typed');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Description')).toHaveValue('half-typed');
  await page.evaluate(() => window.history.back());
  await expect(page.getByRole('alertdialog', { name: 'Discard unsaved changes?' })).toBeVisible();
  await page
    .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Keep editing' })
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/settings/users/${encodeURIComponent(user.userId).replaceAll('%3A', '(:|%3A)')}`),
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click();
  await expect(dialog).toBeHidden();
  expect((await api.get<User & { description: string | null }>(`/users/${user.userId}`)).description).toBeNull();
});

test('a viewer operator sees users, is offered no create, and the BFF refuses one anyway', async ({
  viewerPage: page,
  unique,
}) => {
  const name = unique('Viewer try');
  await page.goto('/settings/users');
  await page.getByRole('table', { name: 'Users' }).waitFor();
  await expect(page.getByRole('button', { name: 'Create user' })).toHaveCount(0);
  const refused = await consoleWrite(page, 'POST', '/users', { email: email(name) });
  expect(refused.status).toBe(403);
  expect(refused.message).toContain('may only read');
  await expectAccessible(page);
});

test('finds a user by part of the email, and shows the invited email on the list and the user page', async ({
  page,
  api,
  unique,
}) => {
  const name = unique('Searchable');
  const address = `${unique('mail')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase()}@Finance.example.org`;
  const user = await api.post<User>('/users', { email: address, name });
  await page.goto('/settings/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('columnheader', { name: 'Email' })).toBeVisible();

  const part = address.slice(0, -'@Finance.example.org'.length).toUpperCase();
  await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(part);
  await expect(page).toHaveURL(/q=/);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(address);
  await expectAccessible(page);

  await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(`${part}-nobody`);
  await expect(page.getByText(`No user's name or email contains “${part}-nobody”`)).toBeVisible();

  await page.goto(`/settings/users/${encodeURIComponent(user.userId)}`);
  await expect(page.getByRole('region', { name: 'Details' }).getByRole('link', { name: address })).toHaveAttribute(
    'href',
    `mailto:${address}`,
  );
});

test('credits a change made in the console to its operator, and one made by another app client to that client', async ({
  page,
  api,
  unique,
}) => {
  // An app client of its own, used straight against the service as an integration would (not through the console).
  const clientName = unique('Payroll sync');
  const client = await api.post<AppClient>('/appClients', { name: clientName, roleIds: ['svc:role:admin'] });
  const session = (await (await page.request.get('/bff/session')).json()) as { upstream: { baseUrl: string } };
  const serviceOrigin = new URL(session.upstream.baseUrl).origin;
  const tokenResponse = await page.request.post(`${serviceOrigin}/oauth2/token?grant_type=client_credentials`, {
    headers: {
      Authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const name = unique('Credited');
  const createdDirectly = await page.request.post(`${session.upstream.baseUrl}/users`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { email: email(name), name },
  });
  expect(createdDirectly.status()).toBe(200);
  const user = (await createdDirectly.json()) as User;
  expect(user.createdBy).toBe(client.appClientId);

  await page.goto(`/settings/users/${encodeURIComponent(user.userId)}`);
  const details = page.getByRole('region', { name: 'Details' });
  const created = details.locator('dl > div', { has: page.locator('dt', { hasText: /^Created$/ }) });
  await expect(created).toContainText(`by ${clientName}`);

  await page.getByRole('button', { name: 'Edit user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await dialog.getByLabel('Description').fill('Changed in the console');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  const updated = details.locator('dl > div', { has: page.locator('dt', { hasText: /^Updated$/ }) });
  await expect(updated).toContainText(`by ${E2E_OPERATORS.admin.name} (console)`);
  await expect(created).toContainText(`by ${clientName}`);

  // Created through the console (the api fixture goes through the BFF as the admin operator).
  const consoleUser = await api.post<User>('/users', { email: email(`${name} 2`), name: `${name} 2` });
  await page.goto(`/settings/users/${encodeURIComponent(consoleUser.userId)}`);
  await expect(created).toContainText(`by ${E2E_OPERATORS.admin.name} (console)`);
});
