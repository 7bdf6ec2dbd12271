/**
 * Evaluates a validation's `config.rules` (contract: validationRuleSchema) against predictions. Patterns are callers'
 * regular expressions: they run on the contract's RE2 engine (linear time), and the work of one evaluation is capped,
 * so no rule or value can hold up the run's transaction. A check that cannot be made is an issue (a person looks),
 * never a silent pass.
 */
import {
  compileCallerPattern,
  MAX_PATTERN_VALUE_LENGTH,
  type CallerPatternResult,
  type ValidationConfig,
  type ValidationRule,
} from '@/contract';
import type { Prediction } from '@/server/service/storage/repositories/agent-runs';

export type ValidationIssue = { field: string; rule: ValidationRule['type']; message: string };

/** Pattern work one evaluation may do, in program steps × value characters (RE2's worst case per check). */
export const MAX_PATTERN_WORK = 5_000_000;

const COMPILED_CACHE_SIZE = 256;
const compiledCache = new Map<string, CallerPatternResult>();

/** Compiled once per pattern while it stays among the most recently used. */
function compile(source: string): CallerPatternResult {
  let result = compiledCache.get(source);
  if (result) {
    compiledCache.delete(source);
  } else {
    result = compileCallerPattern(source);
    if (compiledCache.size >= COMPILED_CACHE_SIZE) compiledCache.delete(compiledCache.keys().next().value as string);
  }
  compiledCache.set(source, result);
  return result;
}

export function evaluateRules(
  config: ValidationConfig | null | undefined,
  predictions: Prediction[],
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const byLabel = new Map<string, Prediction[]>();
  for (const prediction of predictions) {
    const same = byLabel.get(prediction.label);
    if (same) same.push(prediction);
    else byLabel.set(prediction.label, [prediction]);
  }
  let patternWork = 0;
  for (const rule of config?.rules ?? []) {
    if (rule.type === 'confidenceThreshold') {
      const targets = rule.field ? (byLabel.get(rule.field) ?? []) : predictions;
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
      const found = (byLabel.get(rule.field) ?? []).some(
        (prediction) => prediction.value !== null && prediction.value !== '',
      );
      if (!found)
        issues.push({ field: rule.field, rule: rule.type, message: `${rule.field} is required but was not found` });
    } else {
      const values = (byLabel.get(rule.field) ?? []).flatMap((prediction) =>
        prediction.value === null ? [] : [prediction.value],
      );
      if (!values.length) continue;
      const issue = (message: string) => issues.push({ field: rule.field, rule: rule.type, message });
      const compiled = compile(rule.pattern);
      if (!compiled.ok) {
        // Saved before patterns were checked on save: the contract refuses such a rule today.
        issue(`${rule.field} could not be checked: its pattern ${compiled.reason}`);
        continue;
      }
      for (const value of values) {
        if (value.length > MAX_PATTERN_VALUE_LENGTH) {
          issue(
            `${rule.field} is longer than ${MAX_PATTERN_VALUE_LENGTH} characters: not matched against ${rule.pattern}`,
          );
          continue;
        }
        patternWork += compiled.pattern.programSize * Math.max(value.length, 1);
        if (patternWork > MAX_PATTERN_WORK) {
          issue(
            `${rule.field} was not matched against ${rule.pattern}: the pattern checks of one run reached their limit`,
          );
          continue;
        }
        if (!compiled.pattern.test(value)) issue(`${rule.field} does not match ${rule.pattern}`);
      }
    }
  }
  return issues;
}
