/**
 * The service's handle on its recognition process (recognition-process.ts): one child process, one document at a
 * time — bounded concurrency on a small machine: recognition keeps one core busy and the service's event loop stays
 * free for requests. A child process rather than a worker thread, because the image decoders it runs on uploaded
 * files are native code: a file that crashes one ends that process and fails that document, never the service. The
 * process starts on the first document, stops after a minute without work (tesseract holds ~100 MB), and never keeps
 * the service's process alive.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { OcrPage } from '../../../contract/ocr';
import type { RecognitionMessage, RecognitionRequest } from './recognition-protocol';

const IDLE_MS = 60_000;
const ENTRY = fileURLToPath(new URL('./recognition-process-entry.mjs', import.meta.url));

type Job = {
  onPage: (page: OcrPage, ms: number) => Promise<void> | void;
  resolve: () => void;
  reject: (error: Error) => void;
};

let child: ChildProcess | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 0;
const jobs = new Map<number, Job>();
/** Jobs run one after another: the next is sent when the previous finished. */
let chain: Promise<unknown> = Promise.resolve();

function recognitionProcess(): ChildProcess {
  if (child && child.connected) return child;
  // Its own plain Node: the service's loader flags (tsx, a test runner's) are not for it; the entry registers tsx.
  const started = fork(ENTRY, [], {
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  started.on('message', (message: RecognitionMessage) => void handle(message));
  started.on('exit', (code, signal) => {
    if (child === started) child = null;
    const error = new Error(`the recognition process stopped (${signal ?? `exit code ${code}`})`);
    for (const job of jobs.values()) job.reject(error);
    jobs.clear();
  });
  started.on('error', () => undefined);
  child = started;
  return started;
}

async function handle(message: RecognitionMessage) {
  const job = jobs.get(message.id);
  if (!job) return;
  if (message.type === 'page') {
    try {
      await job.onPage(message.page, message.ms);
    } catch (error) {
      jobs.delete(message.id);
      holdOpen();
      job.reject(error as Error);
    }
    return;
  }
  jobs.delete(message.id);
  holdOpen();
  if (message.type === 'done') job.resolve();
  else job.reject(new Error(message.message));
}

/**
 * Recognises every page of `bytes` that needs it, calling `onPage` with each page's words in page order (a page is
 * handled only after the previous `onPage` settled). Rejects with the reason the document could not be read.
 */
export function recognizeDocument(bytes: Uint8Array, contentType: string, onPage: Job['onPage']): Promise<void> {
  const run = chain.then(
    () =>
      new Promise<void>((resolve, reject) => {
        if (idleTimer) clearTimeout(idleTimer);
        const id = ++nextId;
        let pages = Promise.resolve();
        const ordered: Job['onPage'] = (page, ms) => (pages = pages.then(() => onPage(page, ms)));
        jobs.set(id, { onPage: ordered, resolve: () => void pages.then(resolve, reject), reject });
        recognitionProcess().send({ id, contentType, bytes } satisfies RecognitionRequest);
        holdOpen();
      }),
  );
  chain = run.catch(() => undefined).finally(scheduleIdleStop);
  return run;
}

/** A document in work keeps the service's process alive (a script awaiting it too); an idle child never does. */
function holdOpen() {
  if (!child) return;
  if (jobs.size > 0) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

function scheduleIdleStop() {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (jobs.size === 0 && child) {
      const stopping = child;
      child = null;
      stopping.disconnect();
    }
  }, IDLE_MS);
  idleTimer.unref();
}
