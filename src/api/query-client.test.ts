import { describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { ApiError } from './errors';
import { createQueryClient } from './query-client';

const unauthorized = () => Promise.reject(new ApiError(401, 'Sign in again', 'GET /api/x'));

describe('the 401 handler', () => {
  it('says whether a screen was showing the query that answered 401', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });

    // A route preloaded on hover: fetched with nobody watching it.
    await client.prefetchQuery({ queryKey: ['preloaded'], queryFn: unauthorized });
    expect(onUnauthorized).toHaveBeenLastCalledWith({ watched: false });

    const observer = new QueryObserver(client, { queryKey: ['on-screen'], queryFn: unauthorized });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(2));
    expect(onUnauthorized).toHaveBeenLastCalledWith({ watched: true });
    unsubscribe();

    await new MutationObserver(client, { mutationFn: unauthorized }).mutate().catch(() => undefined);
    expect(onUnauthorized).toHaveBeenLastCalledWith({ watched: true });
  });

  it('stays out of calls that handle their own 401', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client.prefetchQuery({ queryKey: ['session'], queryFn: unauthorized, meta: { ignoreUnauthorized: true } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
