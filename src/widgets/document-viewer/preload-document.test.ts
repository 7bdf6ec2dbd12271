/** Preloaded documents against a fake fetch and opener: fetched once, handed over once, let go when dropped. */
import { afterEach, describe, expect, it } from 'vitest';
import type { PagedDocument } from './paged-document';
import {
  dropPreloadedDocument,
  loadPreloadedDocumentFile,
  openPreloadedDocument,
  preloadDocument,
  preloadedDocumentFiles,
} from './preload-document';
import type { DocumentSource } from './viewer-types';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function fakeFetch() {
  const urls: string[] = [];
  const fetch = (async (url: string) => {
    urls.push(url);
    return new Response(PNG.slice(), { status: 200, headers: { 'content-type': 'image/png' } });
  }) as typeof globalThis.fetch;
  return { fetch, urls };
}

/** An opener that records what it opened and which documents were destroyed. */
function fakeOpener() {
  const opened: DocumentSource[] = [];
  const destroyed: DocumentSource[] = [];
  const open = async (source: DocumentSource) => {
    opened.push(source);
    return { kind: 'image', pageCount: 1, destroy: () => void destroyed.push(source) } as unknown as PagedDocument;
  };
  return { open, opened, destroyed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  for (const url of preloadedDocumentFiles()) dropPreloadedDocument(url);
});

describe('preloadDocument', () => {
  it('fetches and opens the file once; the viewer then gets that very source and its opened document', async () => {
    const { fetch, urls } = fakeFetch();
    const { open, opened } = fakeOpener();
    preloadDocument('https://files.example.com/a', { contentType: 'image/png', name: 'a.png', fetch, open });
    preloadDocument('https://files.example.com/a', { contentType: 'image/png', name: 'a.png', fetch, open });
    await settle();
    expect(urls).toHaveLength(1);
    expect(opened).toHaveLength(1);

    const source = await loadPreloadedDocumentFile('https://files.example.com/a', {
      contentType: 'image/png',
      name: 'a.png',
      fetch: () => Promise.reject(new Error('fetched again')),
    });
    expect(source).toBe(opened[0]);
    const doc = await openPreloadedDocument(source, new AbortController().signal);
    expect(doc.kind).toBe('image');
    // Handed over once: nothing is left preloaded.
    expect(preloadedDocumentFiles()).toEqual([]);
  });

  it('lets go of a dropped preload: its opened document is destroyed and the viewer fetches for itself', async () => {
    const { fetch, urls } = fakeFetch();
    const { open, destroyed } = fakeOpener();
    preloadDocument('https://files.example.com/b', { contentType: 'image/png', fetch, open });
    await settle();
    dropPreloadedDocument('https://files.example.com/b');
    await settle();
    expect(destroyed).toHaveLength(1);
    await loadPreloadedDocumentFile('https://files.example.com/b', { contentType: 'image/png', fetch });
    expect(urls).toHaveLength(2);
  });

  it('holds at most three files, letting the oldest go', async () => {
    const { fetch } = fakeFetch();
    const { open, destroyed } = fakeOpener();
    for (const name of ['1', '2', '3', '4']) {
      preloadDocument(`https://files.example.com/${name}`, { contentType: 'image/png', fetch, open });
      await settle();
    }
    await settle();
    expect(preloadedDocumentFiles()).toEqual(['2', '3', '4'].map((name) => `https://files.example.com/${name}`));
    expect(destroyed).toHaveLength(1);
  });

  it('keeps the file of the screen opening now over files got ready ahead after it', async () => {
    const { fetch } = fakeFetch();
    const { open } = fakeOpener();
    const url = (name: string) => `https://files.example.com/${name}`;
    preloadDocument(url('ahead-1'), { contentType: 'image/png', fetch, open });
    preloadDocument(url('opening'), { contentType: 'image/png', fetch, open, openingNow: true });
    for (const name of ['ahead-2', 'ahead-3', 'ahead-4']) {
      preloadDocument(url(name), { contentType: 'image/png', fetch, open });
    }
    await settle();
    expect(preloadedDocumentFiles()).toEqual(['opening', 'ahead-3', 'ahead-4'].map(url));
    // The next screen opening takes the mark: the earlier one is an ordinary file again.
    preloadDocument(url('opening-2'), { contentType: 'image/png', fetch, open, openingNow: true });
    expect(preloadedDocumentFiles()).toEqual(['ahead-3', 'ahead-4', 'opening-2'].map(url));
  });

  it('a viewer that stops before opening lets the preloaded document go; a viewer that took it keeps it', async () => {
    const { fetch } = fakeFetch();
    const { open, destroyed } = fakeOpener();
    preloadDocument('https://files.example.com/c', { contentType: 'image/png', fetch, open });
    preloadDocument('https://files.example.com/d', { contentType: 'image/png', fetch, open });
    await settle();

    const stopped = new AbortController();
    await loadPreloadedDocumentFile('https://files.example.com/c', {
      contentType: 'image/png',
      signal: stopped.signal,
    });
    stopped.abort();
    await settle();
    expect(destroyed).toHaveLength(1);

    const kept = new AbortController();
    const source = await loadPreloadedDocumentFile('https://files.example.com/d', {
      contentType: 'image/png',
      signal: kept.signal,
    });
    await openPreloadedDocument(source, new AbortController().signal);
    kept.abort();
    await settle();
    expect(destroyed).toHaveLength(1);
  });

  it('does not preload again a file a viewer shows, until that viewer stops', async () => {
    const { fetch, urls } = fakeFetch();
    const { open } = fakeOpener();
    preloadDocument('https://files.example.com/f', { contentType: 'image/png', fetch, open });
    await settle();
    const viewer = new AbortController();
    await loadPreloadedDocumentFile('https://files.example.com/f', { contentType: 'image/png', signal: viewer.signal });
    preloadDocument('https://files.example.com/f', { contentType: 'image/png', fetch, open });
    await settle();
    expect(urls).toHaveLength(1);
    viewer.abort();
    preloadDocument('https://files.example.com/f', { contentType: 'image/png', fetch, open });
    await settle();
    expect(urls).toHaveLength(2);
  });

  it('is not used for another content type than the one preloaded', async () => {
    const { fetch, urls } = fakeFetch();
    const { open } = fakeOpener();
    preloadDocument('https://files.example.com/e', { contentType: 'image/png', fetch, open });
    await settle();
    await loadPreloadedDocumentFile('https://files.example.com/e', { contentType: 'image/jpeg', fetch });
    expect(urls).toHaveLength(2);
  });
});
