/**
 * Scope evaluation (DESIGN §4). A permission `{resourceId, effect, action}` matches a request for `<family>:<action>`
 * when resourceId is the family or `*` and action is the same action or `*`. Any matching deny refuses; otherwise
 * any matching allow grants; no match refuses. Families are exact (`agents` does not cover `agents.runs`).
 */
import type { Permission } from '../../../contract';

export type ScopeAction = 'read' | 'write';

export function isAllowed(permissions: readonly Permission[], family: string, action: ScopeAction): boolean {
  const matching = permissions.filter(
    (p) => (p.resourceId === '*' || p.resourceId === family) && (p.action === '*' || p.action === action),
  );
  if (matching.some((p) => p.effect === 'deny')) return false;
  return matching.some((p) => p.effect === 'allow');
}

/** GET needs read; every other method writes. */
export function actionOf(method: string): ScopeAction {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

/** The granted scopes as `family:action` strings (for display and the OpenAPI description). */
export function grantedScopes(permissions: readonly Permission[], families: readonly string[]): string[] {
  return families.flatMap((family) =>
    (['read', 'write'] as const).filter((a) => isAllowed(permissions, family, a)).map((a) => `${family}:${a}`),
  );
}
