/** The reusable document viewer (issue 7, item 2). */
export { DocumentViewer, type DocumentViewerProps } from './document-viewer';
export { DocumentFileViewer, type DocumentFileViewerProps } from './document-file-viewer';
export { loadDocumentFile, fileProxyUrl, DocumentFileError, type LoadDocumentFileOptions } from './load-document-file';
export {
  MAX_DOCUMENT_BYTES,
  describeOversize,
  normalizeContentType,
  sniffContentType,
  type ContentType,
} from './document-size';
export { decodeBase64, encodeBase64 } from './base64';
export { downloadSource } from './download-source';
export {
  type DocumentSource,
  type DocumentViewerHandle,
  type PageTextInfo,
  type TextHighlight,
  type TextSelection,
} from './viewer-types';
export {
  boxFromCorners,
  textOfWords,
  wordsInBox,
  type PageWord,
  type PageWordSource,
  type WordBox,
} from './page-words';
