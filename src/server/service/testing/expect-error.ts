/**
 * The service's error answers as DESIGN §4 fixes them, asserted the same way by every HTTP test: the status, a body
 * that is `{message}` and nothing else, and the CORS headers a browser needs to read it.
 */
import { expect } from 'vitest';
import { errorBodySchema } from '@/contract';
import type { HttpResult } from './http';

/** `message`: a pattern the message matches, or its exact text. */
export function expectError(result: HttpResult<unknown>, status: number, message?: RegExp | string): void {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  expect(Object.keys(result.body as object)).toEqual(['message']);
  const body = errorBodySchema.parse(result.body);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  expect(result.headers.get('access-control-allow-origin')).toBeTruthy();
  expect(result.headers.get('access-control-allow-headers')).toBeTruthy();
}

/** 400 with a message naming `field` (a string is read as a pattern: `'roleIds\\[0\\]'`, `'email'`). */
export async function expect400(
  result: HttpResult<unknown> | Promise<HttpResult<unknown>>,
  field: string | RegExp,
): Promise<void> {
  expectError(await result, 400, typeof field === 'string' ? new RegExp(field) : field);
}
