import { z } from 'zod/mini';
import { MAX_TEXT_LENGTH, nullableTextSchema, textSchema, timestampSchema, stringSchema } from './primitives';

/** An opaque list cursor (the service's are far shorter). */
const nextTokenSchema = stringSchema().check(
  z.maxLength(MAX_TEXT_LENGTH, { message: `must be at most ${MAX_TEXT_LENGTH} characters` }),
);

/** Audit fields every resource carries. */
export const auditFields = {
  createdTime: timestampSchema,
  updatedTime: z.nullable(timestampSchema),
  createdBy: z.nullable(textSchema),
  updatedBy: z.nullable(textSchema),
};

export const nameDescriptionFields = {
  name: nullableTextSchema,
  description: nullableTextSchema,
};

/**
 * A PATCH body: every field optional, unknown fields rejected, and at least one field present (DESIGN §4: an empty
 * PATCH is a 400).
 */
export function patchBody<T extends z.core.$ZodLooseShape>(shape: T) {
  return z
    .partial(z.strictObject(shape))
    .check(z.refine((body) => Object.keys(body).length > 0, { message: 'must contain at least one field to update' }));
}

/** List envelope `{ <key>: [...], nextToken: string | null }`. */
export function listSchema<K extends string, T extends z.core.SomeType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), nextToken: z.nullable(nextTokenSchema) } as {
    [P in K]: z.ZodMiniArray<T>;
  } & {
    nextToken: z.ZodMiniNullable<z.ZodMiniString>;
  });
}

export const MAX_LIST_RESULTS = 1000;
export const DEFAULT_LIST_RESULTS = 100;

/** `?maxResults=&nextToken=` of every list. */
export const listQuerySchema = z.object({
  maxResults: z.optional(
    z.coerce
      .number({ message: 'must be an integer' })
      .check(
        z.int({ message: 'must be an integer' }),
        z.gte(1, { message: `must be an integer from 1 to ${MAX_LIST_RESULTS}` }),
        z.lte(MAX_LIST_RESULTS, { message: `must be an integer from 1 to ${MAX_LIST_RESULTS}` }),
      ),
  ),
  nextToken: z.optional(nextTokenSchema.check(z.minLength(1, { message: 'must not be empty' }))),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
