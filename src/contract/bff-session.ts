/**
 * The BFF's `GET /bff/session` (and `POST /bff/login`'s answer): who is signed in to the console. Signed out is an
 * answer too, not an error. Never carries a secret, token or session id.
 */
import { z } from 'zod/mini';
import { stringSchema } from './primitives';

export const OPERATOR_ROLES = ['admin', 'viewer'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const sessionOperatorSchema = z.object({ name: stringSchema(), role: z.enum(OPERATOR_ROLES) });
export type SessionOperator = z.infer<typeof sessionOperatorSchema>;

export const signedInSessionSchema = z.object({
  signedIn: z.literal(true),
  operator: sessionOperatorSchema,
  /** The service the console manages (`{base_url}`). */
  upstream: z.object({ baseUrl: stringSchema() }),
  /** The app client's organization; null when the service could not say. */
  organization: z.nullable(z.object({ organizationId: stringSchema(), name: z.nullable(stringSchema()) })),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

export const signedOutSessionSchema = z.object({ signedIn: z.literal(false) });
export type SignedOutSession = z.infer<typeof signedOutSessionSchema>;

export const bffSessionSchema = z.discriminatedUnion('signedIn', [signedInSessionSchema, signedOutSessionSchema]);
export type BffSession = z.infer<typeof bffSessionSchema>;

/** `POST /bff/login`: an operator account's name and password. */
export const loginBodySchema = z.object({ name: z.string(), password: z.string() });

/** `GET /bff/launch`: the one-time token of a launch link. */
export const launchQuerySchema = z.object({ token: z.string() });
