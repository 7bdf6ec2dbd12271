/** Roles, the check that ids a body names are roles of the organization, and which app client still holds a role. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Permission, Role } from '@/contract';
import { notFound } from '@/server/service/http-error';
import { defineRepository, schema, type Executor } from '..';

export const rolesRepo = defineRepository<Role>({ table: schema.roles, idField: 'roleId', noun: 'Role' });

/** 404 naming the field and index of the first id in `roleIds` that is not a role of the organization. */
export async function assertRolesExist(
  db: Executor,
  organizationId: string,
  roleIds: readonly string[] | null | undefined,
  field = 'roleIds',
) {
  if (!roleIds?.length) return;
  const found = await db
    .select({ id: schema.roles.id })
    .from(schema.roles)
    .where(and(eq(schema.roles.organizationId, organizationId), inArray(schema.roles.id, [...roleIds])));
  const known = new Set(found.map((r) => r.id));
  const missing = roleIds.findIndex((id) => !known.has(id));
  if (missing >= 0) throw notFound(`${field}[${missing}] role ${roleIds[missing]} not found`);
}

/** The id of an app client of the organization that is given the role, or undefined when none is. */
export async function findRoleHolder(
  db: Executor,
  organizationId: string,
  roleId: string,
): Promise<string | undefined> {
  const holds = sql`(${schema.appClients.data}::jsonb)->'roleIds' ? ${roleId}`;
  const [client] = await db
    .select({ id: schema.appClients.id })
    .from(schema.appClients)
    .where(and(eq(schema.appClients.organizationId, organizationId), holds))
    .limit(1);
  return client?.id;
}

/** The permissions of each of `roleIds` that is a role of the organization (ids of no role are absent). */
export async function rolePermissions(
  db: Executor,
  organizationId: string,
  roleIds: readonly string[],
): Promise<Map<string, Permission[]>> {
  if (roleIds.length === 0) return new Map();
  const found = await db
    .select({ id: schema.roles.id, data: schema.roles.data })
    .from(schema.roles)
    .where(and(eq(schema.roles.organizationId, organizationId), inArray(schema.roles.id, [...roleIds])));
  return new Map(found.map((r) => [r.id, (r.data as unknown as Role).permissions ?? []]));
}
