import { z } from 'zod/mini';
import { listSchema, patchBody } from './common';
import { userStatusSchema } from './enums';
import { appClientIdSchema, profileIdSchema, roleIdSchema, roleIdsInputSchema, userIdSchema } from './ids';
import { emailSchema, metadataSchema, nullableTextSchema, textSchema, timestampSchema } from './primitives';

/** The seed: "The user response accepts no fields beyond these." */
export const userSchema = z.strictObject({
  userId: userIdSchema,
  name: nullableTextSchema,
  description: nullableTextSchema,
  metadata: z.nullable(metadataSchema),
  roleIds: z.optional(z.nullable(z.array(roleIdSchema))),
  profileId: z.optional(z.nullable(profileIdSchema)),
  status: z.optional(userStatusSchema),
  statusReason: z.optional(nullableTextSchema),
  createdTime: timestampSchema,
  updatedTime: z.nullable(timestampSchema),
  createdBy: textSchema,
  updatedBy: nullableTextSchema,
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = listSchema('users', userSchema);

/** Create User: `email` required; no other fields than these allowed. */
export const createUserBodySchema = z.strictObject({
  email: emailSchema,
  name: z.optional(nullableTextSchema),
  description: z.optional(nullableTextSchema),
  // The user resource allows null for both, so a request may set them to null too.
  metadata: z.optional(z.nullable(metadataSchema)),
  roleIds: z.optional(z.nullable(roleIdsInputSchema)),
  appClientId: z.optional(appClientIdSchema),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const updateUserBodySchema = patchBody({
  metadata: z.nullable(metadataSchema),
  roleIds: z.nullable(roleIdsInputSchema),
  name: nullableTextSchema,
  description: nullableTextSchema,
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;
