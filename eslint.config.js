import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'test-results', 'playwright-report', 'src/routeTree.gen.ts', 'src/server/service/storage/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The compiler-oriented rules of react-hooks 7 flag TanStack's render-prop patterns; keep the classic two.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // contract/ is shared by the browser, the BFF and the service: it must not import from the rest.
    files: ['src/contract/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['../*', '!./*'] }] },
  },
  {
    // Playwright fixtures are `async ({}, use) => …`: an empty pattern and a `use` callback that is not React's hook.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
