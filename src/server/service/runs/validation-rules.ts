/** Evaluates a validation's `config.rules` (contract: validationRuleSchema) against predictions. */
import type { ValidationConfig, ValidationRule } from '../../../contract';
import type { Prediction } from './predictions';

export type ValidationIssue = { field: string; rule: ValidationRule['type']; message: string };

function compile(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

export function evaluateRules(config: ValidationConfig | null | undefined, predictions: Prediction[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const byLabel = (field: string) => predictions.filter((prediction) => prediction.label === field);
  for (const rule of config?.rules ?? []) {
    if (rule.type === 'confidenceThreshold') {
      const targets = rule.field ? byLabel(rule.field) : predictions;
      for (const prediction of targets) {
        if (prediction.value !== null && prediction.confidence < rule.threshold) {
          issues.push({
            field: prediction.label,
            rule: rule.type,
            message: `${prediction.label} confidence ${prediction.confidence} is below ${rule.threshold}`,
          });
        }
      }
    } else if (rule.type === 'requiredField') {
      const found = byLabel(rule.field).some((prediction) => prediction.value !== null && prediction.value !== '');
      if (!found) issues.push({ field: rule.field, rule: rule.type, message: `${rule.field} is required but was not found` });
    } else {
      const regex = compile(rule.pattern);
      for (const prediction of byLabel(rule.field)) {
        if (prediction.value !== null && regex && !regex.test(prediction.value)) {
          issues.push({ field: rule.field, rule: rule.type, message: `${rule.field} does not match ${rule.pattern}` });
        }
      }
    }
  }
  return issues;
}
