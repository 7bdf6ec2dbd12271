/** Reading the seed's ids: kinds in resourceIds and organization prefixes (run references: contract/run-reference.ts). */

export type ResourceKind =
  'document' | 'model' | 'validation' | 'validation-task' | 'hook' | 'action' | 'agent' | 'other';

/** `…:organization:x/svc:hook:abc` → `svc:hook:abc` (routes and per-resource calls take the bare id). */
export function bareId(id: string): string {
  const slash = id.lastIndexOf('/');
  return slash === -1 ? id : id.slice(slash + 1);
}

export function resourceKind(id: string): ResourceKind {
  const kind = bareId(id).split(':')[1];
  switch (kind) {
    case 'document':
    case 'model':
    case 'validation':
    case 'validation-task':
    case 'hook':
    case 'action':
    case 'agent':
      return kind;
    default:
      return 'other';
  }
}

/** The document a run works on: the first document id its resourceIds name (bare), or null. */
export function runDocumentId(run: { resourceIds: readonly string[] }): string | null {
  const ref = run.resourceIds.find((id) => resourceKind(id) === 'document');
  return ref ? bareId(ref) : null;
}
