import { describe, expect, it } from 'vitest';
import { addRule, checkConfigText, describeRule, ruleFromDraft } from './validation-config';

describe('validation config text', () => {
  it('accepts an open object with valid rules and keeps unknown keys', () => {
    const text = '{"rules":[{"type":"requiredField","field":"total"}],"team":"ap"}';
    expect(checkConfigText(text)).toEqual({
      ok: true,
      config: { rules: [{ type: 'requiredField', field: 'total' }], team: 'ap' },
    });
    expect(checkConfigText('')).toEqual({ ok: true, config: {} });
  });

  it('names the rule and the problem', () => {
    expect(checkConfigText('{"rules":[{"type":"confidenceThreshold","threshold":2}]}')).toEqual({
      ok: false,
      error: 'config.rules[0].threshold must be a number from 0 to 1',
    });
    expect(checkConfigText('{"rules":[{"type":"pattern","field":"x","pattern":"("}]}')).toEqual({
      ok: false,
      error: 'config.rules[0].pattern must be a valid regular expression',
    });
    expect(checkConfigText('[]')).toEqual({ ok: false, error: 'config must be a JSON object' });
    const parse = checkConfigText('{"rules": [');
    expect(parse.ok).toBe(false);
    expect(!parse.ok && parse.error).toMatch(/^config is not valid JSON: /);
  });

  it('adds preset rules without touching the rest', () => {
    const rule = ruleFromDraft({ type: 'pattern', field: 'invoice_number', threshold: '', pattern: '^INV-\\d+$' });
    expect(rule).toEqual({ rule: { type: 'pattern', field: 'invoice_number', pattern: '^INV-\\d+$' } });
    if (!('rule' in rule)) throw new Error('expected a rule');
    const text = addRule('{"autoApprove": true}', rule.rule);
    expect(JSON.parse(text!)).toEqual({ autoApprove: true, rules: [rule.rule] });
    expect(addRule('{oops', rule.rule)).toBeUndefined();
    expect(describeRule(rule.rule)).toBe('“invoice_number” matches /^INV-\\d+$/');
  });

  it('rejects incomplete preset forms with the rule named', () => {
    expect(ruleFromDraft({ type: 'requiredField', field: ' ', threshold: '', pattern: '' })).toEqual({
      error: 'field must not be empty',
    });
    expect(ruleFromDraft({ type: 'confidenceThreshold', field: '', threshold: '1.5', pattern: '' })).toEqual({
      error: 'threshold must be a number from 0 to 1',
    });
    expect(ruleFromDraft({ type: 'confidenceThreshold', field: '', threshold: '', pattern: '' })).toEqual({
      error: 'threshold is required',
    });
    expect(ruleFromDraft({ type: 'confidenceThreshold', field: '', threshold: '0.7', pattern: '' })).toEqual({
      rule: { type: 'confidenceThreshold', threshold: 0.7 },
    });
  });
});
