import { describe, expect, it } from 'vitest';
import { confidenceRangeText, parseConfidenceRange } from '@/contract';
import { lastMicrosecondBefore } from '@/api/insights';
import { figureRunsLink, runsLinkFor } from './runs-link';

const window = {
  agentId: 'svc:agent:0123456789abcdef0123456789abcdef',
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-02T00:00:00.000Z',
};

describe('runsLinkFor', () => {
  it('filters the runs page to the agent, the window up to the microsecond before `to`, and the outcome', () => {
    expect(runsLinkFor({ ...window, outcome: 'reviewed' })).toEqual({
      to: '/runs',
      search: { agent: window.agentId, from: window.from, to: '2026-11-01T23:59:59.999999Z', outcome: 'reviewed' },
    });
  });

  it('opens the archived tab for archived runs ("All" hides them)', () => {
    expect(runsLinkFor({ ...window, outcome: 'archived' }).search).toMatchObject({
      tab: 'archived',
      outcome: 'archived',
    });
    expect(runsLinkFor({ ...window, outcome: 'queued' }).search.tab).toBeUndefined();
  });

  it('without the extension, says the outcome by a tab where a status says it exactly, else not at all', () => {
    expect(runsLinkFor({ ...window, outcome: 'error', source: 'runs' }).search).toEqual({
      agent: window.agentId,
      from: window.from,
      to: '2026-11-01T23:59:59.999999Z',
      tab: 'errors',
    });
    expect(runsLinkFor({ ...window, outcome: 'queued', source: 'runs' }).search.tab).toBe('review');
    expect(runsLinkFor({ ...window, outcome: 'reviewed', source: 'runs' }).search).not.toHaveProperty('outcome');
  });

  it('ends at the microsecond before a `to` of any millisecond', () => {
    expect(lastMicrosecondBefore('2026-11-02T10:00:00.123Z')).toBe('2026-11-02T10:00:00.122999Z');
  });
});

describe('figureRunsLink (fields, calibration, threshold explorer)', () => {
  it('filters the window to the runs behind the figure: the service’s insight filters', () => {
    expect(
      figureRunsLink({
        ...window,
        filter: { predictionLabel: 'invoice_number', predictionChanged: 'true' },
        source: 'service',
      }),
    ).toEqual({
      to: '/runs',
      search: {
        agent: window.agentId,
        from: window.from,
        to: '2026-11-01T23:59:59.999999Z',
        predictionLabel: 'invoice_number',
        predictionChanged: true,
      },
    });
    // No outcome: the filters say "reviewed" themselves, archived reviewed runs included, as the figures count them.
    expect(
      figureRunsLink({ ...window, filter: { lowestConfidence: '0-0.8' }, source: 'service' })?.search,
    ).not.toHaveProperty('outcome');
  });

  it('gives no link for figures computed from the runs list (it cannot filter by predictions)', () => {
    expect(figureRunsLink({ ...window, filter: { predictionConfidence: '0.3-0.4' }, source: 'runs' })).toBeUndefined();
  });
});

describe('confidenceRangeText (the filters’ ranges the links write)', () => {
  it('writes bucket edges as the service reads them', () => {
    expect(confidenceRangeText(0.3, 0.4)).toBe('0.3-0.4');
    expect(confidenceRangeText(0.8, 1)).toBe('0.8-1');
    // The insights' bucket edges are sums of 0.1: written as the edge they are.
    expect(confidenceRangeText(0, 0.1 + 0.2)).toBe('0-0.3');
    expect(parseConfidenceRange(confidenceRangeText(0.7000000000000001, 1))).toEqual({ from: 7, to: 10 });
  });
});
