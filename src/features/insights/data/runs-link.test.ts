import { describe, expect, it } from 'vitest';
import { lastMicrosecondBefore, runsLinkFor } from './runs-link';

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
