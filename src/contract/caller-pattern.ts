/**
 * Regular expressions written by callers (a validation's `pattern` rule). They run on RE2JS, an RE2 engine: matching
 * is linear in the value's length whatever the pattern, where a backtracking engine (JavaScript's RegExp) can take
 * exponential time on `^(a+)+$`. The price is RE2's syntax: no backreferences, no lookahead or lookbehind.
 * JavaScript spellings RE2 lacks (`\u00e9`, `(?<name>…)`, `\/`) are translated first, so a pattern written for
 * RegExp keeps working when it needs none of those.
 */
import { RE2JS } from 're2js';

/** Longest pattern a rule may hold. */
export const MAX_PATTERN_LENGTH = 500;
/** Largest compiled program (counted repetitions expand: `.{1000}` is 1,000 steps); matching costs program × value. */
export const MAX_PATTERN_PROGRAM_SIZE = 2000;
/** Longest value a pattern is matched against; a longer value fails the rule unchecked. */
export const MAX_PATTERN_VALUE_LENGTH = 4096;

export interface CallerPattern {
  source: string;
  /** Steps of the compiled program: a bound on the work per character of a value. */
  programSize: number;
  /** True when the pattern matches somewhere in `value` (like RegExp.prototype.test). */
  test(value: string): boolean;
}

export type CallerPatternResult = { ok: true; pattern: CallerPattern } | { ok: false; reason: string };

/** Compiles a caller's pattern, or says which rule it breaks (a phrase to follow the field's name). */
export function compileCallerPattern(source: string): CallerPatternResult {
  if (source.length > MAX_PATTERN_LENGTH)
    return { ok: false, reason: `must be at most ${MAX_PATTERN_LENGTH} characters` };
  // The translation would read JavaScript's named backreference `\k<name>` as the letter k: refuse it here.
  if (hasEscape(source, 'k')) return { ok: false, reason: describeUnsupported('backreference \\k is not supported') };
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(source));
  } catch (error) {
    return { ok: false, reason: describeSyntaxError(source, error) };
  }
  const programSize = compiled.re2().prog.inst.length as number;
  if (programSize > MAX_PATTERN_PROGRAM_SIZE) {
    return {
      ok: false,
      reason: `is too complex: it compiles to ${programSize} steps, at most ${MAX_PATTERN_PROGRAM_SIZE} (use smaller counted repetitions such as {1,100})`,
    };
  }
  return { ok: true, pattern: { source, programSize, test: (value) => compiled.test(value) } };
}

function describeSyntaxError(source: string, error: unknown): string {
  const detail = error instanceof Error ? error.message.replace(/^error parsing regexp:\s*/, '') : '';
  // RegExp only parses here (it never runs): it tells a pattern that is simply malformed from one using the
  // backtracking-only features RE2 leaves out.
  let validForRegExp = true;
  try {
    new RegExp(source);
  } catch {
    validForRegExp = false;
  }
  if (!validForRegExp) return 'must be a valid regular expression';
  return describeUnsupported(detail);
}

function describeUnsupported(detail: string): string {
  return `must use RE2 syntax, which has no backreferences, lookahead or lookbehind (${detail})`;
}

/** True when `source` has the escape `\<letter>` (an escaped backslash followed by the letter does not count). */
function hasEscape(source: string, letter: string): boolean {
  for (let i = 0; i < source.length - 1; i += 1) {
    if (source[i] !== '\\') continue;
    if (source[i + 1] === letter) return true;
    i += 1;
  }
  return false;
}
