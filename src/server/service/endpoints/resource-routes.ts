/**
 * The five operations of a plain resource (hooks, actions, agents, models, validations): create (bumping its
 * organization counter), list, get, patch (the body merged over the stored resource, then stamped) and delete
 * (returning it, counter down). What differs stays in the resource's module: what a create builds, and a patch that
 * does more than merge (models).
 */
import { z } from 'zod/mini';
import { listQuerySchema, type ScopeFamily } from '@/contract';
import type { AuthContext } from '@/server/service/context';
import { bumpCounter, updatedStamp, type CreatedCounter, type Repository } from '@/server/service/storage';
import { withIdempotency } from '@/server/service/plugins/idempotency';
import type { ZodApp } from '@/server/shared/zod-app';

export type { ZodApp };

export interface ResourceRoutes<T extends object, Create extends z.core.$ZodType, Update extends z.core.$ZodType> {
  /** Collection path, e.g. `/hooks`. */
  path: string;
  /** Path parameter of one resource and its schema, e.g. `hookId`. */
  idParam: string;
  idSchema: z.core.$ZodType<string>;
  family: ScopeFamily;
  repo: Repository<T>;
  counter: CreatedCounter;
  /** Response schemas: one resource, and the list envelope `{<listKey>: [...], nextToken}`. */
  schema: z.core.$ZodType;
  listSchema: z.core.$ZodType;
  listKey: string;
  summaries: { create: string; list: string; get: string; update: string; delete: string };
  create: { body: Create; build(body: z.output<Create>, auth: AuthContext): T };
  update: { body: Update; apply?(current: T, body: z.output<Update>, auth: AuthContext): T };
}

/** What list and get need: every resource family has these two, the plain ones all five. */
export type ReadRoutes<T extends object> = Pick<
  ResourceRoutes<T, z.core.$ZodType, z.core.$ZodType>,
  'path' | 'idParam' | 'idSchema' | 'family' | 'repo' | 'schema' | 'listSchema' | 'listKey'
> & {
  summaries: { list: string; get: string };
  /** What a client sees of a stored resource (app clients: without their secret hash); default as stored. */
  view?: (stored: T) => unknown;
};

/** `GET {path}` (one page, nextToken) and `GET {path}/:{idParam}` (404 when missing or another organization's). */
export function readRoutes<T extends object>(app: ZodApp, resource: ReadRoutes<T>): void {
  const { path, idParam, family, repo, summaries } = resource;
  const params = z.object({ [idParam]: resource.idSchema });
  const view = resource.view ?? ((stored: T) => stored);
  const config = { family };
  app.get(
    path,
    {
      schema: { summary: summaries.list, querystring: listQuerySchema, response: { 200: resource.listSchema } },
      config,
    },
    async ({ query, auth }) => {
      const page = await repo.list(app.store.db, auth.organizationId, query);
      return { [resource.listKey]: page.items.map(view), nextToken: page.nextToken };
    },
  );

  app.get(
    `${path}/:${idParam}`,
    { schema: { summary: summaries.get, params, response: { 200: resource.schema } }, config },
    async (request) =>
      view(
        await repo.require(
          app.store.db,
          request.auth.organizationId,
          (request.params as Record<string, string>)[idParam],
        ),
      ),
  );
}

export function resourceRoutes<T extends object, Create extends z.core.$ZodType, Update extends z.core.$ZodType>(
  app: ZodApp,
  resource: ResourceRoutes<T, Create, Update>,
): void {
  const { path, idParam, family, repo, counter, summaries } = resource;
  const one = `${path}/:${idParam}`;
  const params = z.object({ [idParam]: resource.idSchema });
  const idOf = (request: { params: unknown }) => (request.params as Record<string, string>)[idParam];
  const response = { 200: resource.schema };
  const config = { family };
  const apply =
    resource.update.apply ??
    ((current: T, body: z.output<Update>, auth: AuthContext) => ({
      ...current,
      ...(body as object),
      ...updatedStamp(auth.actor),
    }));

  app.post(
    path,
    { schema: { summary: summaries.create, body: resource.create.body, response }, config },
    async (request) => {
      const { body, auth } = request;
      const created = resource.create.build(body as z.output<Create>, auth);
      await withIdempotency(request, async (tx) => {
        await bumpCounter(tx, auth.organizationId, counter, 1);
        await repo.create(tx, auth.organizationId, created);
      });
      return created;
    },
  );

  readRoutes(app, resource);

  app.patch(
    one,
    { schema: { summary: summaries.update, params, body: resource.update.body, response }, config },
    async (request) =>
      repo.patch(app.store.db, request.auth.organizationId, idOf(request), (current) =>
        apply(current, request.body as z.output<Update>, request.auth),
      ),
  );

  app.delete(one, { schema: { summary: summaries.delete, params, response }, config }, async (request) =>
    app.store.transaction(async (tx) => {
      const removed = await repo.delete(tx, request.auth.organizationId, idOf(request));
      await bumpCounter(tx, request.auth.organizationId, counter, -1);
      return removed;
    }),
  );
}
