/**
 * Answers a repeated GET from memory when no write has settled since it was answered — on PGlite only, where this
 * process sees every write (storage/write-epoch.ts); with PostgreSQL, which other instances may write, it is off.
 * Measured (`npm run bench:service -- compare`): most of a PGlite read's time is PGlite itself (its wire protocol in
 * JavaScript and the WebAssembly engine), which shares this event loop with every other request.
 *
 * Runs after the auth plugin: the token, its scope and its tenant are checked first on every request, hit or miss.
 * An answer is kept per organization, app client, URL and UTC month (monthly usage counters read as zero in a new
 * month), only if it is a 200 JSON answer the route did not mark `no-store`. `DPS_SERVICE_READ_CACHE=0` turns it off.
 */
import fp from 'fastify-plugin';
import { currentUsageMonth, ReadThroughCache } from '../storage';

interface CachedAnswer {
  contentType: string;
  body: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A GET that missed: where to keep its answer, and the write epoch its read started at. */
    readCacheMiss?: { key: string; started: number };
  }
}

export const readCache = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    if (!enabled || !app.store.writes) return;
    const answers = new ReadThroughCache<CachedAnswer>(app.store.writes, {
      maxEntries: 5_000,
      maxBytes: 64 * 1024 * 1024,
      bytesOf: (answer) => answer.body.length,
    });

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !request.auth) return;
      const { organizationId, appClientId } = request.auth;
      const key = `${currentUsageMonth()}\n${organizationId}\n${appClientId}\n${request.url}`;
      const hit = answers.get(key);
      if (hit) return reply.code(200).header('content-type', hit.contentType).send(hit.body);
      request.readCacheMiss = { key, started: answers.begin() };
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const miss = request.readCacheMiss;
      if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const contentType = String(reply.getHeader('content-type') ?? '');
      const cacheControl = String(reply.getHeader('cache-control') ?? '');
      if (contentType.startsWith('application/json') && !/no-store/i.test(cacheControl)) {
        answers.keep(miss.started, miss.key, { contentType, body: payload });
      }
      return payload;
    });
  },
  { name: 'service-read-cache', dependencies: ['service-auth'] },
);
