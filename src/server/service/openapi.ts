/**
 * The OpenAPI 3.1 document at `{base_url}/openapi.json`, generated from the route declarations and the contract's
 * zod schemas (`z.toJSONSchema`). `info.version` is an ISO 8601 timestamp (the seed's versioning rule): the time the
 * document was generated.
 */
import { z } from 'zod';
import { errorBodySchema, tokenResponseSchema } from '../../contract';
import type { ServiceContext } from './context';
import type { RouteSpec } from './routing/define-route';
import { TOKEN_PATH } from './auth/token-route';
import { IDEMPOTENCY_KEY_HEADER, KEY_RULE, REPLAYED_HEADER } from './idempotency';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(spec: RouteSpec): unknown[] {
  const out: unknown[] = [];
  if (spec.params) {
    const json = toSchema(spec.params, 'input') as { properties?: Record<string, JsonSchema> };
    for (const [name, schema] of Object.entries(json.properties ?? {})) out.push({ name, in: 'path', required: true, schema });
  }
  if (spec.query) {
    const json = toSchema(spec.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: 'query', required: json.required?.includes(name) ?? false, schema, explode: true });
    }
  }
  return out;
}

const ERROR_STATUSES: Record<string, string> = {
  '400': 'A field breaks a rule (the message names it)',
  '401': 'Missing, invalid or expired access token',
  '403': 'The token lacks the scope',
  '404': 'Unknown resource, or another organization’s',
  '413': 'Body too large',
  '415': 'Body is not application/json',
  '429': 'Limit Exceeded (organization quota)',
  '500': 'Internal Server Error',
};

/** The Idempotency-Key extension on POST operations (idempotency.ts, docs/idempotency.md). */
const idempotencyParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    `Extension: a client-chosen key (${KEY_RULE}) naming one create, kept 24 hours per organization and app client. ` +
    'Sending the same key with the same method, path and JSON body again (e.g. after a timeout) replays the first ' +
    `answer with \`${REPLAYED_HEADER}: true\` instead of creating twice; the same key with anything else, or while ` +
    'the first request is still in progress, is answered 409. A refused request (4xx) does not keep its key.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[!-~]+$' },
};

const idempotencyConflict = {
  description: `${IDEMPOTENCY_KEY_HEADER} already used for a different request, or its first request is still in progress`,
};

export function buildOpenApiDocument(specs: readonly RouteSpec[], context: ServiceContext): Record<string, unknown> {
  const errorRef = { $ref: '#/components/schemas/Error' };
  const errorResponses = Object.fromEntries(
    Object.entries(ERROR_STATUSES).map(([status, description]) => [
      status,
      {
        description,
        headers: {
          'Access-Control-Allow-Origin': { schema: { type: 'string' } },
          'Access-Control-Allow-Headers': { schema: { type: 'string' } },
        },
        content: { 'application/json': { schema: errorRef } },
      },
    ]),
  );
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of specs) {
    const scope = `${spec.family}:${spec.method === 'GET' ? 'read' : 'write'}`;
    const successContent = spec.responseContentType
      ? { [spec.responseContentType]: { schema: { type: 'string', format: 'binary' } } }
      : { 'application/json': { schema: spec.response ? toSchema(spec.response, 'output') : {} } };
    const operation: Record<string, unknown> = {
      summary: spec.summary,
      tags: [spec.tag ?? spec.path.split('/')[1]],
      security: [{ oauth2: [scope] }],
      parameters: parameters(spec),
      responses: { '200': { description: 'Success', content: successContent }, ...errorResponses },
    };
    if (spec.method === 'POST' && !spec.rawBody) {
      (operation.parameters as unknown[]).push(idempotencyParameter);
      const responses = operation.responses as Record<string, Record<string, unknown>>;
      responses['200'] = { ...responses['200'], headers: { [REPLAYED_HEADER]: { description: '`true` on a replayed answer', schema: { type: 'string', enum: ['true'] } } } };
      responses['409'] = { ...errorResponses['400'], ...idempotencyConflict };
    }
    if (spec.body) operation.requestBody = { required: true, content: { 'application/json': { schema: toSchema(spec.body, 'input') } } };
    if (spec.rawBody) operation.requestBody = { required: true, content: { '*/*': { schema: { type: 'string', format: 'binary' } } } };
    (paths[openApiPath(spec.path)] ??= {})[spec.method.toLowerCase()] = operation;
  }
  const scopes = Object.fromEntries(
    [...new Set(specs.map((s) => s.family))].sort().flatMap((family) => [
      [`${family}:read`, `Read ${family}`],
      [`${family}:write`, `Create, change and delete ${family}`],
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Document Processing Service API',
      version: new Date().toISOString(),
      description: 'Embedded Document Processing Service of DPS Console. Errors are `{"message": string}`.',
    },
    servers: [{ url: context.urls.publicBaseUrl || context.config.apiPrefix }],
    paths,
    components: {
      schemas: { Error: toSchema(errorBodySchema, 'output'), Token: toSchema(tokenResponseSchema, 'output') },
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: `${context.urls.authUrl}${TOKEN_PATH}`, scopes } },
        },
      },
    },
  };
}
