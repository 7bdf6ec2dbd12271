import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './client';
import { submissionKeys } from './idempotent-create';

describe('submission keys', () => {
  it('reuses the key while the same values are sent again, and not after a success or a change', () => {
    const keys = submissionKeys();
    const first = keys.keyFor({ name: 'Invoice', fields: [1, 2] });
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.keyFor({ name: 'Invoice', fields: [1, 2] })).toBe(first); // retried after a 504
    const changed = keys.keyFor({ name: 'Invoice 2', fields: [1, 2] });
    expect(changed).not.toBe(first);
    keys.done(changed);
    expect(keys.keyFor({ name: 'Invoice 2', fields: [1, 2] })).not.toBe(changed); // a deliberate second create
  });

  it('keeps apart the keys of two forms', () => {
    expect(submissionKeys().keyFor({ name: 'a' })).not.toBe(submissionKeys().keyFor({ name: 'a' }));
  });
});

describe('api()', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends Idempotency-Key when given one, and none otherwise', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await api('/models', { method: 'POST', body: { name: 'x' }, idempotencyKey: 'k-1' });
    await api('/models', { method: 'POST', body: { name: 'x' } });
    const headers = (call: number) =>
      (fetch.mock.calls[call] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers(0)['Idempotency-Key']).toBe('k-1');
    expect(headers(1)).not.toHaveProperty('Idempotency-Key');
  });
});
