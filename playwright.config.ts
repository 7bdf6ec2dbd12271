import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './e2e/support/chromium';
import { E2E_BASE_URL } from './e2e/support/servers';

// End-to-end tests run Debian's Chromium against the real BFF and embedded service, started by e2e/support/serve.ts
// with a fresh data dir (see there). No mocked API.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  // One retry in CI: the line reporter still names every test that needed it ("flaky"), so intermittent failures are
  // seen and fixed, without one slow moment on a loaded machine discarding a whole run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['line']] : [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: 'npx tsx e2e/support/serve.ts',
    url: `${E2E_BASE_URL}/bff/session`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
