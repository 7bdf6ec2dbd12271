import { defineConfig } from 'vitest/config';
import babel from '@rolldown/plugin-babel';
import { CONSOLE_SOURCE, linguiBabelPlugins } from './scripts/i18n/compile-source-messages';

// Five suites: pure units (contract, helpers), console components (React Testing Library in jsdom), the code both
// servers share, the embedded service over real HTTP, and the BFF over real HTTP. Every test file of src/ and scripts/
// falls in exactly one of them.
export default defineConfig({
  // The console's components use Lingui's macros: expand them as the build does (vite.config.ts).
  plugins: [babel({ plugins: [...linguiBabelPlugins], include: CONSOLE_SOURCE })],
  resolve: { alias: { '@/': new URL('./src/', import.meta.url).pathname } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/server/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['src/**/*.test.tsx'],
          exclude: ['src/server/**'],
          environment: 'jsdom',
          setupFiles: ['src/components/testing/component-test-setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'shared', include: ['src/server/shared/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'service',
          include: ['src/server/service/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: { name: 'bff', include: ['src/server/bff/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 },
      },
    ],
  },
});
