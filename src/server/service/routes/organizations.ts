/**
 * Organizations (scope family `organizations`). A token sees its own organization and the organizations it created
 * (POST /organizations); any other id is 404. `GET /organizations/me` is the caller's. Counters are read-only.
 */
import { z } from 'zod';
import {
  createOrganizationBodySchema, listQuerySchema, newId, organizationIdSchema, organizationListSchema, organizationSchema,
  updateOrganizationBodySchema,
} from '../../../contract';
import { defineRoute } from '../routing/define-route';
import { createOrganization, getOrganization, listOrganizations, patchOrganization } from '../organizations-store';
import { createdStamp, updatedStamp } from '../storage';

const organizationParams = z.object({ organizationId: organizationIdSchema });

export const organizationRoutes = [
  defineRoute({
    method: 'POST',
    path: '/organizations',
    family: 'organizations',
    summary: 'Create an organization (with the built-in roles and default quotas)',
    body: createOrganizationBodySchema,
    response: organizationSchema,
    handler: async ({ body, auth, ctx }) =>
      ctx.store.transaction((tx) =>
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
            ...createdStamp(auth.actor),
          },
          { parentOrganizationId: auth.organizationId, quotas: ctx.config.defaultQuotas },
        ),
      ),
  }),
  defineRoute({
    method: 'GET',
    path: '/organizations',
    family: 'organizations',
    summary: 'List the caller’s organization and the organizations it created',
    query: listQuerySchema,
    response: organizationListSchema,
    handler: async ({ query, auth, ctx }) => listOrganizations(ctx.store.db, auth.organizationId, query),
  }),
  defineRoute({
    method: 'GET',
    path: '/organizations/me',
    family: 'organizations',
    summary: 'Get the caller’s organization',
    response: organizationSchema,
    handler: async ({ auth, ctx }) => getOrganization(ctx.store.db, auth.organizationId, auth.organizationId),
  }),
  defineRoute({
    method: 'GET',
    path: '/organizations/:organizationId',
    family: 'organizations',
    summary: 'Get an organization',
    params: organizationParams,
    response: organizationSchema,
    handler: async ({ params, auth, ctx }) => getOrganization(ctx.store.db, auth.organizationId, params.organizationId),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/organizations/:organizationId',
    family: 'organizations',
    summary: 'Update an organization',
    params: organizationParams,
    body: updateOrganizationBodySchema,
    response: organizationSchema,
    handler: async ({ params, body, auth, ctx }) =>
      patchOrganization(ctx.store.db, auth.organizationId, params.organizationId, (org) => ({ ...org, ...body, ...updatedStamp(auth.actor) })),
  }),
];
