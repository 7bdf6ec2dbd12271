/**
 * Reading a whole (small) answer of the service: the token endpoint's, a filtered list's, the session's organization.
 * Below every folder that calls the service, so none of them reaches into the proxy for it.
 */
import type { IncomingMessage } from 'node:http';

/** Reads a whole (small) response body, refusing more than `limit` bytes. */
export async function readResponseBody(response: IncomingMessage, limit = 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      response.destroy();
      throw new Error(`response body larger than ${limit} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
