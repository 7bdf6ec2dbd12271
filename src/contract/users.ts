import { z } from 'zod';
import { listSchema, patchBody } from './common';
import { userStatusSchema } from './enums';
import { appClientIdSchema, profileIdSchema, roleIdSchema, roleIdsInputSchema, userIdSchema } from './ids';
import { emailSchema, metadataSchema, nullableTextSchema, textSchema, timestampSchema } from './primitives';

/** The seed: "The user response accepts no fields beyond these." */
export const userSchema = z.strictObject({
  userId: userIdSchema,
  name: nullableTextSchema,
  description: nullableTextSchema,
  metadata: metadataSchema.nullable(),
  roleIds: z.array(roleIdSchema).nullable().optional(),
  profileId: profileIdSchema.nullable().optional(),
  status: userStatusSchema.optional(),
  statusReason: nullableTextSchema.optional(),
  createdTime: timestampSchema,
  updatedTime: timestampSchema.nullable(),
  createdBy: textSchema,
  updatedBy: nullableTextSchema,
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = listSchema('users', userSchema);

/** Create User: `email` required; no other fields than these allowed. */
export const createUserBodySchema = z.strictObject({
  email: emailSchema,
  name: nullableTextSchema.optional(),
  description: nullableTextSchema.optional(),
  // The user resource allows null for both, so a request may set them to null too.
  metadata: metadataSchema.nullable().optional(),
  roleIds: roleIdsInputSchema.nullable().optional(),
  appClientId: appClientIdSchema.optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const updateUserBodySchema = patchBody({
  metadata: metadataSchema.nullable(),
  roleIds: roleIdsInputSchema.nullable(),
  name: nullableTextSchema,
  description: nullableTextSchema,
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;
