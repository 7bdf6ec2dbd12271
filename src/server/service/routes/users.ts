/**
 * Users (scope family `users`). Create User follows the seed exactly: `email` required, only the listed fields,
 * CORS headers on success. New users are `invite_pending`. The email is kept in its own column: the user response
 * admits no fields beyond the seed's. `roleIds` follow the delegation rule (auth/delegation.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserBodySchema,
  newId,
  updateUserBodySchema,
  userIdSchema,
  userListSchema,
  userSchema,
  type User,
} from '../../../contract';
import { assertMayGrantRoles } from '../auth/delegation-checks';
import { findUserIdByEmail, usersRepo } from '../storage/repositories/users';
import { badRequest } from '../http-error';
import { bumpCounter, createdStamp, isUniqueViolation, updatedStamp } from '../storage';
import { readRoutes } from './resource-routes';
import { assertAppClientExists } from '../storage/repositories/app-clients';
import { assertRolesExist } from '../storage/repositories/roles';

const userParams = z.object({ userId: userIdSchema });

const config = { family: 'users' } as const;

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users',
    {
      schema: {
        summary: 'Create a user (invited: status invite_pending)',
        body: createUserBodySchema,
        response: { 200: userSchema },
      },
      config: { ...config, cors: true },
    },
    async ({ body, auth }) => {
      const org = auth.organizationId;
      const email = body.email.toLowerCase();
      return app.store.transaction(async (tx) => {
        await assertRolesExist(tx, org, body.roleIds);
        await assertAppClientExists(tx, org, body.appClientId);
        await assertMayGrantRoles(tx, auth, body.roleIds);
        const taken = await findUserIdByEmail(tx, org, email);
        if (taken) throw badRequest(`email ${body.email} already belongs to user ${taken}`);
        await bumpCounter(tx, org, 'numberOfUsersCreated', 1);
        const user: User = {
          userId: newId('user'),
          name: body.name ?? null,
          description: body.description ?? null,
          metadata: body.metadata === undefined ? {} : body.metadata,
          roleIds: body.roleIds === undefined ? [] : body.roleIds,
          profileId: null,
          status: 'invite_pending',
          statusReason: null,
          ...createdStamp(auth.actor),
        };
        try {
          return await usersRepo.create(tx, org, user, { email: body.email });
        } catch (error) {
          // A concurrent Create User with the same email won the race (unique index users_org_email).
          if (isUniqueViolation(error)) throw badRequest(`email ${body.email} already belongs to another user`);
          throw error;
        }
      });
    },
  );

  readRoutes(app, {
    path: '/users',
    idParam: 'userId',
    idSchema: userIdSchema,
    family: config.family,
    repo: usersRepo,
    schema: userSchema,
    listSchema: userListSchema,
    listKey: 'users',
    summaries: { list: 'List users', get: 'Get a user' },
  });

  app.patch(
    '/users/:userId',
    {
      schema: {
        summary: 'Update a user',
        params: userParams,
        body: updateUserBodySchema,
        response: { 200: userSchema },
      },
      config,
    },
    async ({ params, body, auth }) =>
      app.store.transaction(async (tx) => {
        await assertRolesExist(tx, auth.organizationId, body.roleIds);
        await assertMayGrantRoles(tx, auth, body.roleIds);
        return usersRepo.patch(tx, auth.organizationId, params.userId, (user) => ({
          ...user,
          ...body,
          ...updatedStamp(auth.actor),
        }));
      }),
  );

  app.delete(
    '/users/:userId',
    {
      schema: { summary: 'Delete a user (returns it)', params: userParams, response: { 200: userSchema } },
      config,
    },
    async ({ params, auth }) =>
      app.store.transaction(async (tx) => {
        const removed = await usersRepo.delete(tx, auth.organizationId, params.userId);
        await bumpCounter(tx, auth.organizationId, 'numberOfUsersCreated', -1);
        return removed;
      }),
  );
};
