/**
 * The Insights queries' sources: the service's extension when it answers, else the newest runs of the window
 * (insightsFromRuns itself is held to the endpoint's answer by the service test run-outcome-filter.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { insightsFromRuns, type AgentRun } from '@/contract';
import { fetchAgentInsights, fetchInsightsOverview, NEWEST_RUNS_LIMIT } from './insights';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const hex = (n: number) => n.toString(16).padStart(32, '0');
const agentA = `svc:agent:${hex(1)}`;
const agentB = `svc:agent:${hex(2)}`;
const window = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-03T00:00:00.000Z', bucket: 'day' as const };
const noRoute = (url: string) => json({ message: `no route GET ${new URL(url, 'http://x').pathname}` }, 404);

function run(agentId: string, n: number, status: AgentRun['status'], events: AgentRun['events']): AgentRun {
  return {
    agentId,
    runId: `svc:run:${hex(n)}`,
    status,
    events,
    resourceIds: [],
    createdTime: `2026-11-0${1 + (n % 2)}T10:00:0${n % 10}.000000Z`,
    updatedTime: null,
    createdBy: null,
    updatedBy: null,
  };
}
const reviewed = (agentId: string, n: number) =>
  run(agentId, n, 'completed', [
    { type: 'review-requested', status: 'ready-for-review', time: '2026-11-01T10:00:10.000000Z' },
    { type: 'review-started', status: 'review-in-progress', time: '2026-11-01T10:01:10.000000Z' },
    { type: 'review-completed', status: 'review-completed', time: '2026-11-01T10:03:10.000000Z' },
  ]);
const waiting = (agentId: string, n: number) =>
  run(agentId, n, 'ready-for-review', [
    { type: 'review-requested', status: 'ready-for-review', time: '2026-11-02T10:00:10.000000Z' },
  ]);

function serve(answer: (url: string) => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(decodeURIComponent(url));
      return answer(url);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('useAgentInsights source', () => {
  it('takes the extension’s answer when the service has it', async () => {
    const insights = insightsFromRuns([], window);
    const calls = serve(() => json(insights));
    expect(await fetchAgentInsights(agentA, window)).toEqual({ insights, source: 'service', unknown: [] });
    expect(calls).toHaveLength(1);
  });

  it('an unknown agent is an error, not a missing extension (the overview answers)', async () => {
    serve((url) =>
      url.includes('/insights/agents')
        ? json({ from: window.from, to: window.to, agents: [] })
        : json({ message: `Agent ${agentA} not found` }, 404),
    );
    await expect(fetchAgentInsights(agentA, window)).rejects.toThrow(/not found/);
  });

  it('without the extension, computes the figures from the window’s runs and lists what it cannot know', async () => {
    const runs = [waiting(agentA, 3), reviewed(agentA, 2)];
    const calls = serve((url) => (url.includes('insights') ? noRoute(url) : json({ runs, nextToken: null })));
    const result = await fetchAgentInsights(agentA, window);
    expect(result).toEqual({
      insights: insightsFromRuns(runs, window),
      source: 'runs',
      basedOnRuns: 2,
      newestRunsLimit: NEWEST_RUNS_LIMIT,
      windowHeldMore: false,
      knownFrom: undefined,
      unknown: ['fields', 'confidence'],
    });
    expect(result.insights.runs.map((b) => [b.reviewed, b.inProgress])).toEqual([
      [1, 0],
      [0, 1],
    ]);
    const list = calls.find((url) => url.includes('/runs?'))!;
    expect(list).toContain('createdTimeAfter=2026-11-01T00:00:00.000Z');
    expect(list).toContain('createdTimeBefore=2026-11-02T23:59:59.999999Z');
    expect(list).toContain('sort=createdTime:desc');
    expect(list).toContain(`maxResults=${NEWEST_RUNS_LIMIT}`);
  });

  it('when the window held more runs than one page, the queue and durations are unknown too', async () => {
    const runs = [waiting(agentA, 3), reviewed(agentA, 2)];
    serve((url) => (url.includes('insights') ? noRoute(url) : json({ runs, nextToken: 'more' })));
    const result = await fetchAgentInsights(agentA, window);
    expect(result).toMatchObject({ windowHeldMore: true, knownFrom: runs[1].createdTime, basedOnRuns: 2 });
    expect(result.unknown).toEqual(['fields', 'confidence', 'queue', 'durations']);
  });

  it('does not hide other failures behind the fallback', async () => {
    serve(() => json({ message: 'Forbidden' }, 403));
    await expect(fetchAgentInsights(agentA, window)).rejects.toThrow(/Forbidden/);
  });
});

describe('useInsightsOverview source', () => {
  it('without the extension, counts each agent’s newest runs of the window, and names agents it could not read whole', async () => {
    serve((url) => {
      if (url.includes('insights')) return noRoute(url);
      if (url.includes(agentA)) return json({ runs: [waiting(agentA, 3), reviewed(agentA, 2)], nextToken: null });
      return json({ runs: [reviewed(agentB, 5)], nextToken: 'more' });
    });
    const result = await fetchInsightsOverview(window, async () => [{ agentId: agentB }, { agentId: agentA }]);
    expect(result).toEqual({
      insights: {
        from: window.from,
        to: window.to,
        agents: [
          { agentId: agentA, straightThrough: 0, reviewed: 1, error: 0, archived: 0, inProgress: 1, queued: 1 },
          { agentId: agentB, straightThrough: 0, reviewed: 1, error: 0, archived: 0, inProgress: 0, queued: 0 },
        ],
      },
      source: 'runs',
      basedOnRuns: 3,
      newestRunsLimit: NEWEST_RUNS_LIMIT,
      windowHeldMore: true,
      unknown: [`agent:${agentB}`],
    });
  });

  it('takes the extension’s overview when it answers', async () => {
    const overview = { from: window.from, to: window.to, agents: [] };
    const calls = serve(() => json(overview));
    expect(await fetchInsightsOverview(window, async () => [])).toEqual({
      insights: overview,
      source: 'service',
      unknown: [],
    });
    expect(calls).toHaveLength(1);
  });
});
