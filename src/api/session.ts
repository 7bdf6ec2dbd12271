import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  bffSessionSchema,
  signedInSessionSchema,
  signedOutWithProviderSchema,
  type SignedInSession,
  type SignInOptions,
} from '@/contract/bff-session';
import { request } from './client';

/** Who is signed in (`GET /bff/session`, `POST /bff/login`). Never carries a secret or token. */
export type Session = SignedInSession;

export const sessionKey = ['session'] as const;

/**
 * The session, or null when signed out (the BFF says so with a 200: a signed-out page logs no error). The caller
 * handles null (the authenticated layout redirects to sign-in); `meta.ignoreUnauthorized` keeps the global 401
 * handler out of this query all the same.
 */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKey,
    queryFn: async ({ signal }): Promise<Session | null> => {
      const session = await request('/bff/session', { schema: bffSessionSchema, signal });
      return session.signedIn ? session : null;
    },
    staleTime: 5 * 60_000,
    meta: { ignoreUnauthorized: true },
  });
}

/** What the sign-in page offers (password form, "Sign in with <provider>"); a BFF that does not say: the form. */
export function signInOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...sessionKey, 'sign-in-options'],
    queryFn: async ({ signal }): Promise<SignInOptions> => {
      const session = await request('/bff/session', { schema: bffSessionSchema, signal });
      return (!session.signedIn && session.signIn) || { localAccounts: true, provider: null };
    },
    staleTime: 5 * 60_000,
    meta: { ignoreUnauthorized: true },
  });
}

export interface SignInInput {
  name: string;
  password: string;
}

/** Signs in; a fresh cache so nothing of a previous operator survives. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) =>
      request('/bff/login', { method: 'POST', body: input, schema: signedInSessionSchema }),
    meta: { ignoreUnauthorized: true },
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(sessionKey, session);
    },
  });
}

/**
 * Ends the session on the server and forgets it. The caller navigates to sign-in and then calls `clearCache()`
 * (clearing first would make the screen still on display refetch its data and hit 401s). Resolves with the
 * provider's sign-out URL when the operator signed in through it: the caller opens it, so that session ends too.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (): Promise<string | null> => {
      const answer = await request<unknown>('/bff/logout', { method: 'POST' });
      return answer === undefined ? null : signedOutWithProviderSchema.parse(answer).providerSignOutUrl;
    },
    meta: { ignoreUnauthorized: true },
    onSuccess: () => queryClient.removeQueries({ queryKey: sessionKey }),
  });
  return { ...mutation, clearCache: () => queryClient.clear() };
}
