/**
 * Caller patterns: RE2 syntax, checked when a validation is saved, so nothing a caller writes can make matching
 * super-linear; the refusals name the field and the rule.
 */
import { describe, expect, it } from 'vitest';
import {
  compileCallerPattern,
  describeZodError,
  MAX_PATTERN_LENGTH,
  MAX_VALIDATION_RULES,
  validationConfigSchema,
  validationRuleSchema,
} from './index';

const problem = (pattern: string) => {
  const rule = { type: 'pattern', field: 'code', pattern };
  const result = validationRuleSchema.safeParse(rule);
  return result.success ? undefined : describeZodError(result.error, rule, 'rule');
};

describe('pattern rules', () => {
  it('accept ordinary patterns, JavaScript spellings included', () => {
    for (const pattern of [
      '^INV-\\d{4}$',
      '^[A-Z]{2}\\d{2}[A-Z0-9]{1,30}$',
      '^(?<year>\\d{4})-\\d{2}$',
      '^caf\\u00e9$',
      '^a\\/b$',
      '^(a+)+$',
    ]) {
      expect(problem(pattern), pattern).toBeUndefined();
    }
  });

  it('refuse backreferences and lookaround: RE2 syntax only', () => {
    for (const pattern of ['(a)\\1', '^(?=a)a$', '^(?!a)b$', '(?<=a)b', '(?<!a)b', '(?<n>a)\\k<n>']) {
      expect(problem(pattern), pattern).toMatch(
        /^pattern must use RE2 syntax, which has no backreferences, lookahead or lookbehind/,
      );
    }
  });

  it('refuse malformed patterns as before', () => {
    expect(problem('(')).toBe('pattern must be a valid regular expression');
    expect(problem('')).toBe('pattern must not be empty');
  });

  it(`refuse patterns longer than ${MAX_PATTERN_LENGTH} characters and programs too large to match cheaply`, () => {
    expect(problem('a'.repeat(MAX_PATTERN_LENGTH + 1))).toBe(
      `pattern must be at most ${MAX_PATTERN_LENGTH} characters`,
    );
    expect(problem('a'.repeat(MAX_PATTERN_LENGTH))).toBeUndefined();
    expect(problem('.{1000}.{1000}.{1000}')).toMatch(/^pattern is too complex: it compiles to \d+ steps, at most 2000/);
  });

  it('cap the number of rules and the length of field names', () => {
    const rules = Array.from({ length: MAX_VALIDATION_RULES + 1 }, () => ({ type: 'requiredField', field: 'x' }));
    const config = { rules };
    const result = validationConfigSchema.safeParse(config);
    expect(result.success).toBe(false);
    expect(describeZodError(result.error!, config, 'config')).toBe(
      `rules must hold at most ${MAX_VALIDATION_RULES} rules`,
    );
    expect(validationRuleSchema.safeParse({ type: 'requiredField', field: 'f'.repeat(257) }).success).toBe(false);
  });
});

describe('compileCallerPattern', () => {
  it('searches like RegExp.prototype.test', () => {
    const compiled = compileCallerPattern('INV-\\d+');
    if (!compiled.ok) throw new Error(compiled.reason);
    expect(compiled.pattern.test('no. INV-42')).toBe(true);
    expect(compiled.pattern.test('INV-')).toBe(false);
  });

  it('answers ^(a+)+$ on a long non-matching value (a backtracking engine would not return)', () => {
    const compiled = compileCallerPattern('^(a+)+$');
    if (!compiled.ok) throw new Error(compiled.reason);
    expect(compiled.pattern.test(`${'a'.repeat(4000)}!`)).toBe(false);
    expect(compiled.pattern.test('a'.repeat(4000))).toBe(true);
  });
});
