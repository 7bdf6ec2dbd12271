/**
 * Both servers read their environment through one zod schema each. An empty variable counts as unset (`X= npm start`
 * clears X), and a refused environment names every bad variable with its rule in one message.
 */
import { z } from 'zod';

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

/** Text, or undefined when unset or empty. */
export const envText = z.preprocess(blankAsUnset, z.string().optional());

/** A whole decimal number from `min` to `max` (no `0x10`, `1e3`, spaces), or undefined when unset or empty. */
export function envInteger(min: number, max: number) {
  const rule = `must be an integer from ${min} to ${max}`;
  return z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^-?[0-9]+$/, rule)
      .transform(Number)
      .pipe(z.number().min(min, rule).max(max, rule))
      .optional(),
  );
}

/** `0` switches off; anything else (or unset) leaves on. */
export const envSwitch = z.preprocess(blankAsUnset, z.string().optional()).transform((value) => value !== '0');

export function parseEnv<Schema extends z.ZodType>(schema: Schema, env: Env): z.output<Schema> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.map(String).join('.')} ${issue.message}`);
  throw new ConfigError(problems.join('; '));
}
