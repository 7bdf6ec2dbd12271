import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Props for a picker (a <select> of resources) whose list must be current when a choice is made: opening it (focus,
 * click) refetches the shown queries under `queryKey` (a list or a family's lists), whatever their stale time, so a
 * resource created elsewhere is there to pick. The focus and the click of one opening share one request.
 *
 *   <select {...useRefetchOnOpen(modelKeys.lists(org))}>…</select>
 */
export function useRefetchOnOpen(queryKey: QueryKey) {
  const client = useQueryClient();
  const refetch = () => void client.refetchQueries({ queryKey, type: 'active' }, { cancelRefetch: false });
  return { onFocus: refetch, onPointerDown: refetch };
}
