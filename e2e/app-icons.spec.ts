/**
 * Issue 29 item 10: the console has a favicon and app icons, built from public/ into dist/console and served by the
 * BFF's static console plugin under its strict CSP (img-src 'self', manifest-src from default-src 'self').
 */
import { expect, test } from './support/fixtures';

test('the console links a favicon, app icons and a manifest that the BFF serves and its CSP allows', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Failed to load resource/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/runs');
  const links = await page
    .locator('link[rel="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')
    .evaluateAll((elements) =>
      elements.map((el) => ({ rel: el.getAttribute('rel'), href: (el as HTMLLinkElement).href })),
    );
  expect(links.map((link) => link.rel).sort()).toEqual(['apple-touch-icon', 'icon', 'icon', 'manifest']);
  expect(links.every((link) => !link.href.startsWith('data:'))).toBe(true);
  const types: Record<string, RegExp> = {
    icon: /^image\//,
    'apple-touch-icon': /^image\/png/,
    manifest: /json|manifest/,
  };
  for (const link of links) {
    const response = await page.request.get(link.href);
    expect(response.status(), link.href).toBe(200);
    expect(response.headers()['content-type'], link.href).toMatch(types[link.rel!]);
    expect((await response.body()).length, link.href).toBeGreaterThan(100);
  }
  const manifest = (await (await page.request.get(links.find((l) => l.rel === 'manifest')!.href)).json()) as {
    icons: { src: string; sizes: string }[];
  };
  for (const icon of manifest.icons) {
    expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
  }
  // The browser itself loads the favicon under the console's CSP.
  const favicon = await page.evaluate(async () => {
    const img = new Image();
    img.src = '/favicon.svg';
    await img.decode();
    return img.naturalWidth;
  });
  expect(favicon).toBeGreaterThan(0);
  expect(refused).toEqual([]);
});
