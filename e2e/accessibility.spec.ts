/**
 * Issue 37: every route of the console scanned for WCAG 2.2 AA (and axe's best practices) at 1440 and 390 px, in the
 * light and the dark theme, with the demo data; the route tree is the list, so a route added without a scan here
 * fails the first test. Dialogs and menus are scanned in accessibility-dialogs.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { SCAN_VIEWPORTS, expectAccessibleInBothThemes } from './helpers/a11y';
import { SCREENS, heading } from './helpers/console-screens';

/** The `to` paths of the generated route tree (trailing slashes of index routes dropped). */
function routeTreePaths(): string[] {
  const source = readFileSync('src/routeTree.gen.ts', 'utf8');
  const block = /export interface FileRoutesByTo \{([^}]*)\}/.exec(source)![1];
  return [...block.matchAll(/'([^']+)':/g)].map(([, path]) => (path.length > 1 ? path.replace(/\/$/, '') : path));
}

test('every route of the console has an accessibility scan', () => {
  expect(Object.keys(SCREENS).sort()).toEqual(routeTreePaths().sort());
});

for (const viewport of SCAN_VIEWPORTS) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });
    for (const [route, screen] of Object.entries(SCREENS)) {
      test(`${route} passes the scan, light and dark`, async ({ page, browser, api, unique }) => {
        let tab = page;
        if (screen.signedOut) {
          const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport });
          tab = await context.newPage();
        }
        await tab.goto(await screen.path(api, unique));
        await heading(tab);
        await screen.ready?.(tab);
        await tab.waitForLoadState('networkidle');
        await expectAccessibleInBothThemes(tab, `${route} at ${viewport.width} px`);
      });
    }
  });
}
