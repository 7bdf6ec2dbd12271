import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions, type Session } from './session';

/**
 * The console's one permission rule: only an admin operator changes anything. A viewer is shown no control that
 * creates, edits, deletes, archives or reviews (the BFF refuses a viewer's writes as well; hiding them spares the
 * operator a form that can only fail). No session → no writes.
 */
export function canWrite(session: Session | null | undefined): boolean {
  return session?.operator.role === 'admin';
}

/**
 * Whether the signed-in operator may write. Reads the session the authenticated layout loaded (never fetches: a
 * screen is only shown under that layout).
 */
export function useCanWrite(): boolean {
  const { data } = useQuery({ ...sessionQueryOptions(), enabled: false });
  return canWrite(data);
}
