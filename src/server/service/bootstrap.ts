/**
 * First start of a data dir (or of an empty PostgreSQL schema): one organization with the built-in roles, an admin
 * app client, and `DPS_DATA_DIR/credentials.json` (mode 0600) with its id and secret — the secret is never printed
 * or logged. Later starts change no data; they only refresh the URLs in credentials.json if the port or host moved.
 * Demo data (demo/seed-demo-data.ts) is seeded once, on the first start, unless DPS_DEMO=0.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { newId, nowTimestamp, type AppClient } from '@/contract';
import { credentialsFileSchema, type CredentialsFile } from '@/contract/credentials-file';
import { BUILTIN_ROLE_IDS, builtinRoles } from './auth/builtin-roles';
import { generateClientId, generateClientSecret, hashSecret } from './auth/secrets';
import type { ServiceContext } from './context';
import { appClientsRepo } from './storage/repositories/app-clients';
import { createOrganization } from './storage/repositories/organizations';
import { claimServiceState, readServiceState, writeServiceState } from './storage/repositories/service-state';
import { bumpCounter } from './storage';

export interface BootstrapResult {
  credentialsFile: string;
  organizationId: string;
  /** True when this start created the organization. */
  created: boolean;
}

interface BootstrapState {
  organizationId: string;
  appClientId: string;
  clientId: string;
  /** Demo data still to be seeded (survives a crash between bootstrap and seeding). */
  demoPending: boolean;
}

const STATE_KEY = 'bootstrap';

export function credentialsPath(dataDir: string): string {
  return path.join(dataDir, 'credentials.json');
}

export async function bootstrap(ctx: ServiceContext): Promise<BootstrapResult> {
  const file = credentialsPath(ctx.config.dataDir);
  let state = await readServiceState<BootstrapState>(ctx.store.db, STATE_KEY);
  let created = false;
  if (!state) {
    const secret = generateClientSecret();
    const made = await createBootstrapData(ctx, secret);
    state = made;
    created = true;
    if (made.created) {
      await writeCredentials(file, {
        clientId: made.clientId,
        clientSecret: secret,
        authUrl: ctx.urls.authUrl,
        baseUrl: ctx.urls.baseUrl,
      });
    }
  } else {
    await refreshCredentialUrls(ctx, file, state);
  }
  if (state.demoPending) {
    await seedDemo(ctx, state);
    await writeServiceState(ctx.store.db, STATE_KEY, { ...state, demoPending: false });
  }
  return { credentialsFile: file, organizationId: state.organizationId, created };
}

async function createBootstrapData(
  ctx: ServiceContext,
  secret: string,
): Promise<BootstrapState & { created: boolean }> {
  const secretHash = await hashSecret(secret);
  return ctx.store.transaction(async (tx) => {
    // Two instances starting on one empty PostgreSQL schema: the second sees the first's row and does nothing.
    if (!(await claimServiceState(tx, STATE_KEY))) {
      return { ...(await readServiceState<BootstrapState>(tx, STATE_KEY))!, created: false };
    }
    const now = nowTimestamp();
    const organizationId = newId('organization');
    const appClientId = newId('app-client');
    await createOrganization(
      tx,
      {
        organizationId,
        name: 'My organization',
        description: 'Created on the first start of the embedded service.',
        metadata: {},
        url: null,
        code: randomBytes(4).toString('hex'),
        documentRetentionInDays: 1825,
        useNewScopes: true,
        createdTime: now,
        createdBy: 'bootstrap',
        updatedTime: null,
        updatedBy: null,
      },
      { parentOrganizationId: null, quotas: ctx.config.defaultQuotas, roles: builtinRoles(now, 'bootstrap') },
    );
    const clientId = generateClientId();
    const client: AppClient = {
      appClientId,
      clientId,
      hasSecret: true,
      // The console's own credentials: not editable or deletable through the API, so it cannot lock itself out.
      mutable: false,
      name: 'Console (bootstrap admin)',
      description: 'Created on the first start; its secret is in credentials.json in the data dir.',
      metadata: {},
      roleIds: [BUILTIN_ROLE_IDS.admin],
      loginUrls: [],
      logoutUrls: [],
      callbackUrls: [],
      defaultLoginUrl: null,
      createdTime: now,
      createdBy: 'bootstrap',
      updatedTime: null,
      updatedBy: null,
    };
    await bumpCounter(tx, organizationId, 'numberOfAppClientsCreated', 1);
    await appClientsRepo.create(tx, organizationId, client, { clientId, secretHash });
    const state: BootstrapState = { organizationId, appClientId, clientId, demoPending: ctx.config.demo };
    await writeServiceState(tx, STATE_KEY, state);
    return { ...state, created: true };
  });
}

/** Atomic write with mode 0600 from the start (the secret never sits in a world-readable file). */
export async function writeCredentials(file: string, credentials: CredentialsFile): Promise<void> {
  // Checked before anything is written: the BFF reads this file with the same schema.
  const content = `${JSON.stringify(credentialsFileSchema.parse(credentials), null, 2)}\n`;
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(content);
    await handle.chmod(0o600);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
}

async function refreshCredentialUrls(ctx: ServiceContext, file: string, state: BootstrapState): Promise<void> {
  let current: CredentialsFile;
  try {
    current = credentialsFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    ctx.log.warn(`credentials file ${file} is missing or unreadable; create a new app client through the API`);
    return;
  }
  if (current.clientId !== state.clientId) return;
  if (current.authUrl === ctx.urls.authUrl && current.baseUrl === ctx.urls.baseUrl) return;
  await writeCredentials(file, { ...current, authUrl: ctx.urls.authUrl, baseUrl: ctx.urls.baseUrl });
}

async function seedDemo(ctx: ServiceContext, state: BootstrapState): Promise<void> {
  // Loaded only when a new data dir gets demo data; a literal specifier, so the server build bundles it.
  const { seedDemoData } = await import('./demo/seed-demo-data');
  await seedDemoData({ ...ctx, organizationId: state.organizationId, actor: state.appClientId });
}
