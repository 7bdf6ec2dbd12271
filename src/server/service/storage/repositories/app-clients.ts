/** App clients (stored without clientSecret: the secret exists only as `secret_hash`). */
import { and, eq } from 'drizzle-orm';
import type { AppClient } from '@/contract';
import { notFound } from '@/server/service/http-error';
import { defineRepository, schema, type Executor } from '..';

export const appClientsRepo = defineRepository<AppClient>({
  table: schema.appClients,
  idField: 'appClientId',
  noun: 'App client',
});

/** 404 naming the field when `appClientId` is given and is not an app client of the organization. */
export async function assertAppClientExists(
  db: Executor,
  organizationId: string,
  appClientId: string | undefined,
  field = 'appClientId',
) {
  if (!appClientId) return;
  const [found] = await db
    .select({ id: schema.appClients.id })
    .from(schema.appClients)
    .where(and(eq(schema.appClients.organizationId, organizationId), eq(schema.appClients.id, appClientId)));
  if (!found) throw notFound(`${field} app client ${appClientId} not found`);
}

/** What the token endpoint checks a client id's secret against, from any organization; undefined when unknown. */
export async function findClientCredentials(
  db: Executor,
  clientId: string,
): Promise<{ organizationId: string; id: string; secretHash: string | null } | undefined> {
  const [client] = await db
    .select({
      organizationId: schema.appClients.organizationId,
      id: schema.appClients.id,
      secretHash: schema.appClients.secretHash,
    })
    .from(schema.appClients)
    .where(eq(schema.appClients.clientId, clientId))
    .limit(1);
  return client;
}
