import { describe, expect, it } from 'vitest';
import { entriesFromPredictions, notesByLabel, reviewPosition, thresholdFromConfig } from './review-fields';

describe('review fields', () => {
  it('prefills entries from predictions; a missing value becomes empty text', () => {
    expect(
      entriesFromPredictions([
        { label: 'total', value: '12', rawValue: '12,00', pages: [1], confidence: 0.5 },
        { label: 'iban', value: null, rawValue: null, pages: [], confidence: 0 },
      ]),
    ).toEqual([
      { label: 'total', value: '12', rawValue: '12,00', pages: [1], confidence: 0.5 },
      { label: 'iban', value: '', pages: [], confidence: 0 },
    ]);
  });

  it('groups issues per field and reads the global threshold', () => {
    expect(notesByLabel([{ field: 'a', rule: 'requiredField', message: 'a is required' }]).get('a')).toEqual([
      'a is required',
    ]);
    expect(
      thresholdFromConfig(
        {
          rules: [
            { type: 'confidenceThreshold', field: 'x', threshold: 0.9 },
            { type: 'confidenceThreshold', threshold: 0.7 },
          ],
        },
        0.8,
      ),
    ).toBe(0.7);
    expect(thresholdFromConfig(null, 0.8)).toBe(0.8);
  });

  it('counts the position in the sitting', () => {
    expect(reviewPosition(2, 9, true)).toEqual({ position: 3, total: 12 });
    expect(reviewPosition(3, 0, false)).toEqual({ position: 3, total: 3 });
  });
});
