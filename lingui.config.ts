import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The console's languages. English is the source: its messages stay in the code (see
 * scripts/i18n/compile-source-messages.ts), so it needs no catalog. Norwegian Bokmål is translated by hand (glossary:
 * src/i18n/catalogs/glossary.md); en-XA is the pseudo-locale (accented, longer) that shows cut or overlapping text.
 * `LINGUI_CATALOG_ROOT` lets scripts/i18n/check-catalogs.ts extract into a copy and compare.
 */
const root = process.env.LINGUI_CATALOG_ROOT ?? '<rootDir>/src/i18n/catalogs';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'nb', 'en-XA'],
  pseudoLocale: 'en-XA',
  fallbackLocales: {},
  catalogs: [
    { path: `${root}/{locale}/messages`, include: ['<rootDir>/src'], exclude: ['**/server/**', '**/*.test.*'] },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
