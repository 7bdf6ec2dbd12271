/**
 * Answers a repeated GET from memory while the organization's data has not changed since it was answered, on
 * PGlite and on PostgreSQL shared by several instances alike. What says "not changed" is the caller's data version
 * (migration 0010), which triggers keep in the database whichever instance or code path writes, and which the
 * authentication query reads on every request anyway: a hit costs no more storage round trips than that query.
 *
 * An answer is kept with the data version read with the token, before its route read anything, so a write that
 * commits while the route reads makes the answer stale at once rather than hide behind it. It is kept per
 * organization, app client, URL and UTC month (monthly usage counters read as zero in a new month), and only if it is
 * a 200 JSON answer the route did not mark `no-store`. The token, its scope and its tenant are checked first on
 * every request, hit or miss. `DPS_SERVICE_READ_CACHE=0` turns it off.
 */
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { currentUsageMonth } from '@/server/service/storage';

interface CachedAnswer {
  dataVersion: string;
  contentType: string;
  body: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A GET that missed: where to keep its answer. */
    readCacheKey?: string;
  }
}

export const readCache = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    if (!enabled) return;
    const answers = new LRUCache<string, CachedAnswer>({
      max: 5_000,
      maxSize: 64 * 1024 * 1024,
      sizeCalculation: (answer) => Math.max(1, answer.body.length),
    });

    const { readCacheHit, readCacheMiss } = app.serviceMetrics;
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !request.auth) return;
      const { organizationId, appClientId, dataVersion } = request.auth;
      const key = `${currentUsageMonth()}\n${organizationId}\n${appClientId}\n${request.url}`;
      const hit = answers.get(key);
      if (hit?.dataVersion === dataVersion) {
        readCacheHit.inc();
        return reply.code(200).header('content-type', hit.contentType).send(hit.body);
      }
      readCacheMiss.inc();
      request.readCacheKey = key;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const key = request.readCacheKey;
      if (!key || !request.auth || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const contentType = String(reply.getHeader('content-type') ?? '');
      const cacheControl = String(reply.getHeader('cache-control') ?? '');
      if (contentType.startsWith('application/json') && !/no-store/i.test(cacheControl)) {
        answers.set(key, { dataVersion: request.auth.dataVersion, contentType, body: payload });
      }
      return payload;
    });
  },
  { name: 'service-read-cache', dependencies: ['service-auth', 'service-metrics'] },
);
