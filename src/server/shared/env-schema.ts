/**
 * Both servers read their environment through one zod schema each (zod/mini, like the contract). An empty variable
 * counts as unset (`X= npm start` clears X), and a refused environment names every bad variable with its rule in one
 * message.
 */
import { z } from 'zod/mini';

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

/** Text, or undefined when unset or empty. */
export const envText = z.pipe(z.transform(blankAsUnset), z.optional(z.string()));

/** Text that passes `test` (a pattern or a predicate) when it is set; `rule` is the message otherwise. */
export function envTextWhere(test: RegExp | ((text: string) => boolean), rule: string) {
  const passes = typeof test === 'function' ? test : (text: string) => test.test(text);
  return envText.check(z.refine((text) => text === undefined || passes(text), rule));
}

/** A whole decimal number from `min` to `max` (no `0x10`, `1e3`, spaces), or undefined when unset or empty. */
export function envInteger(min: number, max: number) {
  const rule = `must be an integer from ${min} to ${max}`;
  const digits = z.string().check(z.regex(/^-?[0-9]+$/, rule));
  const inRange = z.number().check(z.gte(min, rule), z.lte(max, rule));
  return z.pipe(z.transform(blankAsUnset), z.optional(z.pipe(z.pipe(digits, z.transform(Number)), inRange)));
}

/** A decimal number from `min` to `max` (`0.5`, `15`; no exponent, no spaces), or undefined when unset or empty. */
export function envDecimal(min: number, max: number) {
  const rule = `must be a number from ${min} to ${max}`;
  const digits = z.string().check(z.regex(/^[0-9]+(\.[0-9]+)?$/, rule));
  const inRange = z.number().check(z.gte(min, rule), z.lte(max, rule));
  return z.pipe(z.transform(blankAsUnset), z.optional(z.pipe(z.pipe(digits, z.transform(Number)), inRange)));
}

/** `schema`'s value, or `fallback` when the variable is unset or empty. */
export function envDefault<Schema extends z.ZodMiniType>(
  schema: Schema,
  fallback: z.util.NoUndefined<z.output<Schema>>,
) {
  return z._default(schema, fallback);
}

/** `0` switches off; anything else (or unset) leaves on. */
export const envSwitch = z.pipe(
  envText,
  z.transform((value) => value !== '0'),
);

export function parseEnv<Schema extends z.ZodMiniType>(schema: Schema, env: Env): z.output<Schema> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.map(String).join('.')} ${issue.message}`);
  throw new ConfigError(problems.join('; '));
}
