/**
 * Issue 37, WCAG 1.4.10 Reflow and 1.4.4 Resize Text: every screen works at 320 CSS px wide (a phone, or 1280 px at
 * 400 % zoom) and at 200 % zoom of a 1280×720 window, without scrolling the page sideways. A data table may scroll
 * inside its own frame (the criterion's exception for content that needs two dimensions); the page itself may not.
 */
import { expect, test } from './support/fixtures';
import { SCREENS, heading } from './helpers/console-screens';

const SIZES = [
  { name: '320 px', viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  { name: '200 % zoom', viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 },
] as const;

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });
    for (const [route, screen] of Object.entries(SCREENS)) {
      if (screen.signedOut) continue;
      test(`${route} reflows: no sideways page scroll, its heading in view`, async ({ page, api, unique }) => {
        await page.goto(await screen.path(api, unique));
        await heading(page);
        await screen.ready?.(page);
        const overflow = await page.evaluate(() => {
          const root = document.scrollingElement ?? document.documentElement;
          // What sticks out past the window's right edge, named so a failure says where to look.
          // An element inside a frame that scrolls or clips (and fits the window) is that frame's business.
          const inFrame = (el: Element) => {
            for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
              const clips = getComputedStyle(up).overflowX !== 'visible';
              if (clips && up.getBoundingClientRect().right <= window.innerWidth + 1) return true;
            }
            return false;
          };
          const wide = [...document.querySelectorAll<HTMLElement>('body *')]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !inFrame(el))
            .slice(0, 3)
            .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
          return { page: root.scrollWidth - root.clientWidth, wide };
        });
        expect(overflow).toEqual({ page: 0, wide: [] });
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeInViewport();
      });
    }
  });
}

test('the sign-in page reflows at 320 px', async ({ browser }) => {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: { width: 320, height: 640 },
  });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await heading(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  await context.close();
});
