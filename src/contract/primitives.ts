import { z } from 'zod';

/** The two namespace words of identifiers: `svc` (current) and `legacy` (older, still accepted). */
export const NAMESPACES = ['svc', 'legacy'] as const;
export type Namespace = (typeof NAMESPACES)[number];
/** Regex source matching one namespace word. */
export const NS = `(?:${NAMESPACES.join('|')})`;

export const MAX_TEXT_LENGTH = 4096;
export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 1825;
export const MIN_CONTENT_LENGTH = 1;
export const MAX_CONTENT_LENGTH = 6_250_000;

/**
 * Seed timestamp: date with optional hyphens, then an optional space or `T`, then hh:mm:ss with optional colons,
 * an optional 1–6 digit fraction, and a zone `Z` or `+hh:mm` (colon optional).
 */
export const TIMESTAMP_PATTERN = /^\d{4}-?\d{2}-?\d{2}[ T]?\d{2}:?\d{2}:?\d{2}(?:\.\d{1,6})?(?:Z|\+\d{2}:?\d{2})$/;
export const timestampSchema = z
  .string()
  .regex(TIMESTAMP_PATTERN, { message: 'must be a timestamp like 2024-01-31T12:00:00.000000Z' });

/** Seed URL rule: the value must start with `http://localhost` or `https://`. */
export const URL_PATTERN = /^(?:http:\/\/localhost|https:\/\/)/;
export const urlSchema = z.string().regex(URL_PATTERN, { message: 'must start with http://localhost or https://' });

/**
 * Create User's email rule: the local part starts alphanumeric, then letters, digits and `-+._`; then `@`; a dotted
 * domain whose final label has at least 2 letters.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9\-+._]*@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;
export const emailSchema = z.string().regex(EMAIL_PATTERN, { message: 'must be a valid email address such as name@example.com' });

export const textSchema = z.string().max(MAX_TEXT_LENGTH, { message: `must be at most ${MAX_TEXT_LENGTH} characters` });
export const nullableTextSchema = textSchema.nullable();

/** Free-form JSON object; arrays, strings and null are rejected. */
export const metadataSchema = z.record(z.string(), z.unknown(), { message: 'must be a JSON object' });

export const retentionInDaysSchema = z
  .int({ message: 'must be an integer' })
  .min(MIN_RETENTION_DAYS, { message: `must be an integer from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}` })
  .max(MAX_RETENTION_DAYS, { message: `must be an integer from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}` });

export const nonNegativeIntSchema = z.int({ message: 'must be an integer' }).min(0, { message: 'must be an integer >= 0' });

/** The current time in the seed's timestamp format (microsecond precision, UTC). */
export function nowTimestamp(date: Date = new Date()): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
