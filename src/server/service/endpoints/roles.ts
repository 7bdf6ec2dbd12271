/**
 * Roles (scope family `users`: roles decide what users and app clients may do). The four built-in roles can be
 * renamed and described but not deleted, and admin's permissions cannot change (the console's own client holds it).
 * Permissions given without effect/action default to allow/read. Creating a role or changing its permissions follows
 * the delegation rule (auth/delegation.ts): 403 when the role would grant what the caller does not hold.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  createRoleBodySchema,
  newId,
  roleIdSchema,
  roleListSchema,
  roleSchema,
  updateRoleBodySchema,
  type Permission,
  type PermissionInput,
  type Role,
} from '@/contract';
import { BUILTIN_ROLE_IDS, isBuiltinRole } from '@/server/service/auth/builtin-roles';
import { assertMaySetRolePermissions } from '@/server/service/auth/delegation-checks';
import { findRoleHolder, rolesRepo } from '@/server/service/storage/repositories/roles';
import { badRequest } from '@/server/service/http-error';
import { createdStamp, updatedStamp } from '@/server/service/storage';
import { readRoutes } from './resource-routes';
import { withIdempotency } from '@/server/service/plugins/idempotency';

const roleParams = z.object({ roleId: roleIdSchema });

function permissionsOf(input: readonly PermissionInput[]): Permission[] {
  return input.map((p) => ({ resourceId: p.resourceId, effect: p.effect ?? 'allow', action: p.action ?? 'read' }));
}

const config = { family: 'users' } as const;

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  readRoutes(app, {
    path: '/roles',
    idParam: 'roleId',
    idSchema: roleIdSchema,
    family: config.family,
    repo: rolesRepo,
    schema: roleSchema,
    listSchema: roleListSchema,
    listKey: 'roles',
    summaries: { list: 'List roles', get: 'Get a role' },
  });

  app.post(
    '/roles',
    {
      schema: { summary: 'Create a custom role', body: createRoleBodySchema, response: { 200: roleSchema } },
      config,
    },
    async (request) => {
      const { body, auth } = request;
      const permissions = permissionsOf(body.permissions ?? []);
      const role: Role = {
        roleId: newId('role'),
        name: body.name ?? null,
        description: body.description ?? null,
        metadata: body.metadata ?? {},
        permissions,
        ...createdStamp(auth.actor),
      };
      // In a transaction like every create, so an Idempotency-Key is marked applied together with the role.
      return withIdempotency(request, async (tx) => {
        await assertMaySetRolePermissions(tx, auth, { roleId: null, before: null, after: permissions });
        return rolesRepo.create(tx, auth.organizationId, role);
      });
    },
  );

  app.patch(
    '/roles/:roleId',
    {
      schema: {
        summary: 'Update a role',
        params: roleParams,
        body: updateRoleBodySchema,
        response: { 200: roleSchema },
      },
      config,
    },
    async ({ params, body, auth }) => {
      if (params.roleId === BUILTIN_ROLE_IDS.admin && body.permissions) {
        throw badRequest('permissions of the built-in role svc:role:admin cannot be changed');
      }
      const { permissions, ...rest } = body;
      return rolesRepo.patch(app.store.db, auth.organizationId, params.roleId, async (role, tx) => {
        const next = permissions ? permissionsOf(permissions) : undefined;
        // Checked against the locked row: the permissions this PATCH replaces are the ones it is compared with.
        if (next)
          await assertMaySetRolePermissions(tx, auth, { roleId: role.roleId, before: role.permissions, after: next });
        return { ...role, ...rest, ...(next ? { permissions: next } : {}), ...updatedStamp(auth.actor) };
      });
    },
  );

  app.delete(
    '/roles/:roleId',
    {
      schema: { summary: 'Delete a custom role (returns it)', params: roleParams, response: { 200: roleSchema } },
      config,
    },
    async ({ params, auth }) => {
      if (isBuiltinRole(params.roleId))
        throw badRequest(`roleId ${params.roleId} is a built-in role and cannot be deleted`);
      return app.store.transaction(async (tx) => {
        const holder = await findRoleHolder(tx, auth.organizationId, params.roleId);
        if (holder)
          throw badRequest(`roleId ${params.roleId} is still given to app client ${holder}; remove it there first`);
        return rolesRepo.delete(tx, auth.organizationId, params.roleId);
      });
    },
  );
};
