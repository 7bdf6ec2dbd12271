/**
 * A validation's config and the bodies that write it. Apart from ./validations.ts on purpose: checking a pattern rule
 * compiles it with RE2 (./caller-pattern.ts), and the console reads validations on screens that never write one, so
 * its first load need not carry the RE2 engine (`npm run bench -- bundle`).
 */
import { z } from 'zod/mini';
import { patchBody } from './common';
import { compileCallerPattern, MAX_PATTERN_LENGTH } from './caller-pattern';
import { keySchema, metadataSchema, nullableTextSchema, stringSchema } from './primitives';

/** Field a rule applies to: a prediction's label (`invoice_number`, `line_items.amount`). */
const ruleFieldSchema = keySchema.check(z.minLength(1, { message: 'must not be empty' }));

/** A caller's regular expression: RE2 syntax (linear-time matching), length- and size-capped (caller-pattern.ts). */
export const callerPatternSchema = stringSchema({ message: 'must be a string' }).check(
  z.minLength(1, { message: 'must not be empty' }),
  z.maxLength(MAX_PATTERN_LENGTH, { message: `must be at most ${MAX_PATTERN_LENGTH} characters`, abort: true }),
  z.superRefine((source, ctx) => {
    const result = compileCallerPattern(source);
    if (!result.ok) ctx.addIssue({ code: 'custom', message: result.reason });
  }),
);

/** Rules of a validation's config (DESIGN: the seed leaves config's shape open; this is ours). */
export const validationRuleSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('confidenceThreshold'),
      /** Omit to apply to every field. */
      field: z.optional(ruleFieldSchema),
      threshold: z
        .number({ message: 'must be a number' })
        .check(
          z.gte(0, { message: 'must be a number from 0 to 1' }),
          z.lte(1, { message: 'must be a number from 0 to 1' }),
        ),
    }),
    z.strictObject({ type: z.literal('requiredField'), field: ruleFieldSchema }),
    z.strictObject({ type: z.literal('pattern'), field: ruleFieldSchema, pattern: callerPatternSchema }),
  ],
  { message: 'must have type confidenceThreshold, requiredField or pattern' },
);
export type ValidationRule = z.infer<typeof validationRuleSchema>;

/** Most rules one validation may hold. */
export const MAX_VALIDATION_RULES = 100;

/**
 * config: any object; its `rules`, when present, must be valid rules. `autoApprove: true` lets a run whose
 * predictions raise no issue skip the review (agent run → succeeded-predictions instead of ready-for-review).
 */
export const validationConfigSchema = z.looseObject({
  rules: z.optional(
    z
      .array(validationRuleSchema)
      .check(z.maxLength(MAX_VALIDATION_RULES, { message: `must hold at most ${MAX_VALIDATION_RULES} rules` })),
  ),
  autoApprove: z.optional(z.boolean({ message: 'must be a boolean' })),
});
export type ValidationConfig = z.infer<typeof validationConfigSchema>;

const validationBodyShape = {
  metadata: metadataSchema,
  name: nullableTextSchema,
  description: nullableTextSchema,
  config: validationConfigSchema,
  enabled: z.boolean({ message: 'must be a boolean' }),
};
export const createValidationBodySchema = z.partial(z.strictObject(validationBodyShape));
export type CreateValidationBody = z.infer<typeof createValidationBodySchema>;
export const updateValidationBodySchema = patchBody(validationBodyShape);
export type UpdateValidationBody = z.infer<typeof updateValidationBodySchema>;
