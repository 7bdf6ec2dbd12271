/**
 * JSON bodies and the zod schemas routes declare (fastify-type-provider-zod types them): the JSON parser (415 for
 * other content types, 413 over the limit, 400 for bad or too deeply nested JSON), then params, query and body
 * checked against their schemas with a 400 `{message}` naming the field and the rule. A route without a body schema
 * takes no body but an empty object. Responses are written as the handlers build them: response schemas only
 * document the API.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod/mini';
import { describeZodError, jsonNestsDeeperThan, MAX_JSON_DEPTH } from '@/contract';
import { badRequest, HttpError } from '@/server/service/http-error';

/** What the `{message}` calls each part of the request. */
const SUBJECTS: Record<string, string> = { params: 'path', querystring: 'query', body: 'body', headers: 'headers' };

/** Fastify hands a validator `null` for a request without a body; this keeps "no body" apart from a JSON `null`. */
const NO_BODY = Symbol('no body');

const emptyBody = z.strictObject({});

function check(schema: z.core.$ZodType, input: unknown, subject: string): { value: unknown } | { error: HttpError } {
  const result = z.safeParse(schema, input);
  return result.success
    ? { value: result.data }
    : { error: badRequest(describeZodError(result.error, input, subject)) };
}

export const requestValidation = fp<{ bodyLimit: number }>(
  async (app, { bodyLimit }) => {
    app.removeAllContentTypeParsers();
    const parse = (_req: FastifyRequest, raw: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      const text = String(raw);
      if (text.trim() === '') return done(null, undefined);
      // Deep nesting costs recursion in every consumer (schemas, storage, serializers): refuse it before parsing.
      if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH))
        return done(new HttpError(400, `body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new HttpError(400, 'body must be valid JSON'), undefined);
      }
    };
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, parse);
    app.addContentTypeParser(/^application\/[\w.-]+\+json$/, { parseAs: 'string', bodyLimit }, parse);

    // Callback hooks: nothing here waits, so no promise per request.
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.body === undefined && request.routeOptions.schema?.body) request.body = NO_BODY;
      done();
    });
    app.setValidatorCompiler<z.core.$ZodType>(
      ({ schema, httpPart = 'body' }) =>
        (data) =>
          check(schema, data === NO_BODY ? undefined : data, SUBJECTS[httpPart] ?? httpPart),
    );
    // After params and query: a route without a body schema accepts no body, or an empty object.
    app.addHook('preHandler', (request, _reply, done) => {
      const { schema, config } = request.routeOptions;
      if (!config.family || config.rawBody || schema?.body || request.body === undefined) return done();
      const checked = check(emptyBody, request.body, 'body');
      done('error' in checked ? checked.error : undefined);
    });

    // Bytes as the handler built them: a schema-driven serializer would drop or reorder fields.
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  },
  { name: 'request-validation' },
);
