/**
 * The one Lingui instance of the console. English needs no catalog (its messages are in the code); another language's
 * catalog is loaded once, before the first render, in its own chunk. Changing the language reloads the page, so every
 * string, date and number on every screen is written in the new one at once (and an unsaved edit is warned about by
 * the browser, as for any page leave).
 */
import { i18n } from '@lingui/core';
import { browserLanguage, formattingLocale, savedLanguage, saveLanguage, type Language } from './locales';

// Active before any module's code asks for a message, so nothing ever runs without a locale.
i18n.loadAndActivate({ locale: 'en', locales: ['en-US'], messages: {} });

let language: Language = 'en';
let locale = 'en-US';

/** The chosen language (messages) — `en`, `nb` or `en-XA`. */
export const currentLanguage = (): Language => language;
/** The BCP 47 tag every date and number is formatted with (`nb-NO`, `en-GB`, …). */
export const currentLocale = (): string => locale;

const catalogs: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Record<string, unknown> }>> = {
  nb: () => import('./catalogs/nb/messages.po'),
  'en-XA': () => import('./catalogs/en-XA/messages.po'),
};

/** Loads and activates the operator's language: the saved choice, else the browser's. Call before the first render. */
export async function activateStartupLanguage(): Promise<void> {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  language = savedLanguage() ?? browserLanguage(preferred);
  locale = formattingLocale(language, preferred);
  if (language !== 'en') {
    const { messages } = await catalogs[language]();
    i18n.loadAndActivate({ locale: language, locales: [locale], messages: messages as never });
  } else {
    i18n.loadAndActivate({ locale: 'en', locales: [locale], messages: {} });
  }
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Remembers the choice and reloads; `null` goes back to following the browser. */
export function switchLanguage(next: Language | null): void {
  saveLanguage(next);
  window.location.reload();
}

export { i18n };
