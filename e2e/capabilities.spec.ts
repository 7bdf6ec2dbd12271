import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures';

/**
 * The console offers each operator only the screens its role may open (the contract's capability table): a viewer is
 * not offered the audit log, and typing its URL shows a no-access page without any request the BFF refuses.
 */

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test("a viewer's navigation, palette and shortcuts do not offer the audit log; its URL says no access", async ({
  viewerPage: page,
}) => {
  const errors = collectConsoleErrors(page);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });

  await page.goto('/settings/organization');
  await expect(mainNav(page).getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Audit log' })).toHaveCount(0);

  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog');
  await expect(palette.getByRole('option', { name: /Users/ })).toBeVisible();
  await expect(palette.getByRole('option', { name: /Audit log/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);

  // `g a` goes nowhere, and the shortcuts list does not name the screen.
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts.getByText('Users', { exact: true })).toBeVisible();
  await expect(shortcuts.getByText('Audit log', { exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/settings\/organization$/);

  await page.goto('/settings/audit-log');
  await expect(page.getByRole('heading', { name: 'You do not have access to this' })).toBeVisible();
  await expect(page.getByText('Reading the audit log needs the admin role.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit log' })).toHaveCount(0);
  await expectAccessible(page);
  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
});

test("an admin's navigation and palette offer the audit log", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/settings/organization');
  await mainNav(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/settings\/audit-log$/);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You do not have access to this' })).toHaveCount(0);

  await page.keyboard.press('ControlOrMeta+k');
  await expect(page.getByRole('dialog').getByRole('option', { name: /Audit log/ })).toBeVisible();
  expect(errors).toEqual([]);
});
