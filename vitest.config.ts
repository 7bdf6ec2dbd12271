import { defineConfig } from 'vitest/config';

// Three suites: pure units (contract, helpers), the embedded service over real HTTP, and the BFF over real HTTP.
export default defineConfig({
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
