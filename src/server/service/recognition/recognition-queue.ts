/**
 * Background recognition of uploaded documents. An upload (or the first read of a document's `ocrFileUrl`) records
 * the document as pending and wakes this instance's queue, which claims pending documents one at a time from the
 * database (so several instances on one PostgreSQL server share the work), hands their bytes to the recognition
 * worker thread and stores each page's words as it comes. A document left pending or half-done by a stopped service
 * is taken again when the service starts (main.ts calls `resumeRecognition`), when a claim's lease runs out, or when
 * its `ocrFileUrl` is read. Requests never wait for recognition.
 */
import { isOcrContentType, type OcrPage } from '../../../contract/ocr';
import type { ServiceContext } from '../context';
import type { Store } from '../storage';
import { recognitionsRepo, type Claim } from '../storage/repositories/document-recognitions';
import { recognizeDocument } from './recognizer';

/** A claim lasts this long past the last page stored; a page takes seconds, a stopped instance's claim lapses. */
const LEASE_SECONDS = 120;

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
  wake(ctx);
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
        claim = await recognitionsRepo.claimNext(ctx.store.db, LEASE_SECONDS);
      } catch (error) {
        // The store is closing or unreachable: the documents stay claimable for the next start.
        ctx.log.warn({ reason: (error as Error).message }, 'recognition queue stopped: storage unavailable');
        return;
      }
      if (!claim) break;
      await recognizeClaimed(ctx, claim);
    }
  } while (queue.again);
}

async function recognizeClaimed(ctx: ServiceContext, claim: Claim) {
  const pages: OcrPage[] = [];
  try {
    const file = await readFile(ctx, claim);
    if (!file) {
      await recognitionsRepo.finish(ctx.store.db, claim, {
        status: 'failed',
        pages,
        message: 'the document has no file to recognise',
      });
      return;
    }
    await recognizeDocument(file.bytes, file.contentType, async (page) => {
      pages.push(page);
      if (!(await recognitionsRepo.progress(ctx.store.db, claim, pages, LEASE_SECONDS))) throw new VoidClaim();
    });
    await recognitionsRepo.finish(ctx.store.db, claim, { status: 'done', pages, message: null });
  } catch (error) {
    if (error instanceof VoidClaim) return;
    const message = `text could not be recognised: ${(error as Error).message}`;
    ctx.log.warn({ documentId: claim.documentId, reason: (error as Error).message }, 'recognition failed');
    await recognitionsRepo.finish(ctx.store.db, claim, { status: 'failed', pages, message }).catch(() => undefined);
  }
}

/** The document was uploaded again or deleted while it was recognised: the new upload has its own turn. */
class VoidClaim extends Error {}

async function readFile(ctx: ServiceContext, claim: Claim) {
  return ctx.files.readAll(claim.organizationId, claim.documentId);
}
