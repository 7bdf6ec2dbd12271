import { mkdirSync } from 'node:fs';
import { request } from '@playwright/test';
import { AUTH_STATE, E2E_BASE_URL, E2E_OPERATORS } from './servers';

/** Signs the admin, viewer and reviewer operators in once through the BFF and stores their session cookies. */
export default async function globalSetup() {
  mkdirSync('e2e/.auth', { recursive: true });
  for (const role of Object.keys(E2E_OPERATORS) as (keyof typeof E2E_OPERATORS)[]) {
    const { name, password } = E2E_OPERATORS[role];
    const context = await request.newContext({ baseURL: E2E_BASE_URL });
    const response = await context.post('/bff/login', { data: { name, password }, headers: { 'X-CSRF': '1' } });
    if (!response.ok()) throw new Error(`sign-in of ${name} failed: ${response.status()} ${await response.text()}`);
    await context.storageState({ path: AUTH_STATE[role] });
    await context.dispose();
  }
}
