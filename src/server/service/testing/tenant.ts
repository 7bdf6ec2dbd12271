/** A second organization with an admin app client, written straight to storage for tenancy tests. */
import { newId, nowTimestamp, type AppClient } from '@/contract';
import { BUILTIN_ROLE_IDS, builtinRoles } from '@/server/service/auth/builtin-roles';
import { generateClientId, generateClientSecret, hashSecret } from '@/server/service/auth/secrets';
import type { ServiceContext } from '@/server/service/context';
import { appClientsRepo } from '@/server/service/storage/repositories/app-clients';
import { createOrganization } from '@/server/service/storage/repositories/organizations';
import { bumpCounter } from '@/server/service/storage';

export async function createTenantOrganization(ctx: ServiceContext) {
  const organizationId = newId('organization');
  const clientId = generateClientId();
  const clientSecret = generateClientSecret();
  const secretHash = await hashSecret(clientSecret);
  const now = nowTimestamp();
  const stamp = { createdTime: now, createdBy: 'test', updatedTime: null, updatedBy: null };
  await ctx.store.transaction(async (tx) => {
    await createOrganization(
      tx,
      {
        organizationId,
        name: 'Other tenant',
        description: null,
        metadata: {},
        url: null,
        documentRetentionInDays: 1825,
        useNewScopes: true,
        ...stamp,
      },
      { parentOrganizationId: null, quotas: ctx.config.defaultQuotas, roles: builtinRoles(now, 'test') },
    );
    const client: AppClient = {
      appClientId: newId('app-client'),
      clientId,
      hasSecret: true,
      mutable: true,
      name: 'tenant admin',
      description: null,
      metadata: {},
      roleIds: [BUILTIN_ROLE_IDS.admin],
      loginUrls: [],
      logoutUrls: [],
      callbackUrls: [],
      defaultLoginUrl: null,
      ...stamp,
    };
    await bumpCounter(tx, organizationId, 'numberOfAppClientsCreated', 1);
    await appClientsRepo.create(tx, organizationId, client, { clientId, secretHash });
  });
  return { organizationId, clientId, clientSecret };
}
