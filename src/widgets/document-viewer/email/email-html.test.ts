// @vitest-environment jsdom
/**
 * The email preview's sanitizer must not let anything reach the network by itself — the frame's CSP blocks remote
 * loads too, but the sanitizer is not allowed to rely on it. Each case below is a way a remote reference used to
 * survive sanitizing.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml } from './email-html';

const REMOTE = 'tracker.example';

/** Every style attribute and <style> text of the sanitized HTML, and the rest of its markup. */
function parts(html: string) {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const styles = [...doc.querySelectorAll('[style]')].map((e) => e.getAttribute('style') ?? '');
  const sheets = [...doc.querySelectorAll('style')].map((e) => e.textContent ?? '');
  return { doc, styles, sheets };
}

describe('links', () => {
  it('<area href> becomes inert like <a href>', () => {
    const result = sanitizeEmailHtml(
      `<img src="data:image/png;base64,iVBORw0KGgo=" usemap="#m"><map name="m"><area shape="rect" coords="0,0,10,10" href="https://${REMOTE}/click" target="_blank"></map>`,
    );
    expect(result.html).not.toMatch(/href=/i);
    const area = parts(result.html).doc.querySelector('area')!;
    expect(area.hasAttribute('href')).toBe(false);
    expect(area.hasAttribute('target')).toBe(false);
    expect(area.getAttribute('title')).toBe(`Link (not followed here): https://${REMOTE}/click`);
    expect(result.inertLinks).toBe(1);
  });
});

describe('CSS URL functions', () => {
  const bypasses: [string, string][] = [
    ['image-set() with a quoted URL', `background-image: image-set("http://${REMOTE}/a.png" 1x)`],
    ['-webkit-image-set()', `background-image: -webkit-image-set("http://${REMOTE}/b.png" 1x)`],
    ['image()', `background-image: image("http://${REMOTE}/c.png")`],
    ['cross-fade()', `background-image: cross-fade(url(http://${REMOTE}/d.png) 50%, none)`],
    ['element()', `background-image: element(#x), image-set("http://${REMOTE}/e.png" 1x)`],
    ['src()', `background-image: src("http://${REMOTE}/f.png")`],
    ['a hex-escaped url(: \\75rl(', `background: \\75rl(http://${REMOTE}/g.png)`],
    ['a six-digit escape with its space: \\000075 rl(', `background: \\000075 rl(http://${REMOTE}/h.png)`],
    ['escaped letters: u\\r\\l(', `background: u\\r\\l(http://${REMOTE}/i.png)`],
    ['an escaped image-set', `background: \\69mage-set("http://${REMOTE}/j.png" 1x)`],
    ['upper case', `background: URL(http://${REMOTE}/k.png)`],
    ['a comment before the url', `background:/* x */url(http://${REMOTE}/l.png)`],
  ];

  it.each(bypasses)('%s is stripped from a style attribute', (_label, css) => {
    const result = sanitizeEmailHtml(`<div style='color: red; ${css}; margin: 0'>x</div>`);
    expect(result.html).not.toContain(REMOTE);
    expect(result.blockedRemote).toBeGreaterThan(0);
    // The other declarations stay.
    const [style] = parts(result.html).styles;
    expect(style).toContain('color: red');
    expect(style).toContain('margin: 0');
  });

  it.each(bypasses)('%s is stripped from a <style> element', (_label, css) => {
    const result = sanitizeEmailHtml(`<style>p { color: red; ${css}; margin: 0 }</style><p>x</p>`);
    expect(result.html).not.toContain(REMOTE);
    expect(result.blockedRemote).toBeGreaterThan(0);
    const [sheet] = parts(result.html).sheets;
    expect(sheet).toContain('color: red');
    expect(sheet).toContain('margin: 0');
  });

  it.each([
    ['@import with a string', `@import "http://${REMOTE}/s.css";`],
    ['@import with url()', `@import url(http://${REMOTE}/s.css) screen;`],
    ['an escaped @import', `@\\69mport "http://${REMOTE}/s.css";`],
    ['@font-face src', `@font-face { font-family: x; src: url(http://${REMOTE}/f.woff) format("woff"); }`],
  ])('%s is stripped from a <style> element', (_label, css) => {
    const result = sanitizeEmailHtml(`<style>${css} p { color: red }</style><p>x</p>`);
    expect(result.html).not.toContain(REMOTE);
    expect(result.blockedRemote).toBeGreaterThan(0);
    expect(parts(result.html).sheets[0]).toContain('p { color: red }');
  });

  it('keeps CSS without URLs as it was, strings and escapes included', () => {
    const css = 'font-family: "Helvetica Neue", Arial; background: linear-gradient(#fff, #eee); content: "\\201C"';
    const result = sanitizeEmailHtml(`<p style='${css}'>x</p>`);
    expect(parts(result.html).styles[0]).toBe(css);
    expect(result.blockedRemote).toBe(0);
  });

  it('comments are removed before deciding: ur/**/l( counts as url(', () => {
    const result = sanitizeEmailHtml(`<p style="background: ur/**/l(http://${REMOTE}/m.png); color: red">x</p>`);
    expect(result.html).not.toContain(REMOTE);
    expect(parts(result.html).styles[0]).toContain('color: red');
  });

  it('a URL function hidden in a string is not kept (the whole CSS goes)', () => {
    const result = sanitizeEmailHtml(
      `<p style='font-family: "a\\"; background: url(http://${REMOTE}/n.png); b"'>x</p>`,
    );
    expect(parts(result.html).styles[0]).not.toMatch(/url\(/i);
  });
});
