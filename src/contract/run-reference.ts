/**
 * Run references, the composite ids of the seed: `[<ns>:organization:o/]svc:agent:A/svc:run:R` for an agent run, and
 * the same with `svc:hook:` or `svc:action:` for hook and action runs. The one place that reads and writes them; the
 * patterns are the contract's own (ID_PATTERNS), so what parses here is what the schemas accept.
 */
import { ID_PATTERNS } from './ids';

export type RunOwnerKind = 'agent' | 'hook' | 'action';

export interface RunReference {
  kind: RunOwnerKind;
  /** The agent, hook or action id, without the organization prefix. */
  ownerId: string;
  runId: string;
  /** The organization prefix when the reference carries one. */
  organizationId: string | null;
}

const REFERENCE_PATTERNS: [RunOwnerKind, RegExp][] = [
  ['agent', new RegExp(`^${ID_PATTERNS.agentRunRef}$`)],
  ['hook', new RegExp(`^${ID_PATTERNS.hookRunRef}$`)],
  ['action', new RegExp(`^${ID_PATTERNS.actionRunRef}$`)],
];

/** The parts of a run reference, or null when the text is not one. */
export function parseRunReference(text: string | null | undefined): RunReference | null {
  if (!text) return null;
  const kind = REFERENCE_PATTERNS.find(([, pattern]) => pattern.test(text))?.[0];
  if (!kind) return null;
  // The patterns allow no '/' inside a part, so the parts are the last two (and the organization before them).
  const parts = text.split('/');
  return { kind, ownerId: parts.at(-2)!, runId: parts.at(-1)!, organizationId: parts.length === 3 ? parts[0]! : null };
}

/** `[org/]svc:agent:A/svc:run:R` → `{ agentId, runId }`; null for anything else (a hook or action run included). */
export function parseAgentRunReference(text: string | null | undefined): { agentId: string; runId: string } | null {
  const ref = parseRunReference(text);
  return ref?.kind === 'agent' ? { agentId: ref.ownerId, runId: ref.runId } : null;
}

/** `svc:agent:A/svc:run:R` (or a hook's or action's) from the owner's id and the run id. */
export function formatRunReference(ownerId: string, runId: string): string {
  return `${ownerId}/${runId}`;
}
