/**
 * What the service's plugins decorate Fastify with (plugins/service-decorators.ts, plugins/auth.ts), and the same
 * state as one object for bootstrap and the demo seeder.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Permission, ScopeFamily } from '@/contract';
import type { ServiceConfig } from './config';
import type { Store } from './storage';
import type { FileStore } from './storage/file-store/file-store';
import type { ServiceMetrics } from './observability/service-metrics';

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
  /** Document file bytes: database chunks, or S3 with DPS_BLOB_URL. */
  files: FileStore;
  log: FastifyBaseLogger;
  metrics: ServiceMetrics;
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
  /**
   * The organization's and the service-wide data versions as read with the token (migration 0010): equal at two
   * requests only if no write to this organization's data, or to service-wide data, committed between them.
   */
  dataVersion: string;
}

/** Who creates a resource (resources/): the organization it belongs to, and the actor written to createdBy. */
export type Creator = Pick<AuthContext, 'organizationId' | 'actor'>;

/** Argument of `seedDemoData` (src/server/service/demo/seed-demo-data.ts), called once on a new data dir. */
export interface SeedContext extends ServiceContext {
  organizationId: string;
  /** The bootstrap admin app client's id, for createdBy. */
  actor: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    store: Store;
    files: FileStore;
    serviceConfig: ServiceConfig;
    /** Filled in when the server listens; read at request time. */
    serviceUrls: ServiceUrls;
  }
  interface FastifyRequest {
    /** The caller: set by the auth plugin on every route with `config.family` (those are the only ones that read it). */
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** Scope family the route needs: `<family>:read` for GET, `<family>:write` otherwise. */
    family?: ScopeFamily;
    /** Also send the CORS headers on success (the seed requires it for Create User). */
    cors?: boolean;
    /** The body is the request's bytes of any content type (the document file PUT), not JSON. */
    rawBody?: boolean;
  }
}
