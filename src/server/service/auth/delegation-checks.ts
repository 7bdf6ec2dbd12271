/**
 * The delegation rule (./delegation.ts) applied to a request: loads the roles a body names and the caller's own
 * roles, and refuses with 403 `{message}` naming what the caller lacks. Run these after the 400/404 checks of the
 * same fields, inside the transaction that writes.
 */
import type { AuthContext } from '@/server/service/context';
import { appClientsRepo } from '@/server/service/storage/repositories/app-clients';
import { HttpError } from '@/server/service/http-error';
import { rolePermissions } from '@/server/service/storage/repositories/roles';
import type { Executor } from '@/server/service/storage';
import { refuseRoleIds, refuseRolePermissions, type RolePermissionsChange } from './delegation';

function refuse(message: string | null) {
  if (message) throw new HttpError(403, message);
}

/** Setting `roleIds` (of an app client or a user) to this list. */
export async function assertMayGrantRoles(
  db: Executor,
  auth: AuthContext,
  roleIds: readonly string[] | null | undefined,
  field = 'roleIds',
) {
  if (!roleIds?.length) return;
  const permissions = await rolePermissions(db, auth.organizationId, roleIds);
  refuse(refuseRoleIds(auth.permissions, roleIds, (id) => permissions.get(id), field));
}

/** Creating a role with `after` (roleId and before null), or changing role `roleId` from `before` to `after`. */
export async function assertMaySetRolePermissions(
  db: Executor,
  auth: AuthContext,
  change: Omit<RolePermissionsChange, 'heldByCaller'>,
) {
  let heldByCaller = false;
  if (change.roleId) {
    const caller = await appClientsRepo.get(db, auth.organizationId, auth.appClientId);
    heldByCaller = (caller?.roleIds ?? []).includes(change.roleId);
  }
  refuse(refuseRolePermissions(auth.permissions, { ...change, heldByCaller }));
}
