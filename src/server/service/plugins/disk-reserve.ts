/**
 * A full disk answers 507 and never hangs the service. PGlite cannot be left to find the disk full on its own: when
 * it has no room for a new write-ahead log segment (16 MB) its next query spins forever on the main thread
 * (storage/pglite-halt.ts). So a write that adds data — POST, PUT or PATCH on an API route — is admitted only while
 * the data dir's file system would keep `DPS_DISK_RESERVE_MB` free after it and every write still in flight (each
 * counted at twice its body: the table and the log both take it); otherwise it is refused with 507 before its body
 * is read. Reads, deletes and token requests go on, within the reserve. Checked on request, after the token.
 *
 * The file system is asked at most every MEASURE_MAX_AGE_MS while writes are admitted (statfs was ~8 % of a PATCH's
 * CPU): in between, what the writes admitted since took is counted as spent, at their full cost, so a reading can
 * only be too low for this process's own writes. A refusal always asks again first: space freed since is seen at once.
 */
import { statfs } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '@/server/service/http-error';
import { STORAGE_FULL } from '@/server/service/storage';

const ADDS_DATA = new Set(['POST', 'PUT', 'PATCH']);

/** A write's rows, index entries and log records beyond its body. */
const WRITE_OVERHEAD_BYTES = 64 * 1024;
/** How long a reading of the free space serves admissions (other processes writing meanwhile are not counted). */
const MEASURE_MAX_AGE_MS = 100;

export const diskReserve = fp<{ dir: string; reserveBytes: number }>(
  async (app, { dir, reserveBytes }) => {
    if (reserveBytes <= 0) return;
    let inFlightBytes = 0;
    let refusing = false;
    /** The last reading: free bytes, when, and what the writes done since then took (at their cost). */
    let reading = { free: 0, at: -Infinity, spentSince: 0 };
    const measure = async () => {
      const { bavail, bsize } = await statfs(dir);
      reading = { free: bavail * bsize, at: performance.now(), spentSince: 0 };
    };
    const roomFor = (cost: number) => reading.free - reading.spentSince - inFlightBytes - cost >= reserveBytes;

    app.addHook('onRequest', async (request, reply) => {
      if (!ADDS_DATA.has(request.method) || !request.routeOptions.config.family) return;
      const cost = costOf(request);
      if (performance.now() - reading.at > MEASURE_MAX_AGE_MS) await measure();
      else if (!roomFor(cost)) await measure();
      if (!roomFor(cost)) {
        const free = reading.free;
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
      reply.raw.once('close', () => {
        inFlightBytes -= cost;
        // Counted as taken from the disk until the next reading. When a reading made while it ran saw part of it, it is
        // counted twice: too little room, never too much (and a refusal asks the file system again).
        reading.spentSince += cost;
      });
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
