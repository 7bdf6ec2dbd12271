import { z } from 'zod/mini';
import { longTextSchema, textSchema } from './primitives';

/** Every error response body. */
export const errorBodySchema = z.object({ message: longTextSchema });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Token endpoint success body. */
export const tokenResponseSchema = z.object({
  access_token: textSchema.check(z.minLength(1)),
  expires_in: z.int().check(z.positive()),
  token_type: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** A key as a message may show it: control characters (U+0000 too) written as JSON escapes. */
function printableKey(key: PropertyKey): string {
  return [...String(key)]
    .map((c) => {
      const code = c.charCodeAt(0);
      return code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, '0')}` : c;
    })
    .join('');
}

/** `groundTruth[0].label` from a zod issue path. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    return text ? `${text}.${printableKey(key)}` : printableKey(key);
  }, '');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * One readable sentence per problem, naming the field and the rule, e.g.
 * `retentionInDays must be an integer from 1 to 1825; foo is not an allowed field`.
 * Pass the parsed input so a missing field reads "is required" rather than a type complaint.
 */
export function describeZodError(error: z.core.$ZodError, input?: unknown, subject = 'body'): string {
  const sentences = error.issues.flatMap((issue) => {
    const where = formatPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `${where ? `${where}.` : ''}${printableKey(key)} is not an allowed field`);
    }
    const name = where || subject;
    // A record key that breaks its rule (a field name in fieldConfig): say the key's rule, not "invalid key".
    if (issue.code === 'invalid_key') {
      return [`${name} is not a valid key: it ${issue.issues.map((inner) => lowerFirst(inner.message)).join('; ')}`];
    }
    if (issue.code === 'invalid_type' && issue.path.length > 0 && valueAt(input, issue.path) === undefined) {
      return [`${name} is required`];
    }
    if (issue.code === 'invalid_type' && issue.path.length === 0) {
      return [`${subject} must be a JSON ${issue.expected === 'object' ? 'object' : issue.expected}`];
    }
    return [`${name} ${lowerFirst(issue.message)}`];
  });
  return [...new Set(sentences)].join('; ');
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
