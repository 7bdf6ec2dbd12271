import { useQuery } from '@tanstack/react-query';
import { capabilitiesOf, OPERATOR_CAPABILITIES, type OperatorCapability } from '@/contract/operator-capabilities';
import { sessionQueryOptions } from './session';

const NONE = Object.fromEntries(Object.keys(OPERATOR_CAPABILITIES).map((c) => [c, false])) as Record<
  OperatorCapability,
  boolean
>;

/**
 * What the signed-in operator may do, from the contract's one capability table (the BFF enforces the same table; the
 * console hides what would only be refused). Reads the session the authenticated layout loaded and never fetches:
 * a screen is only shown under that layout. Signed out: nothing.
 */
export function useCapabilities(): Record<OperatorCapability, boolean> {
  const { data } = useQuery({ ...sessionQueryOptions(), enabled: false });
  return data ? capabilitiesOf(data.operator.role) : NONE;
}
