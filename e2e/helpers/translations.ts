/**
 * The console's catalogs as the language walks read them, and what on a screen is still English. A leak is a piece
 * of text — a line of the page's visible text, or an accessible name, title or placeholder — that is exactly an
 * English message of the catalogs whose translation differs: a string that reached the screen without going through
 * the translation. Data (names, ids, documents) is not a message, so it never counts.
 */
import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import type { Page } from '@playwright/test';

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
 * Matchers of the English messages that read differently in `locale`: plain ones exactly, ones with placeholders
 * (`Open {agentName}`) with any text in the placeholder's place. Plurals and rich text are left to the plain ones.
 */
export async function englishMatchers(locale: 'nb' | 'en-XA'): Promise<{ message: string; pattern: RegExp }[]> {
  const entries = await readCatalog(locale === 'en-XA' ? 'en' : locale);
  return entries
    .filter((e) => e.message && /[A-Za-z]{2}/.test(e.message) && (locale === 'en-XA' || e.translation !== e.message))
    .filter((e) => !/[{<]\s*\w+\s*,|<\d+>/.test(e.message!))
    .map((e) => {
      const parts = e.message!.split(/\{\w+\}/).map(escape);
      return { message: e.message!, pattern: new RegExp(`^${parts.join('.+?')}$`) };
    });
}

/** The screen's words: visible text lines, and the names, titles and placeholders of visible elements. */
export async function screenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = document.body.innerText.split('\n');
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
    const hit = matchers.find((m) => m.pattern.test(text));
    return hit ? [`“${text}” (message “${hit.message}”)`] : [];
  });
}
