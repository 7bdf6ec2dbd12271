/**
 * Who may do what in the console: the one table the BFF's access rules and the console's `useCapabilities` hook both
 * read. A role not listed for a capability does not have it. Adding a capability means adding it here first; the BFF
 * and the console then refuse or hide it in the same way.
 *
 * Besides their role, operators may be limited to named agents (`agents` of the session's operator): that limit is
 * not a capability; `reachesAgent` below says what it lets through.
 */
import type { OperatorRole, SessionOperator } from './bff-session';

export const OPERATOR_CAPABILITIES = {
  /** Read every resource of the service through `/api/*` (GET, HEAD), read document files, read `/bff/review/*`. */
  read: ['admin', 'reviewer', 'viewer'],
  /**
   * Every write to the service through `/api/*` (any method but GET and HEAD) that `review` below does not name, and
   * document file uploads (`PUT /bff/file`): users, roles, app clients, the organization, models, validations,
   * agents, documents (upload, delete, properties), runs (start, export, delete).
   */
  write: ['admin'],
  /**
   * Review the runs of an agent, exactly these writes and no other: take, give back, confirm, skip or reject a run's
   * validation task (`PATCH /api/validations/{validationId}/tasks/{taskId}`); change a document's ground truth
   * (`PATCH /api/documents/{documentId}` whose body names `groundTruth` only — its other fields need `write`);
   * archive a run (`PATCH /api/agents/{agentId}/runs/{runId}`, the one run change a client may make); and the writes
   * of the BFF's review endpoints (`/bff/review/*`: one's own review holds).
   */
  review: ['admin', 'reviewer'],
  /** Release anybody's review hold, or take a run over from the reviewer who holds it. */
  manageReviewHolds: ['admin'],
  /** Change the organization's review settings (`PUT /bff/review/settings`: how long a run may wait for review). */
  manageReviewSettings: ['admin'],
  /** Read the BFF's audit log (`GET /bff/audit`). */
  readAuditLog: ['admin'],
  /** List and end one's own sessions. */
  manageOwnSessions: ['admin', 'reviewer', 'viewer'],
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

/** Whether the operator may reach this agent (its runs, insights and itself): always, unless limited to others. */
export function reachesAgent(operator: Pick<SessionOperator, 'agents'>, agentId: string): boolean {
  return !operator.agents || operator.agents.includes(agentId);
}
