import { useQuery } from '@tanstack/react-query';
import { capabilitiesOf, type OperatorCapability } from '@/contract/operator-capabilities';
import { sessionQueryOptions } from './session';

const NONE: Record<OperatorCapability, boolean> = {
  read: false,
  write: false,
  readAuditLog: false,
  manageOwnSessions: false,
  manageOthersSessions: false,
};

/**
 * What the signed-in operator may do, from the contract's one capability table (the BFF enforces the same table; the
 * console hides what would only be refused). Reads the session the authenticated layout loaded and never fetches:
 * a screen is only shown under that layout. Signed out: nothing.
 */
export function useCapabilities(): Record<OperatorCapability, boolean> {
  const { data } = useQuery({ ...sessionQueryOptions(), enabled: false });
  return data ? capabilitiesOf(data.operator.role) : NONE;
}
