/**
 * The service's handle on its recognition process (recognition-process.ts): one child process, one request at a
 * time — bounded concurrency on a small machine: recognition keeps one core busy and the service's event loop stays
 * free for requests. A child process rather than a worker thread, because the image decoders it runs on uploaded
 * files are native code: a file that crashes one ends that process and fails that document, never the service.
 *
 * Work is one page per call (the queue takes turns between organizations page by page). The process keeps the last
 * few documents open, so a document is sent and parsed once, not once a page. Every request has the page time limit:
 * a page over it is reported not recognised and the process is killed (a new one starts for the next page); the
 * process's JavaScript heap is capped, and a process that dies fails the document it was working on. It starts on
 * the first page, stops after a minute without work (tesseract holds ~100 MB), and never keeps the service's process
 * alive.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { OcrLimits } from '@/server/service/config';
import type { FileChunk, PageResult, RecognitionMessage, RecognitionRequest } from './recognition-protocol';
import { serverFile } from '@/server/shared/server-files';

const IDLE_MS = 60_000;
/** Documents the process keeps open between their turns (the organizations taking turns, typically). */
const MAX_OPEN_DOCUMENTS = 4;
/** Starting the process and loading the model, apart from any page's time. */
const START_TIMEOUT_MS = 120_000;
/** Opening a file (parsing a PDF, walking a TIFF's pages) is not a page: it has at least this long. */
const MIN_OPEN_TIMEOUT_MS = 30_000;
/** From the sources an entry that loads tsx first; compiled, the process's own bundle. */
const ENTRY = serverFile(import.meta.url, './recognition-process-entry.mjs', 'recognition-process.js');

/** A document to recognise: `key` names this upload of it (see Claim.request); `read` gives its file when needed. */
export type DocumentToRecognize = {
  key: string;
  read: () => Promise<{ contentType: string; chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array> } | null>;
};

type Answer = Exclude<RecognitionMessage, { type: 'ready' }>;
type Pending = { resolve: (answer: Answer) => void; reject: (error: Error) => void };
type Child = {
  process: ChildProcess;
  ready: Promise<void>;
  /** Keys of the documents open in it with their page counts, least recently used first. */
  open: Map<string, number>;
  pending: Map<number, Pending>;
};

let current: Child | null = null;
/** Why the last recognition process could not start (it exited before it was ready); cleared by one that starts. */
let startFailure: string | null = null;
let nextId = 0;
let idleTimer: NodeJS.Timeout | null = null;
/** Requests run one after another. */
let chain: Promise<unknown> = Promise.resolve();

function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const run = chain.then(() => {
    if (idleTimer) clearTimeout(idleTimer);
    current?.process.ref();
    current?.process.channel?.ref();
    return work();
  });
  chain = run.catch(() => undefined).finally(idle);
  return run;
}

function start(maxMemoryMb: number): Child {
  // Its own plain Node: the service's loader flags (tsx, a test runner's) are not for it; the entry registers tsx.
  const proc = fork(ENTRY, [], {
    execArgv: [`--max-old-space-size=${maxMemoryMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let ready!: () => void;
  let failed!: (error: Error) => void;
  const child: Child = {
    process: proc,
    ready: new Promise((resolve, reject) => ([ready, failed] = [resolve, reject])),
    open: new Map(),
    pending: new Map(),
  };
  child.ready.catch(() => undefined);
  let started = false;
  proc.on('message', (message: RecognitionMessage) => {
    if (message.type === 'ready') {
      started = true;
      startFailure = null;
      return ready();
    }
    const pending = child.pending.get(message.id);
    child.pending.delete(message.id);
    pending?.resolve(message);
  });
  proc.on('exit', (code, signal) => {
    if (current === child) current = null;
    const error = new Error(`the recognition process stopped (${signal ?? `exit code ${code}`}) on this file`);
    // Killed for overrunning a page's time, or by a file: the next page starts another. Dying before ready is not that.
    if (!started) startFailure = `it exited (${signal ?? `exit code ${code}`}) before it was ready`;
    failed(error);
    for (const pending of child.pending.values()) pending.reject(error);
    child.pending.clear();
  });
  proc.on('error', () => undefined);
  return child;
}

async function running(limits: OcrLimits): Promise<Child> {
  if (!current || !current.process.connected) current = start(limits.maxMemoryMb);
  const child = current;
  const timer = setTimeout(() => kill(child), START_TIMEOUT_MS);
  try {
    await child.ready;
  } finally {
    clearTimeout(timer);
  }
  return child;
}

/** Sends one request and waits for its answer, at most `timeoutMs`: then the process is killed. */
function ask(child: Child, request: RecognitionRequest, timeoutMs: number): Promise<Answer | 'timeout'> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.pending.delete(request.id);
      kill(child);
      resolve('timeout');
    }, timeoutMs);
    child.pending.set(request.id, {
      resolve: (answer) => {
        clearTimeout(timer);
        resolve(answer);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    child.process.send(request);
  });
}

function sendChunk(child: Child, chunk: FileChunk): Promise<void> {
  return new Promise((resolve, reject) => {
    child.process.send(chunk, (error) =>
      error ? reject(new Error('the recognition process stopped while its file was sent')) : resolve(),
    );
  });
}

/** Ends a process that overran its time; the next request starts a new one. */
function kill(child: Child) {
  if (current === child) current = null;
  child.process.kill('SIGKILL');
}

/**
 * Readiness: the recognition process is running, or (it starts on the first page and stops when idle) the last one
 * started fine. Rejects with why it cannot start.
 */
export async function checkRecognitionReady(): Promise<void> {
  if (startFailure) throw new Error(`the recognition process cannot start: ${startFailure}`);
}

/** Stopping the service: the process is let go (it exits when its channel closes); the page in work is dropped. */
export function stopRecognitionProcess(): Promise<void> {
  const child = current;
  current = null;
  if (idleTimer) clearTimeout(idleTimer);
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.process.kill('SIGKILL'), 5_000);
    child.process.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    if (child.process.connected) child.process.disconnect();
    else child.process.kill('SIGTERM');
  });
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Opens the document in the process unless it is open there; its page count. Throws why the file cannot be read. */
async function opened(child: Child, document: DocumentToRecognize, limits: OcrLimits): Promise<number> {
  const known = child.open.get(document.key);
  if (known !== undefined) {
    child.open.delete(document.key);
    child.open.set(document.key, known);
    return known;
  }
  const file = await document.read();
  if (!file) throw new Error('the document has no file to recognise');
  for (const key of [...child.open.keys()].slice(0, Math.max(0, child.open.size - MAX_OPEN_DOCUMENTS + 1))) {
    await close(child, key);
  }
  // Piece by piece, each handed to the channel before the next is read: the service never holds the file whole.
  for await (const bytes of file.chunks) await sendChunk(child, { type: 'chunk', key: document.key, bytes });
  const request = {
    id: ++nextId,
    type: 'open',
    key: document.key,
    contentType: file.contentType,
    maxPagePixels: limits.maxPagePixels,
  } as const;
  const timeoutMs = Math.max(limits.pageTimeoutMs, MIN_OPEN_TIMEOUT_MS);
  const answer = await ask(child, request, timeoutMs);
  if (answer === 'timeout') throw new Error(`the file could not be opened within ${seconds(timeoutMs)}`);
  if (answer.type !== 'opened') throw new Error(answer.type === 'error' ? answer.message : 'unexpected answer');
  child.open.set(document.key, answer.pageCount);
  return answer.pageCount;
}

async function close(child: Child, key: string) {
  child.open.delete(key);
  // A process that died meanwhile has let go of everything.
  await ask(child, { id: ++nextId, type: 'close', key }, START_TIMEOUT_MS).catch(() => undefined);
}

/**
 * Recognises page `page` (0-based) of the document: its page count, and the page's result (none when the document
 * has fewer pages). Throws — the document's failure — when the file cannot be read or the process died on it.
 */
export function recognizePage(
  document: DocumentToRecognize,
  page: number,
  limits: OcrLimits,
): Promise<{ pageCount: number; result?: PageResult }> {
  return exclusive(async (): Promise<{ pageCount: number; result?: PageResult }> => {
    const child = await running(limits);
    const pageCount = await opened(child, document, limits);
    if (page >= pageCount) return { pageCount };
    const answer = await ask(child, { id: ++nextId, type: 'page', key: document.key, page }, limits.pageTimeoutMs);
    if (answer === 'timeout') {
      const message = `page ${page + 1} took longer than ${seconds(limits.pageTimeoutMs)} (DPS_OCR_PAGE_TIMEOUT_MS)`;
      return { pageCount, result: { type: 'not-recognised', reason: 'time-limit', message } };
    }
    if (answer.type === 'result') return { pageCount, result: answer.result };
    const message = answer.type === 'error' ? answer.message : 'unexpected answer';
    return { pageCount, result: { type: 'not-recognised', reason: 'unreadable', message } };
  });
}

/** Lets go of every open upload of the document (deleted or replaced): the process frees its bytes. */
export function forgetDocument(documentId: string): Promise<void> {
  const ofDocument = (child: Child | null) =>
    [...(child?.open.keys() ?? [])].filter((key) => key.startsWith(`${documentId}@`));
  if (!ofDocument(current).length) return Promise.resolve();
  return exclusive(async () => {
    const child = current;
    if (child) for (const key of ofDocument(child)) await close(child, key);
  });
}

/** Nothing to do: an idle process never keeps the service's process alive, and stops after a minute. */
function idle() {
  if (current) {
    current.process.unref();
    current.process.channel?.unref();
  }
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    const child = current;
    if (child && child.pending.size === 0) {
      current = null;
      child.process.disconnect();
    }
  }, IDLE_MS);
  idleTimer.unref();
}
