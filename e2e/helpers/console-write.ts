import type { Page } from '@playwright/test';

/**
 * Sends a write from the page, exactly as the console would (same origin, session cookie, `X-CSRF: 1`), and returns
 * the BFF's answer. For checking that the BFF itself refuses a viewer's writes, now that the screens offer none.
 */
export function consoleWrite(
  page: Page,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; message: string }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        credentials: 'same-origin',
        headers: { 'X-CSRF': '1', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        /* not JSON */
      }
      return { status: response.status, message };
    },
    { method, path, body },
  );
}
