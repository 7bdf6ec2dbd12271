/**
 * Background recognition of uploaded documents, in turns of one page. An upload (or the first read of a document's
 * `ocrFileUrl`) records the document as pending and wakes this instance's queue. The queue claims one page's turn
 * at a time from the database — the organization whose last turn is longest ago goes next, and within it the oldest
 * upload — so a 3,000-page TIFF holds another organization's one-page PNG back by one page at most, and several
 * instances on one PostgreSQL server share the work. Each turn's page is recognised by the recognition process
 * (recognizer.ts) and stored at once. Pages past the page limit (DPS_OCR_MAX_PAGES), over the page time limit, over
 * the pixel budget or unreadable are recorded as not recognised; a file that cannot be read, or that the process dies
 * on, fails its document, and the queue goes on. A document left pending or half-done by a stopped service is taken
 * again when the service starts (main.ts calls `resumeRecognition`), when a turn's lease runs out, or when its
 * `ocrFileUrl` is read. Requests never wait for recognition.
 */
import { isOcrContentType } from '@/contract/ocr';
import type { OcrLimits } from '@/server/service/config';
import type { ServiceContext } from '@/server/service/context';
import type { Store } from '@/server/service/storage';
import { recognitionsRepo, type Claim, type Turn } from '@/server/service/storage/repositories/document-recognitions';
import { forgetDocument, recognizePage } from './recognizer';

/** A turn's claim outlasts the longest turn: starting the process, opening the file, then one page, each timed. */
const leaseSeconds = (limits: OcrLimits) => Math.ceil((2 * limits.pageTimeoutMs) / 1000) + 180;

type Queue = { running: boolean; again: boolean };
const queues = new WeakMap<Store, Queue>();

/** Records the document as waiting for recognition (its earlier words are dropped) and wakes the queue. */
export async function requestRecognition(
  ctx: ServiceContext,
  organizationId: string,
  documentId: string,
  contentType: string | null | undefined,
) {
  if (!isOcrContentType(contentType)) return;
  await recognitionsRepo.request(ctx.store.db, organizationId, documentId);
  cancelRecognition(documentId);
  wake(ctx);
}

/**
 * The document was deleted or its file replaced: the recognition process lets go of the old file after the page in
 * work (whose result is dropped: the claim is void), and no further page of it is recognised. Never waits for it.
 */
export function cancelRecognition(documentId: string): void {
  void forgetDocument(documentId).catch(() => undefined);
}

/** Picks up documents that were waiting or being recognised when the service last stopped. */
export function resumeRecognition(ctx: ServiceContext) {
  wake(ctx);
}

function wake(ctx: ServiceContext) {
  let queue = queues.get(ctx.store);
  if (!queue) queues.set(ctx.store, (queue = { running: false, again: false }));
  if (queue.running) {
    queue.again = true;
    return;
  }
  queue.running = true;
  void drain(ctx, queue).finally(() => {
    queue.running = false;
  });
}

async function drain(ctx: ServiceContext, queue: Queue) {
  do {
    queue.again = false;
    for (;;) {
      let claim: Claim | undefined;
      try {
        await ctx.metrics.traffic.quiet();
        claim = await recognitionsRepo.claimNext(ctx.store.db, leaseSeconds(ctx.config.ocr));
      } catch (error) {
        // The store is closing or unreachable: the documents stay claimable for the next start.
        ctx.log.warn({ reason: (error as Error).message }, 'recognition queue stopped: storage unavailable');
        return;
      }
      if (!claim) break;
      await takeTurn(ctx, claim);
    }
  } while (queue.again);
}

/** Recognises the claimed document's next page and stores what came of it. */
async function takeTurn(ctx: ServiceContext, claim: Claim) {
  const limits = ctx.config.ocr;
  const db = ctx.store.db;
  try {
    const turn: Turn = { unrecognised: [], pageCount: claim.pageCount ?? 0, nextPage: claim.nextPage };
    if (claim.pageCount === null || claim.nextPage < Math.min(claim.pageCount, limits.maxPages)) {
      const read = () => readFile(ctx, claim);
      const startedAt = performance.now();
      const { pageCount, result } = await recognizePage({ key: claim.request, read }, claim.nextPage, limits).catch(
        (error: unknown) => {
          ctx.metrics.recognitionPage('failed', (performance.now() - startedAt) / 1000);
          throw error;
        },
      );
      if (result) {
        const outcome = result.type === 'page' ? 'recognised' : 'not-recognised';
        ctx.metrics.recognitionPage(outcome, (performance.now() - startedAt) / 1000);
      }
      turn.pageCount = pageCount;
      turn.nextPage += 1;
      if (result?.type === 'page') turn.page = result.page;
      else if (result?.type === 'not-recognised') {
        turn.unrecognised.push({ first: claim.nextPage, last: claim.nextPage, reason: result.reason });
        const { documentId, nextPage: page } = claim;
        ctx.log.info({ documentId, page, reason: result.message }, 'page not recognised');
      }
    }
    turn.done = turn.nextPage >= Math.min(turn.pageCount, limits.maxPages);
    // The pages past the limit (from where this document got to, should the limit have been lowered meanwhile).
    const beyond = Math.max(limits.maxPages, turn.nextPage);
    if (turn.done && beyond < turn.pageCount) {
      turn.unrecognised.push({ first: beyond, last: turn.pageCount - 1, reason: 'page-limit' });
    }
    await ctx.metrics.traffic.quiet();
    if (!(await recognitionsRepo.recordTurn(db, claim, turn))) {
      cancelRecognition(claim.documentId); // re-uploaded or deleted meanwhile: the new upload has its turn
    }
  } catch (error) {
    const reason = (error as Error).message;
    ctx.log.warn({ documentId: claim.documentId, reason }, 'recognition failed');
    await recognitionsRepo.fail(db, claim, `text could not be recognised: ${reason}`).catch(() => undefined);
  }
}

/** The claimed document's file as a stream of its chunks, or null when it has none; each read gives way to requests. */
async function readFile(ctx: ServiceContext, claim: Claim) {
  await ctx.metrics.traffic.quiet();
  const head = await ctx.files.head(ctx.store.db, claim.organizationId, claim.documentId);
  if (!head) return null;
  return { contentType: head.contentType, chunks: givingWay(ctx, ctx.files.read(claim.organizationId, head)) };
}

async function* givingWay<T>(ctx: ServiceContext, chunks: AsyncIterable<T>): AsyncIterable<T> {
  for await (const chunk of chunks) {
    yield chunk;
    await ctx.metrics.traffic.quiet();
  }
}
