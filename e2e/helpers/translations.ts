/**
 * The console's catalogs as the language walks read them, and what on a screen is still English. A leak is a piece
 * of text — a line of the page's visible text, or an accessible name, title or placeholder — that is exactly an
 * English message of the catalogs whose translation differs: a string that reached the screen without going through
 * the translation. Data (names, ids, documents) is not a message, so it never counts.
 */
import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import type { Page } from '@playwright/test';
import { builtinRoles } from '@/server/service/auth/builtin-roles';

/** Names the service gives its own data (its built-in roles): data, whatever language the console speaks. */
const SERVICE_DATA = new Set(builtinRoles(new Date(0).toISOString(), null).map((role) => role.name));

type Entry = { message?: string; translation?: string };

async function readCatalog(locale: string): Promise<Entry[]> {
  const file = `src/i18n/catalogs/${locale}/messages.po`;
  const catalog = await formatter({ lineNumbers: false }).parse(readFileSync(file, 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename: file,
  });
  return Object.values(catalog as Record<string, Entry>);
}

/** The translation of an English message in `locale` (for finding controls by their translated name). */
export async function translationOf(locale: 'nb', message: string): Promise<string> {
  const entry = (await readCatalog(locale)).find((e) => e.message === message);
  if (!entry?.translation) throw new Error(`no ${locale} translation of “${message}”`);
  return entry.translation;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matchers of the English messages that read differently in `locale`: plain ones exactly; ones with placeholders
 * (`Open {agentName} now`) with any text in each placeholder's place, when their own words are enough to tell them
 * from other text (two words or more: `Type {problem}` would match Norwegian "Type for …"). Plurals and rich text
 * are left to the plain ones.
 */
export async function englishMatchers(locale: 'nb' | 'en-XA'): Promise<{ message: string; pattern: RegExp }[]> {
  const entries = await readCatalog(locale === 'en-XA' ? 'en' : locale);
  const ownWords = (message: string) => message.replace(/\{\w+\}/g, ' ').match(/[A-Za-z]{2,}/g) ?? [];
  return entries
    .filter((e) => e.message && !/[{<]\s*\w+\s*,|<\d+>/.test(e.message))
    .filter((e) => locale === 'en-XA' || e.translation !== e.message)
    .filter((e) => (/\{\w+\}/.test(e.message!) ? ownWords(e.message!).length >= 2 : ownWords(e.message!).length >= 1))
    .map((e) => {
      const parts = e.message!.split(/\{\w+\}/).map(escape);
      return { message: e.message!, pattern: new RegExp(`^${parts.join('.+?')}$`) };
    });
}

/**
 * The screen's words: visible text lines, and the names, titles and placeholders of visible elements — not a
 * document's own text (a PDF's or recognised text layer), which is data.
 */
export async function screenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const documentText = document.querySelectorAll('.textLayer');
    const hidden: { el: HTMLElement; display: string }[] = [];
    for (const el of documentText) {
      hidden.push({ el: el as HTMLElement, display: (el as HTMLElement).style.display });
      (el as HTMLElement).style.display = 'none';
    }
    const texts = document.body.innerText.split('\n');
    for (const { el, display } of hidden) el.style.display = display;
    for (const el of document.querySelectorAll<HTMLElement>('[aria-label], [title], [placeholder], [alt]')) {
      if (!el.checkVisibility()) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) texts.push(el.getAttribute(name) ?? '');
    }
    return [...new Set(texts.map((text) => text.trim()).filter((text) => /[A-Za-z]{2}/.test(text)))];
  });
}

/** The texts on the page that are English messages left untranslated, each with the message it matched. */
export async function englishLeaks(page: Page, matchers: { message: string; pattern: RegExp }[]): Promise<string[]> {
  const texts = await screenTexts(page);
  return texts.flatMap((text) => {
    if (SERVICE_DATA.has(text)) return [];
    const hit = matchers.find((m) => m.pattern.test(text));
    return hit ? [`“${text}” (message “${hit.message}”)`] : [];
  });
}
