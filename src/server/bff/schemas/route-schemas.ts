/**
 * The BFF's own routes (`/bff/*`) declare their request and response schemas from the contract through the zod type
 * provider, as the service's do. Params, query and JSON bodies are checked against them with a 400 `{message}` naming
 * the field and the rule. Responses are written as the handlers build them: response schemas document the routes.
 * The `/api/*` pass-through declares no schema, so none of this runs there.
 */
import fp from 'fastify-plugin';
import { z } from 'zod/mini';
import { describeZodError } from '@/contract';

/** What the `{message}` calls each part of the request when the problem is the whole part. */
const SUBJECTS: Record<string, string> = { params: 'path', querystring: 'query', body: 'body', headers: 'headers' };

class ValidationError extends Error {
  readonly statusCode = 400;
}

export const routeSchemas = fp(
  async (app) => {
    app.setValidatorCompiler<z.core.$ZodType>(({ schema, httpPart = 'body' }) => (data) => {
      const result = z.safeParse(schema, data);
      if (result.success) return { value: result.data };
      return { error: new ValidationError(describeZodError(result.error, data, SUBJECTS[httpPart] ?? httpPart)) };
    });
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  },
  { name: 'bff-route-schemas' },
);
