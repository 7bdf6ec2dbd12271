/**
 * A full disk answers 507 and never hangs the service. PGlite cannot be left to find the disk full on its own: when
 * it has no room for a new write-ahead log segment (16 MB) its next query spins forever on the main thread
 * (storage/pglite-halt.ts). So a write that adds data — POST, PUT or PATCH on an API route — is admitted only while
 * the data dir's file system would keep `DPS_DISK_RESERVE_MB` free after it and every write still in flight (each
 * counted at twice its body: the table and the log both take it); otherwise it is refused with 507 before its body
 * is read. Reads, deletes and token requests go on, within the reserve. Checked on request, after the token.
 */
import { statfs } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '@/server/service/http-error';
import { STORAGE_FULL } from '@/server/service/storage';

const ADDS_DATA = new Set(['POST', 'PUT', 'PATCH']);

/** A write's rows, index entries and log records beyond its body. */
const WRITE_OVERHEAD_BYTES = 64 * 1024;

export const diskReserve = fp<{ dir: string; reserveBytes: number }>(
  async (app, { dir, reserveBytes }) => {
    if (reserveBytes <= 0) return;
    let inFlightBytes = 0;
    let refusing = false;

    app.addHook('onRequest', async (request, reply) => {
      if (!ADDS_DATA.has(request.method) || !request.routeOptions.config.family) return;
      const cost = costOf(request);
      const { bavail, bsize } = await statfs(dir);
      const free = bavail * bsize;
      if (free - inFlightBytes - cost < reserveBytes) {
        if (!refusing)
          request.log.warn(
            { dir, freeMB: Math.floor(free / 2 ** 20), reserveMB: reserveBytes / 2 ** 20 },
            'disk reserve reached: writes are refused until space is freed',
          );
        refusing = true;
        throw new HttpError(507, STORAGE_FULL);
      }
      refusing = false;
      inFlightBytes += cost;
      reply.raw.once('close', () => (inFlightBytes -= cost));
    });
  },
  { name: 'disk-reserve', dependencies: ['service-auth'] },
);

/** What a write may take on disk: twice its declared body (a body without a length may be as large as allowed). */
function costOf(request: FastifyRequest): number {
  const declared = Number(request.headers['content-length']);
  const body = Number.isSafeInteger(declared) && declared >= 0 ? declared : request.routeOptions.bodyLimit;
  return 2 * body + WRITE_OVERHEAD_BYTES;
}
