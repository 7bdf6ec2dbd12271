import { z } from 'zod';
import { auditFields, listSchema, nameDescriptionFields, patchBody } from './common';
import { permissionActionSchema, permissionEffectSchema } from './enums';
import { roleIdSchema } from './ids';
import { keySchema, metadataSchema, nullableTextSchema } from './primitives';

/** `resourceId` names a scope family (`users`, `agents.runs`, …) or `*`. */
export const permissionSchema = z.object({
  resourceId: keySchema.min(1, { message: 'must not be empty' }),
  effect: permissionEffectSchema,
  action: permissionActionSchema,
});
export type Permission = z.infer<typeof permissionSchema>;

/** In requests only `resourceId` is required; effect defaults to allow and action to read. */
export const permissionInputSchema = z.strictObject({
  resourceId: keySchema.min(1, { message: 'must not be empty' }),
  effect: permissionEffectSchema.optional(),
  action: permissionActionSchema.optional(),
});
export type PermissionInput = z.infer<typeof permissionInputSchema>;

/** Most permissions one role may hold. */
export const MAX_ROLE_PERMISSIONS = 500;
const permissionsInputSchema = z
  .array(permissionInputSchema)
  .max(MAX_ROLE_PERMISSIONS, { message: `must hold at most ${MAX_ROLE_PERMISSIONS} permissions` });

export const roleSchema = z.object({
  roleId: roleIdSchema,
  ...nameDescriptionFields,
  metadata: metadataSchema.nullable().optional(),
  permissions: z.array(permissionSchema),
  ...auditFields,
});
export type Role = z.infer<typeof roleSchema>;
export const roleListSchema = listSchema('roles', roleSchema);

export const createRoleBodySchema = z.strictObject({
  name: nullableTextSchema.optional(),
  description: nullableTextSchema.optional(),
  metadata: metadataSchema.optional(),
  permissions: permissionsInputSchema.optional(),
});
export type CreateRoleBody = z.infer<typeof createRoleBodySchema>;

export const updateRoleBodySchema = patchBody({
  metadata: metadataSchema,
  permissions: permissionsInputSchema,
  name: nullableTextSchema,
  description: nullableTextSchema,
});
export type UpdateRoleBody = z.infer<typeof updateRoleBodySchema>;
