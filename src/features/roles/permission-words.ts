/**
 * A permission's parts as operators read them. The resource is a scope family id (`documents`, `agents.runs`): data,
 * shown as it is — only the wildcard is put in words. Effects and actions are words in the operator's language.
 */
import { t } from '@lingui/core/macro';

/** "documents" stays "documents"; "*" is "* (every resource family)". */
export function resourceWords(resourceId: string): string {
  return resourceId === '*' ? t`* (every resource family)` : resourceId;
}

/** "allow" → "Allow", "deny" → "Deny". */
export function effectWords(effect: string): string {
  return effect === 'deny' ? t`Deny` : t`Allow`;
}

/** "read" → "Read", "*" → "* (any action)"; an action the console does not know is shown as the service names it. */
export function actionWords(action: string): string {
  switch (action) {
    case 'read':
      return t`Read`;
    case 'write':
      return t`Write`;
    case 'delegate':
      return t`Delegate`;
    case '*':
      return t`* (any action)`;
    default:
      return action;
  }
}
