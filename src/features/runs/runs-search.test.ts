import { describe, expect, it } from 'vitest';
import { insightFilters } from '@/api/runs-filter';
import { formatDateTime } from '@/i18n/format';
import { describeFilter } from './runs-filter-sentence';
import { lowestConfidenceWords, predictionFilterWords, runsListParams, runsSearchSchema } from './runs-search';

const agentId = 'svc:agent:0123456789abcdef0123456789abcdef';

describe('runs page search: outcome (the insights extension)', () => {
  it('keeps a known outcome from the URL and drops an unknown one rather than failing the page', () => {
    expect(runsSearchSchema.parse({ agent: agentId, outcome: 'reviewed' }).outcome).toBe('reviewed');
    expect(runsSearchSchema.parse({ agent: agentId, outcome: 'done' }).outcome).toBeUndefined();
  });

  it('sends the outcome with the list query, and says it in the filter’s words', () => {
    const search = runsSearchSchema.parse({ agent: agentId, outcome: 'straightThrough', from: '2026-11-01T00:00:00Z' });
    expect(runsListParams(agentId, search)).toMatchObject({ agentId, outcome: 'straightThrough' });
    // The bound in the operator's local time, as the created-time filter takes it.
    expect(describeFilter(search, (s) => s)).toBe(
      `not archived, outcome straight through, created from ${formatDateTime('2026-11-01T00:00:00Z', 'local')}`,
    );
  });
});

describe('runs page search: the insight filters (the runs behind a fields or confidence figure)', () => {
  it('keeps well-formed values from the URL and drops bad ones rather than failing the page', () => {
    const kept = runsSearchSchema.parse({
      agent: agentId,
      predictionLabel: 'invoice_number',
      predictionChanged: true,
      predictionConfidence: '0.3-0.4',
      lowestConfidence: '0-0.8',
    });
    expect(kept).toMatchObject({
      predictionLabel: 'invoice_number',
      predictionChanged: true,
      predictionConfidence: '0.3-0.4',
      lowestConfidence: '0-0.8',
    });
    const dropped = runsSearchSchema.parse({
      agent: agentId,
      predictionLabel: '',
      predictionChanged: 'yes',
      predictionConfidence: '0.35-0.4',
      lowestConfidence: '0.8-0.3',
    });
    expect(dropped.predictionLabel).toBeUndefined();
    expect(dropped.predictionChanged).toBeUndefined();
    expect(dropped.predictionConfidence).toBeUndefined();
    expect(dropped.lowestConfidence).toBeUndefined();
    expect(
      runsSearchSchema.parse({ agent: agentId, predictionLabel: 'x'.repeat(257) }).predictionLabel,
    ).toBeUndefined();
  });

  it('sends them with the list query, and only those set', () => {
    const search = runsSearchSchema.parse({
      agent: agentId,
      predictionLabel: 'total',
      predictionChanged: true,
      lowestConfidence: '0-0.8',
    });
    const params = runsListParams(agentId, search);
    expect(params).toMatchObject({ predictionLabel: 'total', predictionChanged: 'true', lowestConfidence: '0-0.8' });
    expect(params).not.toHaveProperty('predictionConfidence');
    expect(insightFilters(search)).toEqual({
      predictionLabel: 'total',
      predictionChanged: 'true',
      lowestConfidence: '0-0.8',
    });
  });

  it('says them in the operator’s words: one chip for the prediction, one for the lowest confidence', () => {
    expect(predictionFilterWords({ predictionLabel: 'invoice_number', predictionChanged: true })).toBe(
      'Field: invoice_number, changed',
    );
    expect(predictionFilterWords({ predictionLabel: 'total' })).toBe('Field: total');
    expect(predictionFilterWords({ predictionConfidence: '0.3-0.4' })).toBe('Prediction confidence 0.3–0.4');
    expect(predictionFilterWords({ predictionChanged: true, predictionConfidence: '0.8-1' })).toBe(
      'Prediction changed, confidence 0.8–1',
    );
    expect(predictionFilterWords({ predictionChanged: false })).toBe('Prediction unchanged');
    expect(insightFilters({ predictionChanged: false })).toEqual({ predictionChanged: 'false' });
    expect(predictionFilterWords({ lowestConfidence: '0-0.8' })).toBeUndefined();
    expect(lowestConfidenceWords({ lowestConfidence: '0-0.8' })).toBe('Lowest confidence 0–0.8');
    expect(lowestConfidenceWords({})).toBeUndefined();
  });

  it('describes the filter with them (the confirmation of "Archive all matching")', () => {
    const search = runsSearchSchema.parse({
      agent: agentId,
      predictionLabel: 'invoice_number',
      predictionChanged: true,
      lowestConfidence: '0-0.8',
    });
    expect(describeFilter(search, (s) => s)).toBe(
      'not archived, with a prediction of field invoice_number, changed, lowest confidence 0–0.8',
    );
    const confidence = runsSearchSchema.parse({ agent: agentId, predictionConfidence: '0.3-0.4', tab: 'archived' });
    expect(describeFilter(confidence, (s) => s)).toBe('archived, with a prediction confidence 0.3–0.4');
  });
});
