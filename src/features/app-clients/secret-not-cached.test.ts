import { afterEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { appClientKeys, createAppClientMutationOptions } from '@/api/app-clients';

const SECRET = 'the-one-time-client-secret-0123456789';
const created = {
  appClientId: 'svc:app-client:0123456789abcdef0123456789abcdef',
  clientId: 'client-abc',
  clientSecret: SECRET,
  hasSecret: true,
  mutable: true,
  name: 'Importer',
  description: null,
  metadata: {},
  roleIds: [],
  loginUrls: [],
  logoutUrls: [],
  callbackUrls: [],
  defaultLoginUrl: null,
  createdTime: '2026-11-22T20:00:00.000000Z',
  updatedTime: null,
  createdBy: 'svc:app-client:x',
  updatedBy: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('create app client', () => {
  it('hands the secret to the caller and keeps it in no query or mutation cache', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(created), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const queryClient = new QueryClient();
    let received: string | null = null;
    const observer = new MutationObserver(
      queryClient,
      createAppClientMutationOptions(queryClient, 'svc:organization:test'),
    );
    const client = await observer.mutate({ body: { name: 'Importer' }, receiveSecret: (s) => (received = s) });

    expect(received).toBe(SECRET);
    expect(client).not.toHaveProperty('clientSecret');
    expect(queryClient.getQueryData(appClientKeys.detail('svc:organization:test', created.appClientId))).toMatchObject({
      clientId: 'client-abc',
    });
    const everything = JSON.stringify([
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.state),
      queryClient
        .getMutationCache()
        .getAll()
        .map((m) => m.state),
    ]);
    expect(everything).toContain('client-abc');
    expect(everything).not.toContain(SECRET);
  });
});
