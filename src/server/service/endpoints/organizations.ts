/**
 * Organizations (scope family `organizations`). A token sees its own organization and the organizations it created
 * (POST /organizations); any other id is 404. `GET /organizations/me` is the caller's. Counters are read-only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  createOrganizationBodySchema,
  listQuerySchema,
  newId,
  organizationIdSchema,
  organizationListSchema,
  organizationSchema,
  updateOrganizationBodySchema,
} from '@/contract';
import {
  createOrganization,
  getOrganization,
  listOrganizations,
  patchOrganization,
} from '@/server/service/storage/repositories/organizations';
import { createdStamp, updatedStamp } from '@/server/service/storage';
import { withIdempotency } from '@/server/service/plugins/idempotency';
import { builtinRoles } from '@/server/service/auth/builtin-roles';
import type { ZodApp } from './resource-routes';

const organizationParams = z.object({ organizationId: organizationIdSchema });

const config = { family: 'organizations' } as const;

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  createOrganizationRoute(app);
  organizationReadRoutes(app);
  updateOrganizationRoute(app);
};

/** `POST /organizations`: a child of the caller's, with the built-in roles and the default quotas. */
function createOrganizationRoute(app: ZodApp) {
  app.post(
    '/organizations',
    {
      schema: {
        summary: 'Create an organization (with the built-in roles and default quotas)',
        body: createOrganizationBodySchema,
        response: { 200: organizationSchema },
      },
      config,
    },
    async (request) => {
      const { body, auth } = request;
      const stamp = createdStamp(auth.actor);
      return withIdempotency(request, (tx) =>
        createOrganization(
          tx,
          {
            organizationId: newId('organization'),
            name: body.name ?? null,
            description: body.description ?? null,
            metadata: body.metadata ?? {},
            url: body.url ?? null,
            useNewScopes: body.useNewScopes ?? true,
            documentRetentionInDays: 1825,
            ...stamp,
          },
          {
            parentOrganizationId: auth.organizationId,
            quotas: app.serviceConfig.defaultQuotas,
            roles: builtinRoles(stamp.createdTime, stamp.createdBy),
          },
        ),
      );
    },
  );
}

/** The list (the caller's and those it created), the caller's own (`/me`) and one by id. */
function organizationReadRoutes(app: ZodApp) {
  app.get(
    '/organizations',
    {
      schema: {
        summary: 'List the caller’s organization and the organizations it created',
        querystring: listQuerySchema,
        response: { 200: organizationListSchema },
      },
      config,
    },
    async ({ query, auth }) => listOrganizations(app.store.db, auth.organizationId, query),
  );

  app.get(
    '/organizations/me',
    {
      schema: { summary: 'Get the caller’s organization', response: { 200: organizationSchema } },
      config,
    },
    async ({ auth }) => getOrganization(app.store.db, auth.organizationId, auth.organizationId),
  );

  app.get(
    '/organizations/:organizationId',
    {
      schema: { summary: 'Get an organization', params: organizationParams, response: { 200: organizationSchema } },
      config,
    },
    async ({ params, auth }) => getOrganization(app.store.db, auth.organizationId, params.organizationId),
  );
}

function updateOrganizationRoute(app: ZodApp) {
  app.patch(
    '/organizations/:organizationId',
    {
      schema: {
        summary: 'Update an organization',
        params: organizationParams,
        body: updateOrganizationBodySchema,
        response: { 200: organizationSchema },
      },
      config,
    },
    async ({ params, body, auth }) =>
      patchOrganization(app.store.db, auth.organizationId, params.organizationId, (org) => ({
        ...org,
        ...body,
        ...updatedStamp(auth.actor),
      })),
  );
}
