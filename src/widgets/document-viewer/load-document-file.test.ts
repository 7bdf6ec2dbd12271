/** loadDocumentFile against a fake fetch: files up to 64 MiB, PDFs by range, the BFF's refusal shown as it is. */
import { describe, expect, it } from 'vitest';
import { loadDocumentFile } from './load-document-file';

const MIB = 1024 * 1024;
const FILE_URL = 'https://files.example.com/doc-1';

type Call = { url: string; headers: Record<string, string> };

function fakeFetch(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const call = { url, headers: init.headers as Record<string, string> };
    calls.push(call);
    return answer(call);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('loadDocumentFile', () => {
  it('asks for the first 64 KiB of a PDF and, when the server answers by range, hands pdf.js the URL and size', async () => {
    let cancelled = false;
    const { fetch, calls } = fakeFetch(
      () =>
        new Response(
          new ReadableStream({
            pull: (controller) => controller.enqueue(new Uint8Array(64 * 1024)),
            cancel: () => void (cancelled = true),
          }),
          { status: 206, headers: { 'content-range': `bytes 0-65535/${60 * MIB}`, 'content-type': 'application/pdf' } },
        ),
    );
    const source = await loadDocumentFile(FILE_URL, { contentType: 'application/pdf', fetch });
    expect(calls[0].headers).toMatchObject({ 'X-CSRF': '1', Range: 'bytes=0-65535' });
    expect(source).toEqual({
      url: `/bff/file?url=${encodeURIComponent(FILE_URL)}`,
      length: 60 * MIB,
      contentType: 'application/pdf',
      name: undefined,
    });
    expect(cancelled).toBe(true);
  });

  it('reads a small PDF whole from the ranged answer, and the whole body when the server ignores the range', async () => {
    const small = fakeFetch(
      () => new Response(new Uint8Array(1000), { status: 206, headers: { 'content-range': 'bytes 0-999/1000' } }),
    );
    expect((await loadDocumentFile(FILE_URL, { contentType: 'application/pdf', fetch: small.fetch })).bytes).toEqual(
      new Uint8Array(1000).buffer,
    );
    const whole = fakeFetch(() => new Response(new Uint8Array(5 * MIB), { status: 200 }));
    const source = await loadDocumentFile(FILE_URL, { contentType: 'application/pdf', fetch: whole.fetch });
    expect(source.bytes?.byteLength).toBe(5 * MIB);
  });

  it('shows files larger than an inline document (4.47 MB) up to 64 MiB, and explains larger ones', async () => {
    const png = fakeFetch(() => new Response(new Uint8Array(20 * MIB), { status: 200 }));
    const source = await loadDocumentFile(FILE_URL, { contentType: 'image/png', fetch: png.fetch });
    expect(source.bytes?.byteLength).toBe(20 * MIB);
    expect(png.calls[0].headers.Range).toBeUndefined();
    const huge = fakeFetch(
      () => new Response(null, { status: 206, headers: { 'content-range': `bytes 0-65535/${64 * MIB + 1}` } }),
    );
    await expect(loadDocumentFile(FILE_URL, { contentType: 'application/pdf', fetch: huge.fetch })).rejects.toThrow(
      /up to 64 MB \(64 MiB\)/,
    );
  });

  it("shows the console server's refusal as it is (a file origin not in DPS_FILE_ORIGINS)", async () => {
    const message = 'The file URL’s origin https://files.example.com is not one … add it to DPS_FILE_ORIGINS';
    const refused = fakeFetch(() => Response.json({ message }, { status: 400 }));
    await expect(loadDocumentFile(FILE_URL, { contentType: 'application/pdf', fetch: refused.fetch })).rejects.toThrow(
      `The document could not be fetched: ${message}`,
    );
  });
});
