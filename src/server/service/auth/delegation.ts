/**
 * Delegation (DESIGN §4; the rule for operators: docs/authorization.md): a caller grants only what it holds.
 *
 * Permission lists are compared as capabilities `family:action`, action read, write or delegate. A list allows a
 * capability when `isAllowed` says so for that list alone (its own denies win), and denies it when one of its deny
 * entries matches. The families compared are the service's scope families, every other resourceId the lists name,
 * and `*` standing for the families none of them names: a wildcard grant needs a wildcard hold.
 *
 * - roleIds (app clients, users): each role given must allow nothing the caller lacks. Roles are judged one by one:
 *   a deny in one role does not make another role's wider allow grantable (the denying role can be taken away later).
 * - a role's permissions (create, PATCH): the new list must allow nothing the caller lacks, and a deny the old list
 *   had and the new one drops (which widens every holder) must be on something the caller holds.
 * - a role the caller's own app client holds: a PATCH must not widen it at all, even with what the caller holds
 *   through other roles.
 *
 * Granting a deny never escalates, so denies are never refused. The functions return the refusal message, or null.
 */
import { SCOPE_FAMILIES, type Permission } from '@/contract';
import { CAPABILITY_ACTIONS, indexPermissions, type CapabilityAction } from './permissions';

interface Capability {
  family: string;
  action: CapabilityAction;
}

/** The service's families, then the other resourceIds the lists name, then `*` (every family not named). */
function capabilitiesOf(...lists: readonly (readonly Permission[])[]): Capability[] {
  const known = new Set<string>(SCOPE_FAMILIES);
  const named = [...new Set(lists.flat().map((p) => p.resourceId))].filter((id) => id !== '*' && !known.has(id)).sort();
  return [...SCOPE_FAMILIES, ...named, '*'].flatMap((family) =>
    CAPABILITY_ACTIONS.map((action) => ({ family, action })),
  );
}

const allows = (list: readonly Permission[]) => {
  const index = indexPermissions(list);
  return (c: Capability) => index.allows(c.family, c.action);
};
const denies = (list: readonly Permission[]) => {
  const index = indexPermissions(list);
  return (c: Capability) => index.denies(c.family, c.action);
};
const not = (test: (c: Capability) => boolean) => (c: Capability) => !test(c);

/** Names up to three capabilities: `documents:write, models:read and 4 more`. */
function describe(capabilities: readonly Capability[]): string {
  const names = capabilities.map((c) => `${c.family}:${c.action}`);
  if (names.length <= 3) return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

/**
 * May the caller give these roles (the whole requested list, in order)? `permissionsOf` returns a role's permissions,
 * or undefined for an id that names no role (existence is checked, with its own 404, elsewhere).
 */
export function refuseRoleIds(
  caller: readonly Permission[],
  roleIds: readonly string[],
  permissionsOf: (roleId: string) => readonly Permission[] | undefined,
  field = 'roleIds',
): string | null {
  for (const [index, roleId] of roleIds.entries()) {
    const permissions = permissionsOf(roleId);
    if (!permissions) continue;
    const lacking = capabilitiesOf(caller, permissions)
      .filter(allows(permissions))
      .filter(not(allows(caller)));
    if (lacking.length)
      return `${field}[${index}] role ${roleId} grants ${describe(lacking)}, which the caller does not hold`;
  }
  return null;
}

export interface RolePermissionsChange {
  /** The role changed; null when it is being created. */
  roleId: string | null;
  /** Its permissions before the change; null when it is being created. */
  before: readonly Permission[] | null;
  after: readonly Permission[];
  /** The caller's own app client holds the role. */
  heldByCaller: boolean;
}

/** May the caller create a role with, or change a role to, these permissions? */
export function refuseRolePermissions(
  caller: readonly Permission[],
  change: RolePermissionsChange,
  field = 'permissions',
): string | null {
  const before = change.before ?? [];
  const { after } = change;
  const capabilities = capabilitiesOf(caller, before, after);
  const lifted = capabilities.filter(denies(before)).filter(not(denies(after)));

  if (change.heldByCaller && change.roleId) {
    const added = capabilities.filter(allows(after)).filter(not(allows(before)));
    const widened = `${field} would widen role ${change.roleId}, which the caller holds`;
    if (added.length) return `${widened}: it would allow ${describe(added)}`;
    if (lifted.length) return `${widened}: it would no longer deny ${describe(lifted)}`;
  }
  const lacking = capabilities.filter(allows(after)).filter(not(allows(caller)));
  if (lacking.length) return `${field} grants ${describe(lacking)}, which the caller does not hold`;
  const liftedLacking = lifted.filter(not(allows(caller)));
  if (liftedLacking.length)
    return `${field} lifts the deny on ${describe(liftedLacking)}, which the caller does not hold`;
  return null;
}
