import { test as base, expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { AUTH_STATE, E2E_BASE_URL } from './servers';

/**
 * The service reached the way the console reaches it: through the BFF's `/api` with an operator's session.
 * Specs seed and verify data with it (no mocked API anywhere).
 */
export class ServiceApi {
  constructor(private readonly context: APIRequestContext) {}

  async call<T = unknown>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await this.context.fetch(`/api${path}`, {
      method,
      headers: { 'X-CSRF': '1', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      data: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok()) throw new Error(`${method} ${path} → ${response.status()}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  get<T = unknown>(path: string) {
    return this.call<T>('GET', path);
  }
  post<T = unknown>(path: string, body: unknown) {
    return this.call<T>('POST', path, body);
  }
  patch<T = unknown>(path: string, body: unknown) {
    return this.call<T>('PATCH', path, body);
  }
  delete<T = unknown>(path: string) {
    return this.call<T>('DELETE', path);
  }
}

type Fixtures = {
  /** Through the BFF as the admin operator. */
  api: ServiceApi;
  /** A page signed in as the viewer operator (read-only). */
  viewerPage: Page;
  /** A page signed in as the reviewer operator (reads, reviews runs; every agent). */
  reviewerPage: Page;
  /** A name unique to this test, for data it creates. */
  unique: (prefix: string) => string;
};

/** `page` is signed in as the admin operator. */
export const test = base.extend<Fixtures>({
  storageState: AUTH_STATE.admin,
  api: async ({}, use) => {
    const context = await request.newContext({ baseURL: E2E_BASE_URL, storageState: AUTH_STATE.admin });
    await use(new ServiceApi(context));
    await context.dispose();
  },
  viewerPage: async ({ browser }, use) => {
    const context = await browser.newContext({ storageState: AUTH_STATE.viewer });
    await use(await context.newPage());
    await context.close();
  },
  reviewerPage: async ({ browser }, use) => {
    const context = await browser.newContext({ storageState: AUTH_STATE.reviewer });
    await use(await context.newPage());
    await context.close();
  },
  unique: async ({}, use, testInfo) => {
    let n = 0;
    await use((prefix) => `${prefix} ${testInfo.workerIndex}-${Date.now().toString(36)}-${n++}`);
  },
});

export { expect };

export { expectAccessible } from '../helpers/a11y';
