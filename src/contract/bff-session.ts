/**
 * The BFF's `GET /bff/session` (and `POST /bff/login`'s answer): who is signed in to the console. Signed out is an
 * answer too, not an error. Never carries a secret, token or session id.
 */
import { z } from 'zod/mini';
import { agentIdSchema } from './ids';
import { stringSchema } from './primitives';

/** Operator roles, most capable first (what each may do: `./operator-capabilities.ts`). */
export const OPERATOR_ROLES = ['admin', 'reviewer', 'viewer'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Most agents one operator may be limited to. */
export const MAX_OPERATOR_AGENTS = 100;

export const sessionOperatorSchema = z.object({
  name: stringSchema(),
  role: z.enum(OPERATOR_ROLES),
  /**
   * The agents this operator may reach (their runs, insights, and the agent itself); absent or null: every agent.
   * Absent from a BFF of before operator agent limits.
   */
  agents: z.optional(z.nullable(z.array(agentIdSchema))),
});
export type SessionOperator = z.infer<typeof sessionOperatorSchema>;

/** How the operator signed in: an operator account, the launch link, or the organization's OpenID provider. */
export const SIGN_IN_METHODS = ['account', 'launch-link', 'oidc'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const signedInSessionSchema = z.object({
  signedIn: z.literal(true),
  operator: sessionOperatorSchema,
  /** Absent from a BFF of before OpenID Connect sign-in. */
  signedInWith: z.optional(z.enum(SIGN_IN_METHODS)),
  /** The service the console manages (`{base_url}`). */
  upstream: z.object({ baseUrl: stringSchema() }),
  /** The app client's organization; null when the service could not say. */
  organization: z.nullable(z.object({ organizationId: stringSchema(), name: z.nullable(stringSchema()) })),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

/** What the sign-in page offers: the password form (unless DPS_LOCAL_ACCOUNTS=0), and the OpenID provider's name. */
export const signInOptionsSchema = z.object({
  localAccounts: z.boolean(),
  /** "Sign in with <name>"; null without OpenID Connect. */
  provider: z.nullable(stringSchema()),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

export const signedOutSessionSchema = z.object({
  signedIn: z.literal(false),
  /** Absent from a BFF of before OpenID Connect sign-in (then: the password form). */
  signIn: z.optional(signInOptionsSchema),
});
export type SignedOutSession = z.infer<typeof signedOutSessionSchema>;

export const bffSessionSchema = z.discriminatedUnion('signedIn', [signedInSessionSchema, signedOutSessionSchema]);
export type BffSession = z.infer<typeof bffSessionSchema>;

/** `POST /bff/login`: an operator account's name and password. */
export const loginBodySchema = z.object({ name: z.string(), password: z.string() });

/** `POST /bff/logout`'s answer when the provider's session is to end too: where the console sends the browser. */
export const signedOutWithProviderSchema = z.object({ providerSignOutUrl: stringSchema() });

/** `GET /bff/oidc/login`: the same-origin path to open after sign-in. */
export const oidcLoginQuerySchema = z.object({ redirect: z.optional(z.string()) });

/** `GET /bff/oidc/callback`: what the provider sends back (RFC 6749 §4.1.2); checked by the OpenID client library. */
export const oidcCallbackQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** `POST /bff/oidc/backchannel-logout` (OpenID Connect Back-Channel Logout 1.0 §2.5). */
export const backchannelLogoutBodySchema = z.object({ logout_token: z.string() });

/** `GET /bff/launch`: the one-time token of a launch link. */
export const launchQuerySchema = z.object({ token: z.string() });
