/** bffFetch: the BFF's headers and the session cookie on every call, the caller's headers beside them. */
import { describe, expect, it } from 'vitest';
import { bffFetch } from './bff-fetch';

describe('bffFetch', () => {
  it('sends X-CSRF: 1 and same-origin credentials with the caller’s headers and options', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(null, { status: 204 });
    }) as typeof globalThis.fetch;
    await bffFetch('/bff/file?url=x', { method: 'GET', headers: { Range: 'bytes=0-9' }, fetch });
    expect(calls).toEqual([
      {
        url: '/bff/file?url=x',
        init: { method: 'GET', headers: { 'X-CSRF': '1', Range: 'bytes=0-9' }, credentials: 'same-origin' },
      },
    ]);
  });
});
