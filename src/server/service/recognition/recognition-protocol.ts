/** Messages between the service and its recognition process (recognition-process.ts), over the IPC channel. */
import type { OcrPage } from '../../../contract/ocr';

export type RecognitionRequest = { id: number; contentType: string; bytes: Uint8Array };

export type RecognitionMessage =
  | { id: number; type: 'page'; page: OcrPage; /** Milliseconds to rasterise and recognise this page. */ ms: number }
  | { id: number; type: 'done' }
  | { id: number; type: 'error'; message: string };
