/**
 * Issue 39: the console in the operator's language. Norsk bokmål is chosen in the operator menu (or comes from the
 * browser) and holds across a reload; every screen in Norwegian and in the pseudo-locale (en-XA: accented, 40 %
 * longer) shows no English message left untranslated, and in the pseudo-locale no text is cut and no control pushed
 * out of its frame, at 1440 and 390 px.
 */
import { expect, test } from './support/fixtures';
import { SCREENS, heading } from './helpers/console-screens';
import { clippedText } from './helpers/clipped-text';
import { controlsCutOrOverlapping } from './helpers/layout-checks';
import { englishLeaks, englishMatchers, translationOf } from './helpers/translations';

test('Norsk bokmål chosen in the operator menu turns the console Norwegian, and stays after a reload', async ({
  page,
}) => {
  await page.goto('/runs?refresh=0');
  await heading(page);
  await page.getByRole('button', { name: /^Operator / }).click();
  await page.getByRole('menuitemradio', { name: 'Norsk bokmål' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  const runs = await translationOf('nb', 'Runs');
  await expect(page.getByRole('navigation').getByRole('link', { name: runs, exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await expect(page.getByRole('navigation').getByRole('link', { name: runs, exact: true }).first()).toBeVisible();
  // Dates and numbers follow: the runs list's times are written the Norwegian way (day before month, "des." etc.).
  const english = await translationOf('nb', 'Sign out');
  await page.getByRole('button', { name: /^Operatør / }).click();
  await expect(page.getByRole('menuitem', { name: english })).toBeVisible();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

const WALKS = [
  { language: 'nb', use: { locale: 'nb-NO' }, widths: [1440] },
  { language: 'en-XA', use: {}, widths: [1440, 390] },
] as const;

for (const walk of WALKS) {
  test.describe(`in ${walk.language}`, () => {
    test.use(walk.use);
    test.beforeEach(async ({ page }) => {
      // nb comes from the browser's language (nb-NO); the pseudo-locale is chosen as the menu would remember it.
      if (walk.language === 'en-XA') await page.addInitScript(() => localStorage.setItem('dps.language', 'en-XA'));
    });
    for (const [route, screen] of Object.entries(SCREENS)) {
      if (screen.signedOut) continue;
      test(`${route}: every message translated${walk.language === 'en-XA' ? ', no text cut at 1440 and 390 px' : ''}`, async ({
        page,
        api,
        unique,
      }) => {
        const matchers = await englishMatchers(walk.language);
        const path = await screen.path(api, unique);
        for (const width of walk.widths) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('lang', walk.language);
          await heading(page);
          await screen.ready?.(page);
          expect(await englishLeaks(page, matchers), `English on ${route} at ${width} px`).toEqual([]);
          if (walk.language === 'en-XA') {
            expect(await clippedText(page.locator('body')), `cut text on ${route} at ${width} px`).toEqual([]);
            expect(await controlsCutOrOverlapping(page.locator('body')), `controls on ${route} at ${width} px`).toEqual(
              [],
            );
            const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(sideways, `the page scrolls sideways on ${route} at ${width} px`).toBeLessThanOrEqual(0);
          }
        }
      });
    }
  });
}

test.describe('a journey in Norwegian', () => {
  test.use({ locale: 'nb-NO' });
  test('creating a role: the dialog, the toast and the new screen speak Norwegian', async ({ page, api, unique }) => {
    const nb = (message: string) => translationOf('nb', message);
    const name = unique('Fakturamottak');
    await page.goto('/settings/roles');
    await heading(page);
    await page
      .getByRole('button', { name: await nb('Create role') })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: await nb('Create role') });
    await dialog.getByLabel(await nb('Name')).fill(name);
    await dialog.getByRole('button', { name: await nb('Create role') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText((await nb('Role {roleName} created')).replace('{roleName}', name))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const leaks = await englishLeaks(page, await englishMatchers('nb'));
    expect(leaks).toEqual([]);
    // Leave the organization's roles as they were: other specs draw every role in their dialogs.
    await api.delete(`/roles/${new URL(page.url()).pathname.split('/').pop()}`);
  });
});
