/**
 * Pattern rules run on the contract's RE2 engine with capped work: a pattern that backtracks exponentially in
 * RegExp answers at once, and a check that cannot be made is an issue for a person, never a silent pass.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_VALUE_LENGTH, type ValidationConfig } from '@/contract';
import type { Prediction } from '@/server/service/storage/repositories/agent-runs';
import { evaluateRules } from './validation-rules';

const predict = (label: string, value: string | null): Prediction => ({
  label,
  value,
  rawValue: value,
  pages: [],
  confidence: 0.9,
});
const patternRule = (pattern: string): ValidationConfig => ({ rules: [{ type: 'pattern', field: 'code', pattern }] });
const messages = (config: ValidationConfig, predictions: Prediction[]) =>
  evaluateRules(config, predictions).map((issue) => issue.message);

describe('pattern rules', () => {
  it('answers ^(a+)+$ on 4,000 a and a ! (RegExp backtracks for ever)', () => {
    expect(messages(patternRule('^(a+)+$'), [predict('code', `${'a'.repeat(4000)}!`), predict('code', 'aaa')])).toEqual(
      ['code does not match ^(a+)+$'],
    );
  });

  it('turns a stored pattern RE2 cannot run into an issue instead of skipping it', () => {
    expect(messages(patternRule('(a)\\1'), [predict('code', 'aa')])).toEqual([
      expect.stringMatching(/^code could not be checked: its pattern must use RE2 syntax/),
    ]);
  });

  it(`does not match values longer than ${MAX_PATTERN_VALUE_LENGTH} characters, and says so`, () => {
    expect(messages(patternRule('^a+$'), [predict('code', 'a'.repeat(MAX_PATTERN_VALUE_LENGTH + 1))])).toEqual([
      `code is longer than ${MAX_PATTERN_VALUE_LENGTH} characters: not matched against ^a+$`,
    ]);
  });

  it('stops matching when one run has done its share of pattern work; the unchecked values are issues', () => {
    const values = Array.from({ length: 5 }, () => predict('code', 'b'.repeat(MAX_PATTERN_VALUE_LENGTH)));
    const found = messages(patternRule('.{500}.{490}'), values);
    expect(found).toHaveLength(4);
    expect(new Set(found)).toEqual(
      new Set(['code was not matched against .{500}.{490}: the pattern checks of one run reached their limit']),
    );
  });

  it('applies rules to every prediction of their field, in rule order', () => {
    const predictions = [
      predict('code', 'X-1'),
      predict('other', 'X-2'),
      predict('code', 'bad'),
      predict('code', null),
    ];
    const issues = evaluateRules(
      {
        rules: [
          { type: 'pattern', field: 'code', pattern: '^X-\\d$' },
          { type: 'requiredField', field: 'missing' },
          { type: 'confidenceThreshold', field: 'other', threshold: 0.95 },
        ],
      },
      predictions,
    );
    expect(issues.map((issue) => `${issue.rule}:${issue.field}:${issue.message}`)).toEqual([
      'pattern:code:code does not match ^X-\\d$',
      'requiredField:missing:missing is required but was not found',
      'confidenceThreshold:other:other confidence 0.9 is below 0.95',
    ]);
  });
});
