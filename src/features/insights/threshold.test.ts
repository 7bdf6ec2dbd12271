import { describe, expect, it } from 'vitest';
import type { AgentInsights } from '@/contract';
import { agentThreshold, thresholdOutcome, thresholdRunsFilters } from './threshold';

const confidence: AgentInsights['confidence'] = Array.from({ length: 10 }, (_, i) => ({
  from: i / 10,
  to: (i + 1) / 10,
  predictions: 10,
  changed: 10 - i,
  runs: i + 1,
}));

describe('threshold explorer', () => {
  it('sends the runs of the buckets below t to review and lets the changed values from t up pass', () => {
    const at = thresholdOutcome(confidence, 0.8);
    expect(at.runsToReview).toBe(1 + 2 + 3 + 4 + 5 + 6 + 7 + 8);
    expect(at.changedUnreviewed).toBe(2 + 1);
    expect(at.runs).toBe(55);
    expect(at.changed).toBe(55);
  });

  it('reviews nothing at 0 and everything at 1', () => {
    expect(thresholdOutcome(confidence, 0)).toMatchObject({ runsToReview: 0, changedUnreviewed: 55 });
    expect(thresholdOutcome(confidence, 1)).toMatchObject({ runsToReview: 55, changedUnreviewed: 0 });
  });

  it('copes with floating-point edges (0.30000000000000004)', () => {
    expect(thresholdOutcome(confidence, 0.1 + 0.2).runsToReview).toBe(1 + 2 + 3);
  });

  it('links each figure to the runs behind it: the service filters on the same edges', () => {
    expect(thresholdRunsFilters(thresholdOutcome(confidence, 0.8))).toEqual({
      toReview: { lowestConfidence: '0-0.8' },
      unreviewed: { predictionChanged: 'true', predictionConfidence: '0.8-1' },
    });
    expect(thresholdRunsFilters(thresholdOutcome(confidence, 0.1 + 0.2)).toReview).toEqual({
      lowestConfidence: '0-0.3',
    });
    // No runs behind a zero: nothing to review at 0, no changed value unreviewed at 1.
    expect(thresholdRunsFilters(thresholdOutcome(confidence, 0))).toEqual({
      toReview: undefined,
      unreviewed: { predictionChanged: 'true', predictionConfidence: '0-1' },
    });
    expect(thresholdRunsFilters(thresholdOutcome(confidence, 1))).toEqual({
      toReview: { lowestConfidence: '0-1' },
      unreviewed: undefined,
    });
  });
});

describe('agent threshold', () => {
  it('takes the highest every-field confidence rule of the validations and ignores per-field ones', () => {
    expect(
      agentThreshold([
        {
          config: {
            rules: [
              { type: 'confidenceThreshold', threshold: 0.7 },
              { type: 'requiredField', field: 'a' },
            ],
          },
        },
        { config: { rules: [{ type: 'confidenceThreshold', threshold: 0.8 }] } },
        { config: { rules: [{ type: 'confidenceThreshold', field: 'total', threshold: 0.95 }] } },
      ]),
    ).toBe(0.8);
    expect(agentThreshold([{ config: {} }])).toBeNull();
  });
});
