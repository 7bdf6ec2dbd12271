/** Checks that ids a body refers to exist in the caller's organization (404 naming the field otherwise). */
import { and, eq, inArray } from 'drizzle-orm';
import { notFound } from '../http-error';
import { schema, type Executor } from '../storage';

export async function assertRolesExist(db: Executor, organizationId: string, roleIds: readonly string[] | null | undefined, field = 'roleIds') {
  if (!roleIds?.length) return;
  const found = await db
    .select({ id: schema.roles.id })
    .from(schema.roles)
    .where(and(eq(schema.roles.organizationId, organizationId), inArray(schema.roles.id, [...roleIds])));
  const known = new Set(found.map((r) => r.id));
  const missing = roleIds.findIndex((id) => !known.has(id));
  if (missing >= 0) throw notFound(`${field}[${missing}] role ${roleIds[missing]} not found`);
}

export async function assertAppClientExists(db: Executor, organizationId: string, appClientId: string | undefined, field = 'appClientId') {
  if (!appClientId) return;
  const [found] = await db
    .select({ id: schema.appClients.id })
    .from(schema.appClients)
    .where(and(eq(schema.appClients.organizationId, organizationId), eq(schema.appClients.id, appClientId)));
  if (!found) throw notFound(`${field} app client ${appClientId} not found`);
}
