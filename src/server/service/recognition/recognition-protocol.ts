/**
 * Messages between the service and its recognition process (recognition-process.ts), over the IPC channel. The
 * service sends one request at a time and waits for its answer: `open` a document (its bytes, sent before it as `chunk`s, kept open under `key`
 * until `close`), recognise one `page` of an open document, or `close` it. The process says `ready` once its
 * recogniser is loaded.
 */
import type { OcrNotRecognisedReason, OcrPage } from '@/contract/ocr';

export type RecognitionRequest =
  | { id: number; type: 'open'; key: string; contentType: string; maxPagePixels: number }
  | { id: number; type: 'page'; key: string; page: number }
  | { id: number; type: 'close'; key: string };

/** One page recognised, nothing to recognise on it (a PDF text layer), or why it was not recognised. */
export type PageResult =
  | { type: 'page'; page: OcrPage }
  | { type: 'text-layer' }
  | { type: 'not-recognised'; reason: OcrNotRecognisedReason; message: string };

/**
 * A piece of the file `key` names, in order, sent before its `open` and not answered: the service streams a file
 * to the process from storage instead of holding it whole (a file may be 64 MiB).
 */
export type FileChunk = { type: 'chunk'; key: string; bytes: Uint8Array };

export type RecognitionMessage =
  | { type: 'ready' }
  | { id: number; type: 'opened'; pageCount: number }
  | { id: number; type: 'result'; result: PageResult }
  | { id: number; type: 'closed' }
  | { id: number; type: 'error'; message: string };
