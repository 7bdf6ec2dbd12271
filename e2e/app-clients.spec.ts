import { test, expect, expectAccessible } from './support/fixtures';
import type { AppClient } from '@/contract';
import { consoleWrite } from './helpers/console-write';

test('create an app client: the secret is shown once, masked, and is gone after reload', async ({
  page,
  api,
  unique,
}) => {
  const name = unique('Invoice importer');
  await page.goto('/settings/app-clients');
  await expect(page.getByRole('table', { name: 'App clients' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create app client' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create app client' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Login URLs').fill('https://importer.example.com/login\nftp://wrong.example.com');
  await dialog.getByRole('button', { name: 'Create app client' }).click();
  await expect(dialog).toContainText('Line 2: must start with http://localhost or https://');
  await dialog.getByLabel('Login URLs').fill('https://importer.example.com/login\nhttp://localhost:8080/login');
  await dialog.getByLabel('Default login URL').fill('https://importer.example.com/login');
  await dialog.getByRole('checkbox', { name: /^Member/ }).check();
  await dialog.getByRole('button', { name: 'Create app client' }).click();

  const reveal = page.getByRole('dialog', { name: `App client ${name} created` });
  await expect(reveal).toBeVisible();
  const secretBox = reveal.getByTestId('client-secret');
  await expect(secretBox).toHaveText(/^•+$/);
  await expect(reveal.getByRole('button', { name: 'Done' })).toBeDisabled();
  await expectAccessible(page);
  await reveal.getByRole('button', { name: 'Show' }).click();
  const secret = (await secretBox.textContent())!;
  expect(secret).not.toMatch(/•/);
  expect(secret.length).toBeGreaterThan(16);
  await expect(reveal.getByRole('button', { name: 'Copy client secret' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(reveal).toBeVisible(); // not dismissed before the operator says it is stored
  await reveal.getByLabel('I have stored the client secret').check();
  await reveal.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const credentials = page.getByRole('region', { name: 'Credentials' });
  await expect(credentials).toContainText('shown only once');
  await expect(page.getByRole('button', { name: 'Copy client id' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(secret);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('body')).not.toContainText(secret);
  await expectAccessible(page);

  const appClientId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const stored = await api.get<AppClient>(`/appClients/${appClientId}`);
  expect(stored).toMatchObject({
    name,
    loginUrls: ['https://importer.example.com/login', 'http://localhost:8080/login'],
    defaultLoginUrl: 'https://importer.example.com/login',
    roleIds: ['svc:role:member'],
  });
  expect(stored.clientSecret ?? null).toBeNull();
});

test('edit an app client under the URL rule, then delete it after typing its name', async ({ page, api, unique }) => {
  const name = unique('Edited client');
  const client = await api.post<AppClient>('/appClients', { name, loginUrls: ['https://a.example.com'] });
  await page.goto(`/settings/app-clients/${client.appClientId}`);
  await page.getByRole('button', { name: 'Edit app client' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit app client' });
  await edit.getByLabel('Default login URL').fill('http://example.com');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toContainText('must start with http://localhost or https://');
  await edit.getByLabel('Default login URL').fill('https://b.example.com');
  await edit.getByLabel('Login URLs').fill('https://a.example.com\nhttps://b.example.com');
  await edit.getByLabel('Description').fill('Nightly import');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('App client saved')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('https://b.example.com');
  expect(await api.get<AppClient>(`/appClients/${client.appClientId}`)).toMatchObject({
    description: 'Nightly import',
    defaultLoginUrl: 'https://b.example.com',
    loginUrls: ['https://a.example.com', 'https://b.example.com'],
  });

  await page.getByRole('button', { name: 'Delete app client' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete app client ${name}?` });
  await expect(confirm.getByRole('button', { name: 'Delete app client' })).toBeDisabled();
  await confirm.getByRole('textbox').fill(name);
  await confirm.getByRole('button', { name: 'Delete app client' }).click();
  await expect(page).toHaveURL(/\/settings\/app-clients$/);
  await expect(api.get(`/appClients/${client.appClientId}`)).rejects.toThrow(/404/);
});

test('app clients list over more than one page; the console client is read-only', async ({ page, api, unique }) => {
  const prefix = unique('Paged client');
  await Promise.all(
    Array.from({ length: 26 }, (_, i) => api.post('/appClients', { name: `${prefix} ${i}`, generateSecret: false })),
  );
  await page.goto('/settings/app-clients?pageSize=25');
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText('Page 1 · 25 app clients · more on the next page');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2');
  await expect(page).toHaveURL(/cursor=/);
  await page.goto('/settings/app-clients?pageSize=1000');
  await page.getByRole('row').filter({ hasText: 'This console' }).getByRole('link').click();
  await expect(page.getByText("This console's client (read-only)")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit app client' })).toHaveCount(0);
});

test('an edited app client asks before its changes are discarded', async ({ page, api, unique }) => {
  const client = await api.post<AppClient>('/appClients', { name: unique('Guarded client'), generateSecret: false });
  await page.goto(`/settings/app-clients/${client.appClientId}`);
  await page.getByRole('button', { name: 'Edit app client' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit app client' });
  await edit.getByLabel('Description').fill('unsaved');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await discard.getByRole('button', { name: 'Discard changes' }).click();
  await expect(edit).toBeHidden();
});

test('a viewer operator sees app clients, is offered no create, and the BFF refuses one anyway', async ({
  viewerPage: page,
  unique,
}) => {
  await page.goto('/settings/app-clients');
  await page.getByRole('table', { name: 'App clients' }).waitFor();
  await expect(page.getByRole('button', { name: 'Create app client' })).toHaveCount(0);
  const refused = await consoleWrite(page, 'POST', '/appClients', { name: unique('Viewer client') });
  expect(refused.status).toBe(403);
  expect(refused.message).toContain('may only read');
  await expectAccessible(page);
});
