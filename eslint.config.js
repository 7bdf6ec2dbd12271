import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import globals from 'globals';

const CLASSIC_ZOD = {
  name: 'zod',
  message: "Use zod/mini (`import { z } from 'zod/mini'`): the console, the contract and the servers use one flavour.",
};

/**
 * The folders of each server in layers, top first (DESIGN.md §2: low-level helpers at the bottom, composition at the
 * top). A file imports its own folder and the layers below its own: never a folder of its own layer, never one above.
 */
const BFF_LAYERS = [
  // app.ts, main.ts and operator-cli.ts put the BFF together.
  ['bff-entry'],
  // The stores of the state plugin, files or PostgreSQL, for every folder below that keeps state.
  ['bff-state'],
  // The configuration from the environment (each part's section); the gate every request passes; the OpenAPI document.
  ['bff-config', 'bff-access', 'bff-schemas'],
  ['bff-review', 'bff-oidc'],
  ['bff-proxy', 'bff-sessions'],
  ['bff-audit', 'bff-console-static', 'bff-health'],
  // Checks of a request by itself (paths, headers, Host), the 403 messages, metrics.
  ['bff-security', 'bff-observability'],
  // Data files, reading a response body: what any folder above may need and nothing there may own.
  ['bff-foundation'],
];
/** Files directly in src/server/bff, classified one by one (an element is a folder); each is a layer's name. */
const BFF_FILES = [
  { category: 'bff-entry', pattern: 'src/server/bff/{app,main,operator-cli}.ts' },
  { category: 'bff-config', pattern: 'src/server/bff/config.ts' },
  { category: 'bff-console-static', pattern: 'src/server/bff/console-static.ts' },
];
const BFF_ELEMENTS = BFF_LAYERS.flat()
  .filter((name) => !BFF_FILES.some((file) => file.category === name))
  .map((type) => ({ type, pattern: `src/server/bff/${type.slice('bff-'.length)}` }));
/** Everything of the BFF, for its test harness and its tests. */
const ALL_OF_BFF = [
  { to: { element: { types: { anyOf: ['bff-testing', ...BFF_ELEMENTS.map((element) => element.type)] } } } },
  { to: { file: { categories: { anyOf: BFF_FILES.map((file) => file.category) } } } },
];

/** A layer's name selects a folder (an element type) or, for the files directly in a server's folder, a file category. */
function layerSelector(name, files) {
  return files.some((file) => file.category === name)
    ? { file: { categories: name } }
    : { element: { types: { anyOf: [name] } } };
}

/**
 * The boundaries policies of a server's layers: each folder or file may import its own and those of the layers below.
 * `files` are the server's file categories; `beneath` the element types every layer may import (shared, contract).
 */
function layerPolicies(layers, files, beneath) {
  return layers.flatMap((layer, index) =>
    layer.flatMap((name) => {
      const allowed = [name, ...layers.slice(index + 1).flat()];
      const types = [...allowed.filter((to) => !files.some((file) => file.category === to)), ...beneath];
      const categories = allowed.filter((to) => files.some((file) => file.category === to));
      const from = layerSelector(name, files);
      return [
        { from, allow: { to: { element: { types: { anyOf: types } } } } },
        ...(categories.length > 0 ? [{ from, allow: { to: { file: { categories: { anyOf: categories } } } } }] : []),
      ];
    }),
  );
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.data',
      'test-results',
      'playwright-report',
      'src/routeTree.gen.ts',
      'src/server/service/storage/migrations',
    ],
  },
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
  // TanStack's own rules: stable query clients, exhaustive query keys, route options in inference order.
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  {
    // One zod flavour, zod/mini: classic zod is not tree-shakeable, and any of it in a lazy chunk drags the zod core it
    // shares with zod/mini into the console's first load (`npm run bench -- bundle`); the servers write their schemas
    // (config, routes) the same way. Tests may use it.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/contract/**', 'src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [CLASSIC_ZOD] }] },
  },
  {
    // The service's route plugins sit on top: only app.ts registers them. The domain (runs, models), storage, auth and
    // the demo data never import them; what two of them need lives below the routes.
    files: ['src/server/service/**/*.ts'],
    ignores: ['src/server/service/endpoints/**', 'src/server/service/app.ts', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [CLASSIC_ZOD],
          patterns: [
            {
              group: ['@/server/service/endpoints', '@/server/service/endpoints/*', '../endpoints', '../endpoints/*'],
              message: 'Route plugins are registered by app.ts only: move what you need out of endpoints/.',
            },
          ],
        },
      ],
    },
  },
  {
    // contract/ is shared by the browser, the BFF and the service: it must not import from the rest, and it is
    // written with zod/mini so the console loads only the schemas it uses.
    files: ['src/contract/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [CLASSIC_ZOD], patterns: ['../*', '@/*', '!./*'] }] },
  },
  {
    // Every file belongs to a layer, and layers import one way. The console: routes → features → widgets →
    // components → api → contract; a feature imports only itself and the layers below it (never another feature);
    // widgets are composites that several features share; src/main.tsx and src/router.tsx wire the layers together.
    // The servers: the BFF and the service each import themselves, server/shared and the contract — never each other
    // (the BFF's tests and test harness start a real service) and never console code; console code never imports
    // server code. A file in a folder no element names is an error (boundaries/no-unknown-files): place new folders here.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { './scripts/lint/src-alias-resolver.cjs': { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/legacy-templates': false,
      // Files classified one by one: tests, and the three files directly in src/ that wire the console's layers
      // together (main.tsx, router.tsx, the generated route tree).
      'boundaries/files': [
        { category: 'test', pattern: '**/*.test.{ts,tsx}' },
        { category: 'bff-test', pattern: 'src/server/bff/**/*.test.ts' },
        { category: 'console-entry', pattern: 'src/{main.tsx,router.tsx,routeTree.gen.ts}' },
        ...BFF_FILES,
      ],
      'boundaries/elements': [
        { type: 'bff-testing', pattern: 'src/server/bff/testing' },
        { type: 'routes', pattern: 'src/routes/**', partialMatch: false },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'widget', pattern: 'src/widgets/*', capture: ['widget'] },
        { type: 'components', pattern: 'src/components' },
        { type: 'api', pattern: 'src/api' },
        { type: 'contract', pattern: 'src/contract' },
        ...BFF_ELEMENTS,
        { type: 'service', pattern: 'src/server/service' },
        { type: 'server-shared', pattern: 'src/server/shared' },
      ],
    },
    rules: {
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { file: { categories: 'console-entry' } },
              allow: {
                to: { element: { types: { anyOf: ['routes', 'feature', 'widget', 'components', 'api', 'contract'] } } },
              },
            },
            // main.tsx imports the router, the router the generated route tree, the root route the router's context type.
            {
              from: { file: { categories: 'console-entry' } },
              allow: { to: { file: { categories: 'console-entry' } } },
            },
            { from: { element: { type: 'routes' } }, allow: { to: { file: { categories: 'console-entry' } } } },
            {
              from: { element: { type: 'routes' } },
              allow: {
                to: { element: { types: { anyOf: ['routes', 'feature', 'widget', 'components', 'api', 'contract'] } } },
              },
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { types: { anyOf: ['widget', 'components', 'api', 'contract'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } },
              },
            },
            {
              from: { element: { type: 'widget' } },
              allow: { to: { element: { types: { anyOf: ['widget', 'components', 'api', 'contract'] } } } },
            },
            {
              from: { element: { type: 'components' } },
              allow: { to: { element: { types: { anyOf: ['components', 'api', 'contract'] } } } },
            },
            {
              from: { element: { type: 'api' } },
              allow: { to: { element: { types: { anyOf: ['api', 'contract'] } } } },
            },
            { from: { element: { type: 'contract' } }, allow: { to: { element: { type: 'contract' } } } },
            ...layerPolicies(BFF_LAYERS, BFF_FILES, ['server-shared', 'contract']),
            // The test harness and the tests reach every part of the BFF (a test reaches what it tests wherever it
            // sits), and start a real service.
            ...ALL_OF_BFF.map((allow) => ({ from: { element: { type: 'bff-testing' } }, allow })),
            ...ALL_OF_BFF.map((allow) => ({ from: { file: { categories: 'bff-test' } }, allow })),
            {
              from: [{ element: { type: 'bff-testing' } }, { file: { categories: 'bff-test' } }],
              allow: { to: { element: { types: { anyOf: ['service', 'server-shared', 'contract'] } } } },
            },
            {
              from: { element: { type: 'service' } },
              allow: { to: { element: { types: { anyOf: ['service', 'server-shared', 'contract'] } } } },
            },
            {
              from: { element: { type: 'server-shared' } },
              allow: { to: { element: { types: { anyOf: ['server-shared', 'contract'] } } } },
            },
          ],
        },
      ],
    },
  },
  {
    // Functions a person can hold in their head (issue 26): none over 120 lines anywhere in src/ without a reason
    // beside it (an eslint-disable comment). Split into hooks, subcomponents, helpers or one function per route group.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    // One name for the permission: components take `canWrite`; `readOnly` is only an input's HTML attribute.
    files: [
      'src/widgets/ground-truth/**/*.{ts,tsx}',
      'src/widgets/document-viewer/**/*.{ts,tsx}',
      'src/widgets/change-credit/**/*.{ts,tsx}',
      'src/features/documents/**/*.{ts,tsx}',
      'src/features/runs/**/*.{ts,tsx}',
      'src/components/data-table/**/*.{ts,tsx}',
    ],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXOpeningElement[name.name=/^[A-Z]/] > JSXAttribute[name.name="readOnly"]',
          message:
            'Components take `canWrite` (from useCapabilities()); `readOnly` is only the HTML attribute of an input.',
        },
      ],
    },
  },
  {
    // Thin route files: the documents and runs features read their search and navigate with getRouteApi(), so their
    // routes pass no callbacks down.
    files: ['src/routes/_authenticated/documents/**', 'src/routes/_authenticated/runs/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            CLASSIC_ZOD,
            {
              name: '@tanstack/react-router',
              importNames: ['useNavigate'],
              message: "The feature navigates with getRouteApi('<route id>').useNavigate(); the route file stays thin.",
            },
          ],
        },
      ],
    },
  },
  {
    // ESLint loads import resolvers with require(): this one is CommonJS.
    files: ['scripts/lint/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Playwright fixtures are `async ({}, use) => …`: an empty pattern and a `use` callback that is not React's hook.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
