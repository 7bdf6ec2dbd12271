import { z } from 'zod/mini';
import { auditFields, listSchema, nameDescriptionFields, patchBody } from './common';
import { permissionActionSchema, permissionEffectSchema } from './enums';
import { roleIdSchema } from './ids';
import { keySchema, metadataSchema, nullableTextSchema } from './primitives';

/** `resourceId` names a scope family (`users`, `agents.runs`, …) or `*`. */
export const permissionSchema = z.object({
  resourceId: keySchema.check(z.minLength(1, { message: 'must not be empty' })),
  effect: permissionEffectSchema,
  action: permissionActionSchema,
});
export type Permission = z.infer<typeof permissionSchema>;

/** In requests only `resourceId` is required; effect defaults to allow and action to read. */
export const permissionInputSchema = z.strictObject({
  resourceId: keySchema.check(z.minLength(1, { message: 'must not be empty' })),
  effect: z.optional(permissionEffectSchema),
  action: z.optional(permissionActionSchema),
});
export type PermissionInput = z.infer<typeof permissionInputSchema>;

/** Most permissions one role may hold. */
export const MAX_ROLE_PERMISSIONS = 500;
const permissionsInputSchema = z
  .array(permissionInputSchema)
  .check(z.maxLength(MAX_ROLE_PERMISSIONS, { message: `must hold at most ${MAX_ROLE_PERMISSIONS} permissions` }));

export const roleSchema = z.object({
  roleId: roleIdSchema,
  ...nameDescriptionFields,
  metadata: z.optional(z.nullable(metadataSchema)),
  permissions: z.array(permissionSchema),
  ...auditFields,
});
export type Role = z.infer<typeof roleSchema>;
export const roleListSchema = listSchema('roles', roleSchema);

export const createRoleBodySchema = z.strictObject({
  name: z.optional(nullableTextSchema),
  description: z.optional(nullableTextSchema),
  metadata: z.optional(metadataSchema),
  permissions: z.optional(permissionsInputSchema),
});
export type CreateRoleBody = z.infer<typeof createRoleBodySchema>;

export const updateRoleBodySchema = patchBody({
  metadata: metadataSchema,
  permissions: permissionsInputSchema,
  name: nullableTextSchema,
  description: nullableTextSchema,
});
export type UpdateRoleBody = z.infer<typeof updateRoleBodySchema>;
