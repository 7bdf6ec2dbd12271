/**
 * Operators' signed-in sessions as the BFF serves them (`/bff/sessions`). A session is named by an opaque handle,
 * never by its id.
 */
import { z } from 'zod/mini';
import { stringSchema } from './primitives';
import { sessionOperatorSchema } from './bff-session';

export const SESSION_HANDLE_PATTERN = /^[0-9a-f]{32}$/;

export const operatorSessionSchema = z.object({
  handle: stringSchema().check(z.regex(SESSION_HANDLE_PATTERN)),
  operator: sessionOperatorSchema,
  createdAt: stringSchema(),
  lastSeenAt: stringSchema(),
  /** A short description of the browser: "Chrome 131 on Linux". */
  userAgent: stringSchema(),
  /** The client address it signed in from; null (or absent, from an older BFF) for sessions stored before. */
  address: z.optional(z.nullable(stringSchema())),
  /** A session signed in through the OpenID provider: who the person is there (never its tokens). */
  atProvider: z.optional(z.object({ issuer: stringSchema(), subject: stringSchema() })),
  /** The session that made this request. */
  current: z.boolean(),
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;

/** `GET /bff/sessions`. */
export const operatorSessionListSchema = z.object({ sessions: z.array(operatorSessionSchema) });
/** `DELETE /bff/sessions/:handle`: the session that ended. */
export const endedSessionSchema = z.object({ session: operatorSessionSchema });
/** `DELETE /bff/sessions?…`: how many ended. */
export const endedSessionCountSchema = z.object({ ended: z.number().check(z.int(), z.gte(0)) });

/** `GET /bff/sessions`: the caller's own sessions, or with `scope=all` every operator's. */
export const operatorSessionListQuerySchema = z.object({
  scope: z.optional(z.enum(['own', 'all'], { error: 'must be "own" or "all"' })),
});

/** `DELETE /bff/sessions/:handle`. */
export const operatorSessionParamsSchema = z.object({
  handle: stringSchema().check(z.regex(SESSION_HANDLE_PATTERN, { error: 'must be 32 lowercase hex characters' })),
});

/**
 * `DELETE /bff/sessions`: `others=1` ends the caller's other sessions, `operator=<name>` all of that operator's (the
 * caller's current one is kept either way). Exactly one of the two.
 */
export const endSessionsQuerySchema = z
  .object({
    others: z.optional(z.literal('1', { error: 'must be 1' })),
    operator: z.optional(stringSchema().check(z.minLength(1, { error: 'must be an operator name' }))),
  })
  .check(
    z.refine(({ others, operator }) => (others === undefined) !== (operator === undefined), {
      message: 'must say which sessions to end: others=1 (your other sessions) or operator=<name> (admins)',
    }),
  );
