/** Reading the seed's ids: kinds in resourceIds, organization prefixes, and `agent/run` references. */

export type ResourceKind = 'document' | 'model' | 'validation' | 'validation-task' | 'hook' | 'action' | 'agent' | 'other';

/** `…:organization:x/svc:hook:abc` → `svc:hook:abc` (routes and per-resource calls take the bare id). */
export function bareId(id: string): string {
  const slash = id.lastIndexOf('/');
  return slash === -1 ? id : id.slice(slash + 1);
}

export function resourceKind(id: string): ResourceKind {
  const kind = bareId(id).split(':')[1];
  switch (kind) {
    case 'document': case 'model': case 'validation': case 'validation-task': case 'hook': case 'action': case 'agent':
      return kind;
    default:
      return 'other';
  }
}

/** `[org/]svc:agent:a/svc:run:r` → `{ agentId, runId }`, or null. */
export function splitRunRef(ref: string | null | undefined): { agentId: string; runId: string } | null {
  const match = ref?.match(/(svc:agent:[^/]+)\/(svc:run:[^/]+)$/);
  return match ? { agentId: match[1]!, runId: match[2]! } : null;
}
