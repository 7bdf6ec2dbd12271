/**
 * Who may do what in the console: the one table the BFF's access rules and the console's `useCapabilities` hook both
 * read. A role not listed for a capability does not have it. Adding a capability means adding it here first; the BFF
 * and the console then refuse or hide it in the same way.
 */
import type { OperatorRole } from './bff-session';

export const OPERATOR_CAPABILITIES = {
  /** Read every resource of the service through `/api/*`, read document files. */
  read: ['admin', 'viewer'],
  /** Any write to the service (`/api/*` other than GET/HEAD) and document file uploads. */
  write: ['admin'],
  /** Read the BFF's audit log (`GET /bff/audit`). */
  readAuditLog: ['admin'],
  /** List and end one's own sessions. */
  manageOwnSessions: ['admin', 'viewer'],
  /** List every operator's sessions (`?scope=all`) and end any of them. */
  manageOthersSessions: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type OperatorCapability = keyof typeof OPERATOR_CAPABILITIES;

export function roleMay(role: OperatorRole, capability: OperatorCapability): boolean {
  return (OPERATOR_CAPABILITIES[capability] as readonly OperatorRole[]).includes(role);
}

/** Every capability of a role, for a session answer or a hook. */
export function capabilitiesOf(role: OperatorRole): Record<OperatorCapability, boolean> {
  const entries = (Object.keys(OPERATOR_CAPABILITIES) as OperatorCapability[]).map((c) => [c, roleMay(role, c)]);
  return Object.fromEntries(entries) as Record<OperatorCapability, boolean>;
}
