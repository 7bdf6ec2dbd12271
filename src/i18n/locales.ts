/**
 * The console's languages and the operator's choice among them. The choice is remembered in this browser; without
 * one, the browser's preferred languages decide (Norwegian of any kind → Bokmål), and English is the default.
 */
export const LANGUAGES = ['en', 'nb', 'en-XA'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A language's name in itself, as a language menu shows it ("English", "Norsk bokmål"); en-XA is its tag. */
export function languageName(language: Language): string {
  if (language === 'en-XA') return language;
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

const CHOICE_KEY = 'dps.language';
const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export function savedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(CHOICE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function saveLanguage(language: Language | null): void {
  try {
    if (language) localStorage.setItem(CHOICE_KEY, language);
    else localStorage.removeItem(CHOICE_KEY);
  } catch {
    // Storage refused (private mode, quota): the choice lasts until the page is left.
  }
}

/** The first of the browser's languages the console speaks. */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower === 'en-xa') return 'en-XA';
    const base = lower.split('-')[0];
    if (base === 'nb' || base === 'no' || base === 'nn') return 'nb';
    if (base === 'en') return 'en';
  }
  return 'en';
}

/**
 * The locale dates and numbers are written in: the browser's own tag when it is of the chosen language (en-GB keeps
 * day-month order), else the language's usual region.
 */
export function formattingLocale(language: Language, preferred: readonly string[]): string {
  const match = preferred.find((tag) => browserLanguage([tag]) === language && tag.includes('-'));
  if (language === 'en-XA') return 'en';
  if (match && match.toLowerCase() !== 'en-xa') return match;
  return language === 'nb' ? 'nb-NO' : 'en-US';
}
