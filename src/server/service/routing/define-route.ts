/**
 * One declaration per operation: the route, its scope family, its zod schemas (validation with `{message}` naming
 * field and rule, and the OpenAPI document) and its handler. A route module exports an array of these and is listed
 * in ../routes/index.ts.
 *
 *   export const userRoutes = [
 *     defineRoute({
 *       method: 'PATCH', path: '/users/:userId', family: 'users', summary: 'Update a user',
 *       params: z.object({ userId: userIdSchema }),
 *       body: updateUserBodySchema,            // strict: unknown fields → 400; an empty PATCH → 400
 *       response: userSchema,
 *       handler: async ({ params, body, auth, ctx }) =>
 *         usersRepo.patch(ctx.store.db, auth.organizationId, params.userId, (u) => ({ ...u, ...body, ...updatedStamp(auth.actor) })),
 *     }),
 *   ];
 *
 * Order of checks: token (401) → scope `<family>:read` for GET, `<family>:write` otherwise (403) → content type
 * (415) / size (413) → params, query, body (400) → handler. The handler's return value is sent as JSON with 200;
 * to send bytes, use `reply` and return it. Throw HttpError (../http-error) for 4xx.
 *
 * `rawBody: true` routes (document file PUT) get the request bytes of any content type as `body: Buffer`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ScopeFamily } from '../../../contract';
import type { AuthContext, ServiceContext } from '../context';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  auth: AuthContext;
  ctx: ServiceContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec<P = unknown, Q = unknown, B = unknown> {
  method: HttpMethod;
  /** Relative to the api prefix (`/v1`), Fastify syntax: `/users/:userId`. */
  path: string;
  /** Scope family the route needs (`<family>:read` for GET, `:write` otherwise). */
  family: ScopeFamily;
  summary: string;
  /** OpenAPI tag; defaults to the first path segment. */
  tag?: string;
  params?: z.ZodType<P>;
  /** Query schema; unknown query keys are ignored (use z.object, not strictObject). */
  query?: z.ZodType<Q>;
  /** JSON body schema (strict objects). Omit for operations without a body. */
  body?: z.ZodType<B>;
  /** The body is the raw request bytes (any content type) instead of JSON. */
  rawBody?: boolean;
  /** Success body schema, for the OpenAPI document. */
  response?: z.ZodType;
  /** Content type of a non-JSON success body (OpenAPI only), e.g. `application/octet-stream`. */
  responseContentType?: string;
  /** Also send the CORS headers on success (the seed requires it for Create User). */
  cors?: boolean;
  handler(input: RouteInput<P, Q, B>): Promise<unknown>;
}

/** Identity function that ties the handler's input types to the schemas. */
export function defineRoute<P = Record<string, never>, Q = Record<string, never>, B = undefined>(spec: RouteSpec<P, Q, B>): RouteSpec {
  return spec as unknown as RouteSpec;
}

export type RouteModule = readonly RouteSpec[];
