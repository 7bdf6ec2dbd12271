/**
 * The 403 messages of the capability table (`@/contract/operator-capabilities`), in one place for the access hook and
 * for the routes that decide finer (whose sessions, whose review holds, which agents).
 */
import { OPERATOR_ROLES, type SessionOperator } from '@/contract/bff-session';
import { roleMay, type OperatorCapability } from '@/contract/operator-capabilities';

/** The 403 message for a capability the operator's role lacks, naming the roles that have it (the table's). */
export function forbiddenMessage(operator: SessionOperator, capability: OperatorCapability, what = 'this'): string {
  const roles = OPERATOR_ROLES.filter((role) => roleMay(role, capability)).join(' or ');
  return `Forbidden: ${what} needs the ${roles} role; operator "${operator.name}" is ${operator.role}`;
}

/** The 403 for an agent beyond the operator's limit: names only the agents they do reach. */
export function agentLimitMessage(operator: SessionOperator): string {
  return `Forbidden: operator "${operator.name}" reviews only agents ${(operator.agents ?? []).join(', ')}`;
}
