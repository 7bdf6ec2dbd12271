/** An error the console shows says "reference <id>": the id the console server answered in `x-request-id`. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n'; // activates Lingui (English), as main.tsx does before the first render
import { api } from './client';
import { ApiError, explainError } from './errors';

afterEach(() => vi.unstubAllGlobals());

async function failure(response: Response): Promise<unknown> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
  return api('/users/svc:user:x').then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => error,
  );
}

describe('error reference', () => {
  it("shows the answer's request id beside the service's message", async () => {
    const id = '4bf92f3577b34da6a3ce929d0e0e4736';
    const error = await failure(
      new Response('{"message":"user svc:user:x not found"}', { status: 404, headers: { 'x-request-id': id } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).requestId).toBe(id);
    expect(explainError(error)).toMatchObject({
      title: 'Not found',
      detail: `user svc:user:x not found (reference ${id})`,
    });
  });

  it('says no reference when the answer has none, or one that is not an id', async () => {
    const answers: Record<string, string>[] = [{}, { 'x-request-id': '<script>alert(1)</script>' }];
    for (const headers of answers) {
      const error = await failure(new Response('{"message":"boom"}', { status: 502, headers }));
      expect(explainError(error).detail).toBe('boom');
    }
  });
});
