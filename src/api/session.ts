import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from './client';

/** `GET /bff/session` and `POST /bff/login`: who is signed in. Never carries a secret or token. */
export const sessionSchema = z.object({
  operator: z.object({ name: z.string(), role: z.enum(['admin', 'viewer']) }),
  upstream: z.object({ baseUrl: z.string() }),
  organization: z.object({ organizationId: z.string(), name: z.string().nullable() }).nullable(),
});
export type Session = z.infer<typeof sessionSchema>;
export type OperatorRole = Session['operator']['role'];

export const sessionKey = ['session'] as const;

/**
 * The session. A 401 here means "not signed in" and is handled by the caller (the authenticated layout redirects),
 * so `meta.ignoreUnauthorized` keeps the global 401 handler out of it.
 */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKey,
    queryFn: ({ signal }) => request('/bff/session', { schema: sessionSchema, signal }),
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
    mutationFn: (input: SignInInput) => request('/bff/login', { method: 'POST', body: input, schema: sessionSchema }),
    meta: { ignoreUnauthorized: true },
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(sessionKey, session);
    },
  });
}

/**
 * Ends the session on the server and forgets it. The caller navigates to sign-in and then calls `clearCache()`
 * (clearing first would make the screen still on display refetch its data and hit 401s).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => request<void>('/bff/logout', { method: 'POST' }),
    meta: { ignoreUnauthorized: true },
    onSuccess: () => queryClient.removeQueries({ queryKey: sessionKey }),
  });
  return { ...mutation, clearCache: () => queryClient.clear() };
}
