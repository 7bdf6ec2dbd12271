/** What every route handler and the demo seeder get. */
import type { FastifyBaseLogger } from 'fastify';
import type { Permission } from '../../contract';
import type { ServiceConfig } from './config';
import type { Store } from './storage';

export interface ServiceUrls {
  /** `http://HOST:PORT` — token endpoint base. */
  authUrl: string;
  /** `http://HOST:PORT/v1`. */
  baseUrl: string;
  /** Origin for URLs in responses (fileUrl, variablesFileUrl), satisfying the seed URL rule; no trailing slash. */
  publicUrl: string;
  /** `publicUrl` + api prefix, e.g. `http://localhost:8788/v1`. */
  publicBaseUrl: string;
}

export interface ServiceContext {
  config: ServiceConfig;
  store: Store;
  log: FastifyBaseLogger;
  /** Filled in when the server listens (the port may be 0 until then); read at request time. */
  urls: ServiceUrls;
}

/** The caller, from its bearer token. */
export interface AuthContext {
  organizationId: string;
  appClientId: string;
  clientId: string;
  /** Written to createdBy / updatedBy. */
  actor: string;
  permissions: Permission[];
}

/** Argument of `seedDemoData` (src/server/service/demo/index.ts), called once on a new data dir. */
export interface SeedContext extends ServiceContext {
  organizationId: string;
  /** The bootstrap admin app client's id, for createdBy. */
  actor: string;
}
