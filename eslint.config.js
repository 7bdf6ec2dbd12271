import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';

/** What lingui/no-unlocalized-strings does not take for words an operator reads. */
const UNLOCALIZED_STRINGS = {
  ignore: [
    // one lowercase token (a key, a class, a status value, a route) and UPPER_CASE constants
    '^(?![A-Z])\\S+$',
    '^[A-Z0-9_-]+$',
    // no letters at all: punctuation, numbers, separators
    '^[^A-Za-z]*$',
  ],
  ignoreNames: [
    {
      regex: {
        pattern:
          '^(className|classList|key|type|id|role|href|to|from|src|method|rel|target|name|mode|variant|size|side|align|dateTime|lang|inputMode|autoComplete|enterKeyHint|queryKey|htmlFor|form|accept|pattern|columnsKey|storageKey|testId|data-.*|aria-(controls|describedby|labelledby|hidden|live|current|haspopup|expanded|pressed|selected|checked|orientation|sort|autocomplete|invalid|busy|atomic|relevant|level|modal|disabled|readonly|required|owns|activedescendant))$',
      },
    },
    { regex: { pattern: '^[A-Z0-9_]+$' } },
  ],
  ignoreFunctions: [
    'Error',
    'console.*',
    'z.*',
    'RegExp',
    'URL',
    'URLSearchParams',
    'fetch',
    'bffFetch',
    'import',
    'matchMedia',
    '*.matchMedia',
    '*.startsWith',
    '*.endsWith',
    '*.includes',
    '*.indexOf',
    '*.get',
    '*.has',
    '*.set',
    '*.delete',
    '*.append',
    '*.getItem',
    '*.setItem',
    '*.removeItem',
    '*.addEventListener',
    '*.removeEventListener',
    '*.querySelector',
    '*.querySelectorAll',
    '*.closest',
    '*.getAttribute',
    '*.setAttribute',
    '*.removeAttribute',
    '*.toggle',
    '*.add',
    '*.remove',
    '*.contains',
    '*.match',
    '*.replace',
    '*.split',
    '*.join',
    'document.createElement',
  ],
};

const CLASSIC_ZOD = {
  name: 'zod',
  message: "Use zod/mini (`import { z } from 'zod/mini'`): the console, the contract and the servers use one flavour.",
};

/**
 * The folders of each server in layers, top first (DESIGN.md §2: low-level helpers at the bottom, composition at the
 * top). A folder imports itself and the layers below its own: never a folder of its own layer, never one above. A
 * name is a folder of the server (`bff-proxy`: src/server/bff/proxy) unless `files` names it: the files directly in
 * the server's folder, classified one by one (an element is a folder).
 */
const BFF = {
  name: 'bff',
  layers: [
    // app.ts, main.ts and operator-cli.ts put the BFF together.
    ['bff-entry'],
    // The stores of the state plugin, files or PostgreSQL, for every folder below that keeps state.
    ['bff-state'],
    // The gate every request passes; the OpenAPI document.
    ['bff-access', 'bff-schemas'],
    // The configuration from the environment (each part's section).
    ['bff-config'],
    ['bff-review', 'bff-oidc'],
    ['bff-proxy', 'bff-sessions'],
    ['bff-audit', 'bff-console-static', 'bff-health'],
    // Checks of a request by itself (paths, headers), the 403 messages, metrics.
    ['bff-security', 'bff-observability'],
    // Data files, reading a response body: what any folder above may need and nothing there may own.
    ['bff-foundation'],
  ],
  files: [
    { category: 'bff-entry', pattern: 'src/server/bff/{app,main,operator-cli}.ts' },
    { category: 'bff-config', pattern: 'src/server/bff/config.ts' },
    { category: 'bff-console-static', pattern: 'src/server/bff/console-static.ts' },
  ],
};
const SERVICE = {
  name: 'service',
  layers: [
    // app.ts and main.ts put the service together.
    ['service-entry'],
    // The first start (organization, admin client, demo data); the route plugins, registered by app.ts only.
    ['service-bootstrap', 'service-endpoints'],
    // Fastify plugins (auth, errors, validation, idempotency, OpenAPI, …); the demo data.
    ['service-plugins', 'service-demo'],
    // The domain: tokens and scopes, recognition, the run engine, records built from create bodies.
    ['service-auth', 'service-recognition', 'service-runs', 'service-resources'],
    // What the plugins decorate Fastify with, as one object.
    ['service-context'],
    ['service-config', 'service-observability'],
    // Repositories own every SQL statement; the file store.
    ['service-storage'],
    ['service-http-error'],
  ],
  files: [
    { category: 'service-entry', pattern: 'src/server/service/{app,main}.ts' },
    { category: 'service-bootstrap', pattern: 'src/server/service/bootstrap.ts' },
    { category: 'service-context', pattern: 'src/server/service/context.ts' },
    { category: 'service-config', pattern: 'src/server/service/config.ts' },
    { category: 'service-http-error', pattern: 'src/server/service/http-error.ts' },
  ],
};

const isFile = (name) => [...BFF.files, ...SERVICE.files].some((file) => file.category === name);

/** The folders of a server's layers, and its test harness (`<name>-testing`). */
function serverElements(server) {
  return [
    { type: `${server.name}-testing`, pattern: `src/server/${server.name}/testing` },
    ...server.layers
      .flat()
      .filter((name) => !isFile(name))
      .map((type) => ({ type, pattern: `src/server/${server.name}/${type.slice(server.name.length + 1)}` })),
  ];
}

/** A layer's name selects a folder (an element type) or a file directly in the server's folder (a file category). */
function layerSelector(name) {
  return isFile(name) ? { file: { categories: name } } : { element: { types: { anyOf: [name] } } };
}

/** Policies allowing `from` to import `names` (folders and files of a server, or elements such as the contract). */
function allowImports(from, names) {
  const types = names.filter((name) => !isFile(name));
  const categories = names.filter((name) => isFile(name));
  return [
    { from, allow: { to: { element: { types: { anyOf: types } } } } },
    ...(categories.length > 0 ? [{ from, allow: { to: { file: { categories: { anyOf: categories } } } } }] : []),
  ];
}

/** All of a server: its harness, its folders and its files. */
const allOf = (server) => [`${server.name}-testing`, ...server.layers.flat()];

/**
 * The boundaries policies of a server: each layer imports its own folder or file, the layers below, server/shared and
 * the contract; the test harness and the tests (`<name>-test`) reach all of the server (a test reaches what it tests
 * wherever it sits), and `alsoForTests` (the BFF's start a real service).
 */
function serverPolicies(server, alsoForTests = []) {
  const beneath = ['server-shared', 'contract'];
  return [
    ...server.layers.flatMap((layer, index) =>
      layer.flatMap((name) =>
        allowImports(layerSelector(name), [name, ...server.layers.slice(index + 1).flat(), ...beneath]),
      ),
    ),
    ...[{ element: { type: `${server.name}-testing` } }, { file: { categories: `${server.name}-test` } }].flatMap(
      (from) => allowImports(from, [...allOf(server), ...alsoForTests, ...beneath]),
    ),
  ];
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
    // server code. Inside each server, folders import one way too (BFF and SERVICE above): only app.ts registers the
    // service's route plugins, for one. A file in a folder no element names is an error (boundaries/no-unknown-files):
    // place new folders here.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { './scripts/lint/src-alias-resolver.cjs': { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/legacy-templates': false,
      // Files classified one by one: tests, the three files directly in src/ that wire the console's layers together
      // (main.tsx, router.tsx, the generated route tree), and the files directly in each server's folder.
      'boundaries/files': [
        { category: 'test', pattern: '**/*.test.{ts,tsx}' },
        { category: 'bff-test', pattern: 'src/server/bff/**/*.test.ts' },
        { category: 'service-test', pattern: 'src/server/service/**/*.test.ts' },
        { category: 'console-entry', pattern: 'src/{main.tsx,router.tsx,routeTree.gen.ts}' },
        ...BFF.files,
        ...SERVICE.files,
      ],
      'boundaries/elements': [
        { type: 'routes', pattern: 'src/routes/**', partialMatch: false },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'widget', pattern: 'src/widgets/*', capture: ['widget'] },
        { type: 'components', pattern: 'src/components' },
        { type: 'api', pattern: 'src/api' },
        { type: 'contract', pattern: 'src/contract' },
        { type: 'i18n', pattern: 'src/i18n' },
        ...serverElements(BFF),
        ...serverElements(SERVICE),
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
                to: {
                  element: {
                    types: { anyOf: ['routes', 'feature', 'widget', 'components', 'api', 'contract', 'i18n'] },
                  },
                },
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
                to: {
                  element: {
                    types: { anyOf: ['routes', 'feature', 'widget', 'components', 'api', 'contract', 'i18n'] },
                  },
                },
              },
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { types: { anyOf: ['widget', 'components', 'api', 'contract', 'i18n'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } },
              },
            },
            {
              from: { element: { type: 'widget' } },
              allow: { to: { element: { types: { anyOf: ['widget', 'components', 'api', 'contract', 'i18n'] } } } },
            },
            {
              from: { element: { type: 'components' } },
              allow: { to: { element: { types: { anyOf: ['components', 'api', 'contract', 'i18n'] } } } },
            },
            {
              from: { element: { type: 'api' } },
              allow: { to: { element: { types: { anyOf: ['api', 'contract', 'i18n'] } } } },
            },
            { from: { element: { type: 'contract' } }, allow: { to: { element: { type: 'contract' } } } },
            { from: { element: { type: 'i18n' } }, allow: { to: { element: { type: 'i18n' } } } },
            ...serverPolicies(BFF, allOf(SERVICE)),
            ...serverPolicies(SERVICE),
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
    // Functions a person can hold in their head (issues 26, 38): none over 80 lines anywhere in src/ without a reason
    // beside it (an eslint-disable comment). Cut at the seams: hooks, subcomponents, pure helpers, one function per
    // route or route group — not squeezed to fit.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
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
    // Words and formats (DESIGN.md §6, issue 39): every user-visible string of the console goes through Lingui's
    // macros, and every date and number through src/i18n/format.ts in the operator's locale. What is not words —
    // class names, keys, ids, routes, single lowercase tokens — is not flagged.
    // The contract is the servers' too: its messages are the API's, in English (the console explains them).
    files: ['src/{api,components,features,routes,widgets,i18n}/**/*.{ts,tsx}', 'src/{main,router}.tsx'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/components/testing/**'],
    plugins: { lingui },
    rules: {
      // Lingui's recommended rules (no `t` at module level, no expression in a message, …), as errors.
      ...Object.fromEntries(Object.keys(lingui.configs['flat/recommended'].rules).map((rule) => [rule, 'error'])),
      'lingui/no-unlocalized-strings': ['error', UNLOCALIZED_STRINGS],
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Format through src/i18n/format.ts: it writes in the operator’s locale and time zone.',
        })),
        ...['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat', 'ListFormat', 'PluralRules'].map((property) => ({
          object: 'Intl',
          property,
          message: 'Format through src/i18n/format.ts (one Intl formatter per locale and option set, cached).',
        })),
      ],
    },
  },
  {
    // The one formatting module.
    files: ['src/i18n/format.ts'],
    rules: { 'no-restricted-properties': 'off' },
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
