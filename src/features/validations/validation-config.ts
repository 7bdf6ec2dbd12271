/**
 * The validation config's JSON text: parse it, check it against the contract, and add rules from presets without
 * touching anything else the operator wrote (config is an open object; only `rules` and `autoApprove` have a shape).
 */
import { msg, t } from '@lingui/core/macro';
import {
  describeZodError,
  validationConfigSchema,
  validationRuleSchema,
  type ValidationConfig,
  type ValidationRule,
} from '@/contract';
import { formatNumber } from '@/i18n/format';

export type ConfigCheck = { ok: true; config: ValidationConfig } | { ok: false; error: string };

export function checkConfigText(text: string): ConfigCheck {
  if (!text.trim()) return { ok: true, config: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = (error as Error).message;
    return { ok: false, error: t`config is not valid JSON: ${reason}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: t`config must be a JSON object` };
  const result = validationConfigSchema.safeParse(value);
  if (!result.success) {
    const sentences = describeZodError(result.error, value, 'config').split('; ');
    return { ok: false, error: sentences.map((s) => (s.startsWith('config') ? s : `config.${s}`)).join('; ') };
  }
  // Keep the operator's object as written (unknown keys included), not zod's copy.
  return { ok: true, config: value as ValidationConfig };
}

export function formatConfig(config: unknown): string {
  return JSON.stringify(config ?? {}, null, 2);
}

/** Append a rule to the config text. Returns undefined when the text is not an object (the caller says why). */
export function addRule(text: string, rule: ValidationRule): string | undefined {
  let value: unknown;
  try {
    value = text.trim() ? JSON.parse(text) : {};
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const config = value as Record<string, unknown>;
  const rules = Array.isArray(config.rules) ? config.rules : [];
  return formatConfig({ ...config, rules: [...rules, rule] });
}

/** The rule presets; `label` and `help` are message descriptors (`i18n._(preset.label)` where shown). */
export const RULE_PRESETS = [
  {
    type: 'confidenceThreshold',
    label: msg`Confidence threshold`,
    help: msg`Send to review when a field’s confidence is below the threshold (all fields when no field is named).`,
  },
  {
    type: 'requiredField',
    label: msg`Required field`,
    help: msg`Send to review when the field is missing or empty.`,
  },
  {
    type: 'pattern',
    label: msg`Pattern`,
    help: msg`Send to review when the field’s value does not match the regular expression.`,
  },
] as const;

export type RuleDraft = { type: ValidationRule['type']; field: string; threshold: string; pattern: string };

/** The rule a preset form describes, or the message naming what is wrong. */
export function ruleFromDraft(draft: RuleDraft): { rule: ValidationRule } | { error: string } {
  const candidate: Record<string, unknown> = { type: draft.type };
  if (draft.field.trim() || draft.type !== 'confidenceThreshold') candidate.field = draft.field.trim();
  if (draft.type === 'confidenceThreshold')
    // A decimal comma ("0,8", as Norwegian and most European keyboards write it) is read as a point.
    candidate.threshold = draft.threshold.trim() === '' ? undefined : Number(draft.threshold.replace(',', '.'));
  if (draft.type === 'pattern') candidate.pattern = draft.pattern;
  const result = validationRuleSchema.safeParse(candidate);
  if (!result.success) return { error: describeZodError(result.error, candidate, 'rule') };
  return { rule: result.data };
}

/** A sentence per rule, for the summary beside the JSON. */
export function describeRule(rule: ValidationRule): string {
  const field = rule.field ?? '';
  switch (rule.type) {
    case 'confidenceThreshold': {
      const threshold = formatNumber(rule.threshold);
      return field
        ? t`Confidence of “${field}” at least ${threshold}`
        : t`Confidence of every field at least ${threshold}`;
    }
    case 'requiredField':
      return t`“${field}” is present`;
    case 'pattern': {
      const pattern = rule.pattern;
      return t`“${field}” matches /${pattern}/`;
    }
  }
}
