/**
 * Operators' signed-in sessions, from the BFF (`/bff/sessions`): the caller's own, or every operator's for an admin
 * (`scope: 'all'`). A session is named by an opaque handle, never by its id. Not organization data: its keys live
 * under ['bff', 'sessions'].
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endedSessionCountSchema, endedSessionSchema, operatorSessionListSchema } from '@/contract/operator-sessions';
import { request } from './client';

export type { OperatorSession } from '@/contract/operator-sessions';

export type SessionScope = 'own' | 'all';

export const operatorSessionKeys = {
  all: () => ['bff', 'sessions'] as const,
  list: (scope: SessionScope) => [...operatorSessionKeys.all(), scope] as const,
};

export function operatorSessionsQueryOptions(scope: SessionScope) {
  return queryOptions({
    queryKey: operatorSessionKeys.list(scope),
    queryFn: ({ signal }) =>
      request('/bff/sessions', {
        query: { scope: scope === 'all' ? 'all' : undefined },
        schema: operatorSessionListSchema,
        signal,
      }),
    select: (data) => data.sessions,
    // Sessions start and end elsewhere all the time: never trust an old list.
    staleTime: 0,
  });
}

function useInvalidateSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: operatorSessionKeys.all() });
}

/** Ends one session by its handle (one's own, or anyone's for an admin). */
export function useEndSession() {
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: (handle: string) =>
      request(`/bff/sessions/${encodeURIComponent(handle)}`, { method: 'DELETE', schema: endedSessionSchema }),
    onSuccess: () => invalidate(),
  });
}

/** Ends every session of the signed-in operator except this one; resolves to how many ended. */
export function useEndOtherSessions() {
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: () =>
      request('/bff/sessions', { method: 'DELETE', query: { others: 1 }, schema: endedSessionCountSchema }),
    onSuccess: () => invalidate(),
  });
}

/** Admins: ends every session of an operator (the caller's own current session is kept). */
export function useEndOperatorSessions() {
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: (operator: string) =>
      request('/bff/sessions', { method: 'DELETE', query: { operator }, schema: endedSessionCountSchema }),
    onSuccess: () => invalidate(),
  });
}
