import { afterEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import type { Model } from '@/contract';
import { modelsApi } from './models';

const ORG = 'svc:organization:0123456789abcdef0123456789abcdef';
const OTHER_ORG = 'svc:organization:fedcba9876543210fedcba9876543210';
const modelId = 'svc:model:0123456789abcdef0123456789abcdef';

const model = (name: string): Model => ({
  modelId,
  name,
  description: null,
  fieldConfig: { total: { type: 'amount' } },
  createdTime: '2026-11-26T10:00:00.000000Z',
  updatedTime: null,
  createdBy: null,
  updatedBy: null,
  metadata: {},
  status: 'active',
  llmVersion: 'sonnet-4.6',
  preprocessConfig: null,
  postprocessConfig: null,
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

interface Call {
  method: string;
  url: string;
  idempotencyKey: string | null;
}

/**
 * A service that answers every other call with `answer(method)` and every list with the models it holds now; lists answer only
 * after `listDelay` ms, so a mutation that did not await the lists' refetch resolves before it lands.
 */
function fakeService(answer: (method: string) => Response, listed: () => Model[], listDelay = 30) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const headers = init.headers as Record<string, string>;
      calls.push({ method, url, idempotencyKey: headers['Idempotency-Key'] ?? null });
      if (method === 'GET' && url.startsWith('/api/models?')) {
        await new Promise((resolve) => setTimeout(resolve, listDelay));
        return json({ models: listed(), nextToken: null });
      }
      return answer(method);
    }),
  );
  return calls;
}

/** A list on screen: an observer keeps the first page active, so invalidation refetches it. */
async function watchList(queryClient: QueryClient, org = ORG) {
  const observer = new QueryObserver(queryClient, modelsApi.listQueryOptions(org, { maxResults: 25 }));
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  return { observer, unsubscribe };
}

afterEach(() => vi.unstubAllGlobals());

describe('defineResourceApi: cache behaviour shared by every family', () => {
  it('create puts the answer in the detail cache and resolves only once the list on screen shows it', async () => {
    let stored: Model[] = [];
    const created = model('Invoices');
    const calls = fakeService(
      () => {
        stored = [created];
        return json(created);
      },
      () => stored,
    );
    const queryClient = new QueryClient();
    const list = await watchList(queryClient);
    expect(list.observer.getCurrentResult().data?.models).toEqual([]);

    const create = new MutationObserver(queryClient, modelsApi.createMutationOptions(queryClient, ORG));
    const result = await create.mutate({ name: 'Invoices', fieldConfig: { total: { type: 'amount' } } });

    expect(result).toEqual(created);
    expect(queryClient.getQueryData(modelsApi.keys.detail(ORG, modelId))).toEqual(created);
    // Awaited: the refetched list is already in the cache when mutate resolves.
    expect(list.observer.getCurrentResult().data?.models).toEqual([created]);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/models');
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    list.unsubscribe();
  });

  it('create sends the same idempotency key again for a retry of the same values, a new one after success', async () => {
    let fail = true;
    const calls = fakeService(
      () => (fail ? new Response('{"message":"timeout"}', { status: 504 }) : json(model('Invoices'))),
      () => [],
    );
    const queryClient = new QueryClient();
    const options = modelsApi.createMutationOptions(queryClient, ORG);
    const body = { name: 'Invoices', fieldConfig: {} };
    await expect(new MutationObserver(queryClient, options).mutate(body)).rejects.toThrow();
    fail = false;
    await new MutationObserver(queryClient, options).mutate(body);
    await new MutationObserver(queryClient, options).mutate(body);
    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('update sends the id in the path and replaces the cached detail; the list on screen is refetched first', async () => {
    let stored = [model('Old name')];
    const calls = fakeService(
      () => {
        stored = [model('New name')];
        return json(stored[0]);
      },
      () => stored,
    );
    const queryClient = new QueryClient();
    queryClient.setQueryData(modelsApi.keys.detail(ORG, modelId), model('Old name'));
    const list = await watchList(queryClient);

    const update = new MutationObserver(queryClient, modelsApi.updateMutationOptions(queryClient, ORG));
    await update.mutate({ modelId, body: { name: 'New name' } });

    expect(calls.find((c) => c.method === 'PATCH')?.url).toBe(`/api/models/${modelId}`);
    expect(queryClient.getQueryData<Model>(modelsApi.keys.detail(ORG, modelId))?.name).toBe('New name');
    expect(list.observer.getCurrentResult().data?.models.map((m) => m.name)).toEqual(['New name']);
    list.unsubscribe();
  });

  it("delete removes the detail (no refetch of what is gone), refetches the lists, and leaves another organization's cache alone", async () => {
    const doomed = model('Doomed');
    let stored = [doomed];
    const calls = fakeService(
      (method) => {
        if (method === 'DELETE') stored = [];
        return json(doomed);
      },
      () => stored,
    );
    const queryClient = new QueryClient();
    const detail = new QueryObserver(queryClient, modelsApi.detailQueryOptions(ORG, modelId));
    const unsubscribeDetail = detail.subscribe(() => undefined);
    await vi.waitFor(() => expect(detail.getCurrentResult().isSuccess).toBe(true));
    queryClient.setQueryData(modelsApi.keys.detail(OTHER_ORG, modelId), model('Elsewhere'));
    const list = await watchList(queryClient);
    const otherList = queryClient.getQueryState(modelsApi.keys.list(OTHER_ORG, { maxResults: 25 }));

    const remove = new MutationObserver(queryClient, modelsApi.deleteMutationOptions(queryClient, ORG));
    await remove.mutate(modelId);

    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/models/${modelId}`);
    expect(queryClient.getQueryCache().find({ queryKey: modelsApi.keys.detail(ORG, modelId) })).toBeUndefined();
    expect(list.observer.getCurrentResult().data?.models).toEqual([]);
    // The removed detail was not asked for again; the other organization's data is untouched.
    expect(calls.filter((c) => c.method === 'GET' && c.url === `/api/models/${modelId}`)).toHaveLength(1);
    expect(queryClient.getQueryData<Model>(modelsApi.keys.detail(OTHER_ORG, modelId))?.name).toBe('Elsewhere');
    expect(otherList).toBeUndefined();
    unsubscribeDetail();
    list.unsubscribe();
  });
});
