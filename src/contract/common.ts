import { z } from 'zod';
import { MAX_TEXT_LENGTH, nullableTextSchema, textSchema, timestampSchema } from './primitives';

/** An opaque list cursor (the service's are far shorter). */
const nextTokenSchema = z.string().max(MAX_TEXT_LENGTH, { message: `must be at most ${MAX_TEXT_LENGTH} characters` });

/** Audit fields every resource carries. */
export const auditFields = {
  createdTime: timestampSchema,
  updatedTime: timestampSchema.nullable(),
  createdBy: textSchema.nullable(),
  updatedBy: textSchema.nullable(),
};

export const nameDescriptionFields = {
  name: nullableTextSchema,
  description: nullableTextSchema,
};

/**
 * A PATCH body: every field optional, unknown fields rejected, and at least one field present (DESIGN §4: an empty
 * PATCH is a 400).
 */
export function patchBody<T extends z.ZodRawShape>(shape: T) {
  return z
    .strictObject(shape)
    .partial()
    .refine((body) => Object.keys(body).length > 0, { message: 'must contain at least one field to update' });
}

/** List envelope `{ <key>: [...], nextToken: string | null }`. */
export function listSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), nextToken: nextTokenSchema.nullable() } as { [P in K]: z.ZodArray<T> } & {
    nextToken: z.ZodNullable<z.ZodString>;
  });
}

export const MAX_LIST_RESULTS = 1000;
export const DEFAULT_LIST_RESULTS = 100;

/** `?maxResults=&nextToken=` of every list. */
export const listQuerySchema = z.object({
  maxResults: z.coerce
    .number({ message: 'must be an integer' })
    .int({ message: 'must be an integer' })
    .min(1, { message: `must be an integer from 1 to ${MAX_LIST_RESULTS}` })
    .max(MAX_LIST_RESULTS, { message: `must be an integer from 1 to ${MAX_LIST_RESULTS}` })
    .optional(),
  nextToken: nextTokenSchema.min(1, { message: 'must not be empty' }).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
