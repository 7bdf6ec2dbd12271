import { describe, expect, it } from 'vitest';
import { runsCountsParams, runsLinkSearch, runsListFilter, runsPaginationScope } from './runs-filter';

const agentId = 'svc:agent:0123456789abcdef0123456789abcdef';
const search = {
  agent: agentId,
  tab: 'review',
  status: 'review-in-progress,error',
  outcome: 'reviewed',
  predictionLabel: 'total',
  predictionChanged: false,
  from: '2026-11-01T00:00:00Z',
  to: '2026-11-02T00:00:00Z',
  sort: 'asc',
} as const;

describe('the runs filter: one search, every query and link', () => {
  it('lists the statuses of the tab the filter chose, with the outcome, insight filters, window and order', () => {
    expect(runsListFilter(agentId, search)).toEqual({
      agentId,
      statuses: ['review-in-progress'],
      outcome: 'reviewed',
      predictionLabel: 'total',
      predictionChanged: 'false',
      createdTimeAfter: '2026-11-01T00:00:00Z',
      createdTimeBefore: '2026-11-02T00:00:00Z',
      sort: 'createdTime:asc',
    });
    expect(runsListFilter(agentId, { tab: 'errors' })).toMatchObject({ statuses: ['error'], sort: 'createdTime:desc' });
  });

  it('counts with the same filters but the tab, status and order', () => {
    expect(runsCountsParams(agentId, search)).toEqual({
      agentId,
      outcome: 'reviewed',
      predictionLabel: 'total',
      predictionChanged: 'false',
      createdTimeAfter: '2026-11-01T00:00:00Z',
      createdTimeBefore: '2026-11-02T00:00:00Z',
    });
  });

  it('keeps a pagination trail per filter and order', () => {
    expect(runsPaginationScope(agentId, search)).toBe(
      `runs:${agentId}:review:review-in-progress,error:reviewed:{"predictionLabel":"total","predictionChanged":false}:2026-11-01T00:00:00Z:2026-11-02T00:00:00Z:asc`,
    );
    expect(runsPaginationScope(agentId, {})).toBe(`runs:${agentId}:all:::{}:::`);
  });

  it('links to the runs page with only the filters set, the insight filters as the URL says them', () => {
    const window = { agentId, from: '2026-11-01T00:00:00Z', to: '2026-11-01T23:59:59.999999Z' };
    expect(runsLinkSearch({ ...window, tab: 'all', outcome: undefined })).toEqual({
      agent: agentId,
      from: window.from,
      to: window.to,
    });
    const link = runsLinkSearch({ ...window, filters: { predictionChanged: 'true', predictionLabel: 'total' } });
    expect(link).toEqual({
      agent: agentId,
      from: window.from,
      to: window.to,
      predictionLabel: 'total',
      predictionChanged: true,
    });
    expect(runsListFilter(agentId, link)).toMatchObject({ predictionLabel: 'total', predictionChanged: 'true' });
  });
});
