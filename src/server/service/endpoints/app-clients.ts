/**
 * App clients (scope family `appclients`): OAuth client credentials. The secret is generated here, returned once in
 * the create response as `clientSecret`, stored only as a scrypt hash, and never returned again (`hasSecret` says
 * whether one exists). Deleting a client revokes its tokens. A client with `mutable: false` (the bootstrap console
 * client) keeps its roles and cannot be deleted, since the console depends on both; its name, description, metadata
 * and login URLs can change like any other client's. `roleIds` follow the delegation rule (auth/delegation.ts): a
 * caller gives only roles within what it holds, its own client included.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  appClientIdSchema,
  appClientListSchema,
  appClientSchema,
  createAppClientBodySchema,
  newId,
  updateAppClientBodySchema,
  type AppClient,
} from '@/contract';
import { assertMayGrantRoles } from '@/server/service/auth/delegation-checks';
import { generateClientId, generateClientSecret, hashSecret } from '@/server/service/auth/secrets';
import { revokeAccessTokens } from '@/server/service/storage/repositories/access-tokens';
import { appClientsRepo } from '@/server/service/storage/repositories/app-clients';
import { badRequest } from '@/server/service/http-error';
import { bumpCounter, createdStamp, updatedStamp, type Executor } from '@/server/service/storage';
import { readRoutes, type ZodApp } from './resource-routes';
import { assertRolesExist } from '@/server/service/storage/repositories/roles';
import { withIdempotency } from '@/server/service/plugins/idempotency';

const appClientParams = z.object({ appClientId: appClientIdSchema });

/** What GET returns: never a secret. */
function publicView(client: AppClient): AppClient {
  const { clientSecret: _secret, ...rest } = client;
  return rest;
}

async function requireDeletable(db: Executor, organizationId: string, appClientId: string) {
  const client = await appClientsRepo.require(db, organizationId, appClientId);
  if (client.mutable === false)
    throw badRequest(
      `appClientId ${appClientId} cannot be deleted: it is not mutable (the console's bootstrap client)`,
    );
}

/** The bootstrap client's roles are what the console can do: a PATCH may restate them but not change them. */
function assertRolesKept(client: AppClient, roleIds: readonly string[] | undefined) {
  if (client.mutable !== false || roleIds === undefined) return;
  const current = client.roleIds ?? [];
  const same = roleIds.length === current.length && roleIds.every((id) => current.includes(id));
  if (!same)
    throw badRequest(
      `roleIds of appClientId ${client.appClientId} cannot change: it is not mutable (the console's bootstrap client)`,
    );
}

const config = { family: 'appclients' } as const;

export const appClientRoutes: FastifyPluginAsyncZod = async (app) => {
  createAppClientRoute(app);
  readRoutes(app, {
    path: '/appClients',
    idParam: 'appClientId',
    idSchema: appClientIdSchema,
    family: config.family,
    repo: appClientsRepo,
    schema: appClientSchema,
    listSchema: appClientListSchema,
    listKey: 'appClients',
    summaries: { list: 'List app clients (no secrets)', get: 'Get an app client (no secret)' },
    view: publicView,
  });
  appClientWriteRoutes(app);
};

/** `POST /appClients`: the secret generated here, returned this once, stored as a hash. */
function createAppClientRoute(app: ZodApp) {
  app.post(
    '/appClients',
    {
      schema: {
        summary: 'Create an app client; the response carries clientSecret, shown only this once',
        body: createAppClientBodySchema,
        response: { 200: appClientSchema },
      },
      config,
    },
    async (request) => {
      const { body, auth } = request;
      const org = auth.organizationId;
      const withSecret = body.generateSecret !== false;
      const secret = withSecret ? generateClientSecret() : null;
      const secretHash = secret ? await hashSecret(secret) : null;
      const clientId = generateClientId();
      const client: AppClient = {
        appClientId: newId('app-client'),
        clientId,
        hasSecret: withSecret,
        mutable: true,
        name: body.name ?? null,
        description: body.description ?? null,
        metadata: body.metadata ?? {},
        roleIds: body.roleIds ?? [],
        loginUrls: body.loginUrls ?? [],
        logoutUrls: body.logoutUrls ?? [],
        callbackUrls: body.callbackUrls ?? [],
        defaultLoginUrl: body.defaultLoginUrl ?? null,
        ...createdStamp(auth.actor),
      };
      await withIdempotency(request, async (tx) => {
        await assertRolesExist(tx, org, body.roleIds);
        await assertMayGrantRoles(tx, auth, body.roleIds);
        await bumpCounter(tx, org, 'numberOfAppClientsCreated', 1);
        await appClientsRepo.create(tx, org, client, { clientId, secretHash });
      });
      return { ...client, clientSecret: secret };
    },
  );
}

/** `PATCH` (the bootstrap client's roles kept) and `DELETE` (not the bootstrap client; its tokens revoked). */
function appClientWriteRoutes(app: ZodApp) {
  app.patch(
    '/appClients/:appClientId',
    {
      schema: {
        summary: 'Update an app client',
        params: appClientParams,
        body: updateAppClientBodySchema,
        response: { 200: appClientSchema },
      },
      config,
    },
    async ({ params, body, auth }) =>
      app.store.transaction(async (tx) => {
        assertRolesKept(await appClientsRepo.require(tx, auth.organizationId, params.appClientId), body.roleIds);
        await assertRolesExist(tx, auth.organizationId, body.roleIds);
        await assertMayGrantRoles(tx, auth, body.roleIds);
        const next = await appClientsRepo.patch(tx, auth.organizationId, params.appClientId, (client) => ({
          ...client,
          ...body,
          ...updatedStamp(auth.actor),
        }));
        return publicView(next);
      }),
  );

  app.delete(
    '/appClients/:appClientId',
    {
      schema: {
        summary: 'Delete an app client and revoke its tokens (returns it)',
        params: appClientParams,
        response: { 200: appClientSchema },
      },
      config,
    },
    async ({ params, auth }) =>
      app.store.transaction(async (tx) => {
        await requireDeletable(tx, auth.organizationId, params.appClientId);
        const removed = await appClientsRepo.delete(tx, auth.organizationId, params.appClientId);
        await revokeAccessTokens(tx, auth.organizationId, params.appClientId);
        await bumpCounter(tx, auth.organizationId, 'numberOfAppClientsCreated', -1);
        return publicView(removed);
      }),
  );
}
