import DOMPurify from 'dompurify';
import { filterCssUrls } from './css-url-filter';

/**
 * The Content-Security-Policy of the message frame: nothing remote at all (no images, fonts, styles or frames from
 * the network), inline styles and embedded (data:/blob:) images only. Scripts never run anyway: the frame is
 * sandboxed without allow-scripts.
 */
export const EMAIL_FRAME_CSP = "default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'";

export type SanitizedEmail = {
  html: string;
  /** Remote images and other remote references removed. */
  blockedRemote: number;
  /** Links made inert (their target is kept in the title). */
  inertLinks: number;
};

/**
 * Sanitizes an email's HTML body: DOMPurify removes scripts, event handlers, forms and embeds; remote images and every
 * URL-bearing CSS value are dropped and counted (tracking pixels must not phone home); `cid:` images are replaced by
 * their inline attachments; links (<a> and image-map <area>) become inert, so the frame cannot navigate to a remote
 * page. None of this relies on the frame's CSP, which is a second line.
 */
export function sanitizeEmailHtml(html: string, inlineImages: Map<string, string> = new Map()): SanitizedEmail {
  const purify = DOMPurify(window);
  let blockedRemote = 0;
  let inertLinks = 0;
  const stripCss = (css: string) => {
    const filtered = filterCssUrls(css);
    blockedRemote += filtered.blocked;
    return filtered.css;
  };

  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent) node.textContent = stripCss(node.textContent);
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (element.tagName === 'IMG') {
      const src = (element.getAttribute('src') ?? '').trim();
      if (/^cid:/i.test(src)) {
        const inline = inlineImages.get(normalizeContentId(src.slice(4)));
        if (inline) element.setAttribute('src', inline);
        else element.removeAttribute('src');
      } else if (!/^data:image\//i.test(src)) {
        if (src) blockedRemote++;
        element.removeAttribute('src');
        element.setAttribute('data-remote-blocked', '');
      }
    }
    for (const attribute of ['srcset', 'background', 'poster', 'lowsrc', 'dynsrc', 'longdesc']) {
      if (element.hasAttribute(attribute)) {
        blockedRemote++;
        element.removeAttribute(attribute);
      }
    }
    const style = element.getAttribute('style');
    if (style) {
      const filtered = stripCss(style);
      if (filtered !== style) element.setAttribute('style', filtered);
    }
    if ((element.tagName === 'A' || element.tagName === 'AREA') && element.hasAttribute('href')) {
      const href = element.getAttribute('href') ?? '';
      element.removeAttribute('href');
      element.removeAttribute('target');
      element.setAttribute('title', `Link (not followed here): ${href}`);
      element.setAttribute('data-inert-link', '');
      inertLinks++;
    }
  });

  const clean = purify.sanitize(html, {
    FORCE_BODY: true,
    FORBID_TAGS: [
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'option',
      'link',
      'meta',
      'base',
      'iframe',
      'frame',
      'frameset',
      'object',
      'embed',
      'video',
      'audio',
      'source',
      'track',
      'svg',
      'math',
    ],
    FORBID_ATTR: ['srcset', 'ping', 'action', 'formaction'],
  });
  return { html: clean, blockedRemote, inertLinks };
}

export const normalizeContentId = (id: string) => id.trim().replace(/^<|>$/g, '').toLowerCase();

/** The frame's document up to its body (markup, not words): the CSP first, then a readable default style. */
const FRAME_START =
  `<!doctype html><html><head><meta charset="utf-8">` +
  `<meta http-equiv="Content-Security-Policy" content="${EMAIL_FRAME_CSP}">` +
  `<style>html{color-scheme:light}body{margin:16px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1b1b1f;background:#fff;overflow-wrap:anywhere}` +
  `img{max-width:100%;height:auto}img[data-remote-blocked]{display:inline-block;min-width:24px;min-height:16px;outline:1px dashed #999}` +
  `a[data-inert-link]{color:#0645ad;text-decoration:underline;cursor:help}table{max-width:100%}</style>` +
  `</head><body>`;
const FRAME_END = `</body></html>`;

/** The frame's whole document: the CSP first, then a readable default style, then the sanitized body. */
export function emailFrameDocument(bodyHtml: string): string {
  return FRAME_START + bodyHtml + FRAME_END;
}
