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
