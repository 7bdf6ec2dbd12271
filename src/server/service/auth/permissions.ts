/**
 * Scope evaluation (DESIGN §4). A permission `{resourceId, effect, action}` matches a request for `<family>:<action>`
 * when resourceId is the family or `*` and action is the same action or `*`. Any matching deny refuses; otherwise
 * any matching allow grants; no match refuses. Families are exact (`agents` does not cover `agents.runs`).
 *
 * Routes need `read` (GET) or `write` (other methods). `delegate` is a third action that no route needs: it exists
 * to be held and granted like the other two (action `*` includes it), see ./delegation.ts and docs/authorization.md.
 */
import type { Permission } from '@/contract';

export type ScopeAction = 'read' | 'write';
/** Every action a permission can name except the wildcard. */
export type CapabilityAction = Exclude<Permission['action'], '*'>;
export const CAPABILITY_ACTIONS: readonly CapabilityAction[] = ['read', 'write', 'delegate'];

function matches(p: Permission, family: string, action: CapabilityAction): boolean {
  return (p.resourceId === '*' || p.resourceId === family) && (p.action === '*' || p.action === action);
}

export function isAllowed(permissions: readonly Permission[], family: string, action: CapabilityAction): boolean {
  const matching = permissions.filter((p) => matches(p, family, action));
  if (matching.some((p) => p.effect === 'deny')) return false;
  return matching.some((p) => p.effect === 'allow');
}

export interface PermissionIndex {
  /** Same answer as isAllowed. */
  allows(family: string, action: CapabilityAction): boolean;
  /** Some deny entry matches: it refuses `<family>:<action>` whatever else is held alongside. */
  denies(family: string, action: CapabilityAction): boolean;
}

/** For asking many questions of one list (delegation compares every family): one pass, then constant time. */
export function indexPermissions(permissions: readonly Permission[]): PermissionIndex {
  const entries = new Map<string, { allow: Set<string>; deny: Set<string> }>();
  for (const p of permissions) {
    let entry = entries.get(p.resourceId);
    if (!entry) entries.set(p.resourceId, (entry = { allow: new Set(), deny: new Set() }));
    entry[p.effect].add(p.action);
  }
  const has = (effect: 'allow' | 'deny', family: string, action: CapabilityAction) =>
    [entries.get(family), family === '*' ? undefined : entries.get('*')].some(
      (e) => e?.[effect].has(action) || e?.[effect].has('*'),
    );
  return {
    denies: (family, action) => has('deny', family, action),
    allows: (family, action) => has('allow', family, action) && !has('deny', family, action),
  };
}

/** GET needs read; every other method writes. */
export function actionOf(method: string): ScopeAction {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}
