import { expect, test } from './support/fixtures';

/**
 * Every irreversible delete of a resource from its screen is the same dialog: "Delete <noun> <name>?", the confirm
 * button disabled until the name is typed, then back to the list without the resource.
 */

const enc = encodeURIComponent;

const cases = [
  {
    noun: 'model',
    create: (api: import('./support/fixtures').ServiceApi, name: string) =>
      api.post<{ modelId: string }>('/models', { name, fieldConfig: { total: { type: 'amount' } } }),
    detail: (r: Record<string, string>) => `/models/${enc(r.modelId)}`,
    list: /\/models$/,
  },
  {
    noun: 'validation',
    create: (api: import('./support/fixtures').ServiceApi, name: string) =>
      api.post<{ validationId: string }>('/validations', { name }),
    detail: (r: Record<string, string>) => `/validations/${enc(r.validationId)}`,
    list: /\/validations$/,
  },
  {
    noun: 'app client',
    create: (api: import('./support/fixtures').ServiceApi, name: string) =>
      api.post<{ appClientId: string }>('/appClients', { name }),
    detail: (r: Record<string, string>) => `/settings/app-clients/${enc(r.appClientId)}`,
    list: /\/settings\/app-clients$/,
  },
];

for (const { noun, create, detail, list } of cases) {
  test(`${noun}: deleting it asks to type its name in the one type-to-confirm dialog`, async ({
    page,
    api,
    unique,
  }) => {
    const name = unique(`Doomed ${noun}`);
    const resource = (await create(api, name)) as Record<string, string>;
    await page.goto(detail(resource));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: /^Delete/ }).click();

    const dialog = page.getByRole('alertdialog', { name: `Delete ${noun} ${name}?` });
    const confirm = dialog.getByRole('button', { name: `Delete ${noun}` });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox').fill(name.slice(0, -1));
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox').fill(name);
    await confirm.click();
    await expect(page).toHaveURL(list);
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });
}
