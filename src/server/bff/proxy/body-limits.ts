/** Body limits of the proxied routes (DESIGN.md §5). */

export const MIB = 1024 * 1024;
/** Document routes carry base64 content up to 6,250,000 chars. */
export const DOCUMENT_BODY_LIMIT = 10 * MIB;
export const DEFAULT_BODY_LIMIT = 1 * MIB;
/** A file upload (`PUT /bff/file`), streamed to the service: the service's own file size limit. */
export const FILE_UPLOAD_LIMIT = 64 * MIB;
