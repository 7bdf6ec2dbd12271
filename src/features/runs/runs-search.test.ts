import { describe, expect, it } from 'vitest';
import { describeFilter, runsListParams, runsSearchSchema } from './runs-search';

const agentId = 'svc:agent:0123456789abcdef0123456789abcdef';

describe('runs page search: outcome (the insights extension)', () => {
  it('keeps a known outcome from the URL and drops an unknown one rather than failing the page', () => {
    expect(runsSearchSchema.parse({ agent: agentId, outcome: 'reviewed' }).outcome).toBe('reviewed');
    expect(runsSearchSchema.parse({ agent: agentId, outcome: 'done' }).outcome).toBeUndefined();
  });

  it('sends the outcome with the list query, and says it in the filter’s words', () => {
    const search = runsSearchSchema.parse({ agent: agentId, outcome: 'straightThrough', from: '2026-11-01T00:00:00Z' });
    expect(runsListParams(agentId, search)).toMatchObject({ agentId, outcome: 'straightThrough' });
    expect(describeFilter(search, (s) => s)).toBe(
      'not archived, outcome straight through, created from 2026-11-01T00:00:00Z',
    );
  });
});
