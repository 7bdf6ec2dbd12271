import type { ContentType } from './document-size';

/** One document's bytes in memory. `bytes` is never detached by the viewer (it works on copies). */
export type BytesSource = {
  bytes: ArrayBuffer;
  url?: undefined;
  contentType: ContentType;
  /** File name for downloads and titles. */
  name?: string;
};

/**
 * A PDF the server answers ranges for: pdf.js reads it part by part (the first page paints before the rest of a large
 * file arrives). `url` is same-origin (the BFF's file proxy).
 */
export type RangedPdfSource = {
  bytes?: undefined;
  url: string;
  /** The file's size in bytes. */
  length: number;
  contentType: 'application/pdf';
  name?: string;
};

export type DocumentSource = BytesSource | RangedPdfSource;

/**
 * Pages are 1-based in the viewer's API (as the toolbar shows them). Ground-truth `pages` hold 0-based indices:
 * convert with `toGroundTruthPage` / `fromGroundTruthPage`.
 */
export type TextSelection = {
  text: string;
  page: number;
  /** How it was taken: text selected in a text layer (the default), or the words inside a dragged box. */
  via?: 'selection' | 'box';
};

/** Whether the page shown has text to select or box (a text layer or recognised words). */
export type PageTextInfo = { page: number; hasText: boolean };

/** Text to mark in the text layer; with `page`, only that page is searched, else the first page that contains it. */
export type TextHighlight = { text: string; page?: number };

export type DocumentViewerHandle = {
  /** Scrolls so that `page` (1-based) is at the top of the viewport. */
  scrollToPage(page: number): void;
  /** Number of pages (1 for single images and emails), 0 while loading. */
  getPageCount(): number;
  /**
   * Box select by keyboard on the page in view (focus moves to the document; see keyboard-word-pick.ts); `onDone`
   * runs when it ends. Absent where pages have no words to pick (emails).
   */
  pickWords?(onDone?: () => void): void;
};
