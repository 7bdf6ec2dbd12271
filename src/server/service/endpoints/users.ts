/**
 * Users (scope family `users`). Create User follows the seed exactly: `email` required, only the listed fields,
 * CORS headers on success. New users are `invite_pending`, each with a profile. The email is kept in its own column:
 * the user response admits no fields beyond the seed's, so it is read through the profile (extension,
 * docs/profiles.md), as on the real service. `roleIds` follow the delegation rule (auth/delegation.ts).
 *
 * Extensions: `GET /profiles/{profileId}`, `GET /profiles?profileIds=…` and `GET /users/search?text=…`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  createUserBodySchema,
  newId,
  profileIdSchema,
  profileListSchema,
  profileSchema,
  profilesQuerySchema,
  userSearchQuerySchema,
  userSearchResultSchema,
  updateUserBodySchema,
  userIdSchema,
  userListSchema,
  userSchema,
  type User,
} from '@/contract';
import { assertMayGrantRoles } from '@/server/service/auth/delegation-checks';
import { findProfiles, findUserIdByEmail, usersRepo } from '@/server/service/storage/repositories/users';
import { badRequest, notFound } from '@/server/service/http-error';
import { bumpCounter, createdStamp, isUniqueViolation, updatedStamp } from '@/server/service/storage';
import { readRoutes, type ZodApp } from './resource-routes';
import { assertAppClientExists } from '@/server/service/storage/repositories/app-clients';
import { assertRolesExist } from '@/server/service/storage/repositories/roles';
import { withIdempotency } from '@/server/service/plugins/idempotency';

const userParams = z.object({ userId: userIdSchema });

const config = { family: 'users' } as const;

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  createUserRoute(app);
  userSearchAndProfileRoutes(app);
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
  userWriteRoutes(app);
};

/** `POST /users`: the seed's Create User (an invited user with a profile; its email unique in the organization). */
function createUserRoute(app: ZodApp) {
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
    async (request) => {
      const { body, auth } = request;
      const org = auth.organizationId;
      const email = body.email.toLowerCase();
      return withIdempotency(request, async (tx) => {
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
          profileId: newId('profile'),
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
}

/** Extensions: `GET /users/search` and the profiles (a user's invited email and name). */
function userSearchAndProfileRoutes(app: ZodApp) {
  // Registered before the `/users/:userId` routes read it; Fastify prefers the static path either way.
  app.get(
    '/users/search',
    {
      schema: {
        summary: 'Search users by part of their name or email (extension, case-insensitive; the list order)',
        querystring: userSearchQuerySchema,
        response: { 200: userSearchResultSchema },
      },
      config,
    },
    async ({ query, auth }) => {
      const page = await usersRepo.list(app.store.db, auth.organizationId, {
        maxResults: query.maxResults,
        nextToken: query.nextToken,
        contains: query.text,
      });
      return { users: page.items, nextToken: page.nextToken };
    },
  );

  app.get(
    '/profiles',
    {
      schema: {
        summary: 'Get several profiles: the invited email and name of users (extension)',
        querystring: profilesQuerySchema,
        response: { 200: profileListSchema },
      },
      config,
    },
    async ({ query, auth }) => ({
      profiles: await findProfiles(app.store.db, auth.organizationId, [...new Set(query.profileIds)]),
    }),
  );

  app.get(
    '/profiles/:profileId',
    {
      schema: {
        summary: "Get a profile: a user's invited email and name (extension)",
        params: z.object({ profileId: profileIdSchema }),
        response: { 200: profileSchema },
      },
      config,
    },
    async ({ params, auth }) => {
      const [profile] = await findProfiles(app.store.db, auth.organizationId, [params.profileId]);
      if (!profile) throw notFound(`Profile ${params.profileId} not found`);
      return profile;
    },
  );
}

/** `PATCH` (roles within the delegation rule) and `DELETE /users/:userId`. */
function userWriteRoutes(app: ZodApp) {
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
}
