import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { agentRunCountsQueryOptions, FALLBACK_COUNT_LIMIT } from './agent-runs';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const agentId = 'svc:agent:0123456789abcdef0123456789abcdef';

async function countsFrom(fetch: (url: string) => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return fetch(url);
    }),
  );
  const result = await new QueryClient().fetchQuery(agentRunCountsQueryOptions('org', { agentId }));
  return { result, calls };
}

describe('agent run counts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the count extension once when the service has it', async () => {
    const { result, calls } = await countsFrom(() => json({ counts: { 'ready-for-review': 2_000_000, error: 0 } }));
    expect(result).toEqual({ counts: { 'ready-for-review': 2_000_000, error: 0 }, complete: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('/runs/counts');
  });

  it('without the extension, counts one page and says the counts are lower bounds when there are more runs', async () => {
    const page = Array.from({ length: FALLBACK_COUNT_LIMIT }, (_, i) => ({
      status: i % 4 ? 'error' : 'ready-for-review',
    }));
    const { result, calls } = await countsFrom((url) =>
      url.includes('/runs/counts')
        ? json({ message: 'Agent run not found' }, 404)
        : json({ runs: page, nextToken: 'more' }),
    );
    expect(result).toEqual({
      counts: { 'ready-for-review': FALLBACK_COUNT_LIMIT / 4, error: (FALLBACK_COUNT_LIMIT * 3) / 4 },
      complete: false,
    });
    expect(calls).toHaveLength(2); // never every page
    expect(calls[1]).toContain(`maxResults=${FALLBACK_COUNT_LIMIT}`);
  });

  it('without the extension and with one page of runs, the counts are exact', async () => {
    const { result } = await countsFrom((url) =>
      url.includes('/runs/counts')
        ? json({ message: 'runId must be an agent run id' }, 400)
        : json({ runs: [{ status: 'completed' }], nextToken: null }),
    );
    expect(result).toEqual({ counts: { completed: 1 }, complete: true });
  });

  it('does not hide other failures behind the fallback', async () => {
    await expect(countsFrom(() => json({ message: 'Forbidden' }, 403))).rejects.toThrow();
  });
});
