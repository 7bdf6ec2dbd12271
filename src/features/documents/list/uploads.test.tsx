/**
 * Uploading from the documents screen, as an operator sees it and as the BFF receives it: each file is
 * `POST /api/documents` then its bytes `PUT /bff/file?url=<fileUrl>`, three at a time with the others waiting; a
 * cancelled upload removes the document it created and says so; a file of no supported type is never sent.
 * The requests are answered by the test (XHR and fetch stand-ins), one by one, in the order it chooses.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentSchema } from '@/contract';
import { renderInConsole } from '@/components/testing/render-in-console';
import { UploadList, UploadZone } from './uploads-panel';
import { useUploads } from './use-uploads';

function Uploads() {
  const uploads = useUploads({});
  return (
    <>
      <UploadZone onFiles={uploads.add} />
      <UploadList
        uploads={uploads.uploads}
        onRetry={uploads.retry}
        onCancel={uploads.cancel}
        onDismiss={uploads.dismiss}
        onClear={uploads.clearFinished}
      />
    </>
  );
}

/** An XMLHttpRequest the test answers. */
class TestXhr {
  static sent: TestXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  send(body: unknown) {
    this.body = body;
    TestXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

let documents = 0;
function newDocument(name: string) {
  const documentId = `svc:document:${(++documents).toString(16).padStart(32, '0')}`;
  return documentSchema.parse({
    documentId,
    name,
    description: null,
    contentType: 'application/pdf',
    fileUrl: `http://localhost:8788/v1/documents/${documentId}/file`,
    createdTime: '2026-03-01T10:00:00.000Z',
    updatedTime: null,
    createdBy: null,
    updatedBy: null,
  });
}

const pdf = (name: string) => new File(['%PDF-1.4\n% a test file\n'], name, { type: 'application/pdf' });
const requests = (method: string, path: string) =>
  TestXhr.sent.filter((x) => x.method === method && x.url.split('?')[0] === path);
const statusOf = (name: string) =>
  within(screen.getByRole('listitem', { name: `Upload of ${name}` })).getAllByRole('status')[0].textContent;

let fetchCalls: { url: string; method: string }[];
beforeEach(() => {
  TestXhr.sent = [];
  fetchCalls = [];
  vi.stubGlobal('XMLHttpRequest', TestXhr);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    fetchCalls.push({ url, method: init.method ?? 'GET' });
    const deleted = newDocument('deleted');
    return new Response(JSON.stringify(deleted), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('uploads', () => {
  it('sends three files at once, each as POST /documents then its bytes to its fileUrl; the fourth waits its turn', async () => {
    const user = userEvent.setup();
    renderInConsole(<Uploads />);
    const files = ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'].map(pdf);
    await user.upload(await screen.findByLabelText('Files to upload'), files);

    await waitFor(() => expect(requests('POST', '/api/documents')).toHaveLength(3));
    const posts = requests('POST', '/api/documents');
    expect(posts.map((x) => JSON.parse(String(x.body)))).toEqual([
      { contentType: 'application/pdf', name: 'a.pdf' },
      { contentType: 'application/pdf', name: 'b.pdf' },
      { contentType: 'application/pdf', name: 'c.pdf' },
    ]);
    expect(posts[0].headers['X-CSRF']).toBe('1');
    expect(posts[0].headers['Idempotency-Key']).toMatch(/\S{16,}/);
    expect(statusOf('d.pdf')).toBe('Waiting');

    const created = posts.map((post) => newDocument(JSON.parse(String(post.body)).name));
    posts.forEach((post, i) => post.answer(200, created[i]));
    await waitFor(() => expect(TestXhr.sent.filter((x) => x.method === 'PUT')).toHaveLength(3));
    const puts = TestXhr.sent.filter((x) => x.method === 'PUT');
    expect(puts[0].url).toBe(`/bff/file?url=${encodeURIComponent(created[0].fileUrl!)}`);
    expect(puts[0].headers['Content-Type']).toBe('application/pdf');
    expect(puts[0].body).toBe(files[0]);
    expect(requests('POST', '/api/documents')).toHaveLength(3);

    puts[0].answer(200, created[0]);
    await waitFor(() => expect(statusOf('a.pdf')).toBe('Uploaded'));
    // One place is free: the waiting file goes now.
    await waitFor(() => expect(requests('POST', '/api/documents')).toHaveLength(4));
    const uploaded = within(screen.getByRole('listitem', { name: 'Upload of a.pdf' }));
    expect(uploaded.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(
      `/documents/${encodeURIComponent(created[0].documentId)}`,
    );
  });

  it('Cancel during the upload removes the document it created, and says so', async () => {
    const user = userEvent.setup();
    renderInConsole(<Uploads />);
    await user.upload(await screen.findByLabelText('Files to upload'), [pdf('scan.pdf')]);
    await waitFor(() => expect(requests('POST', '/api/documents')).toHaveLength(1));
    const created = newDocument('scan.pdf');
    requests('POST', '/api/documents')[0].answer(200, created);
    await waitFor(() => expect(TestXhr.sent.filter((x) => x.method === 'PUT')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Cancel the upload of scan.pdf' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Cancelled. The document created for it was removed.',
    );
    expect(fetchCalls).toEqual([{ url: `/api/documents/${created.documentId}`, method: 'DELETE' }]);
    expect(statusOf('scan.pdf')).toBe('Cancelled');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('refuses a file of no supported type without sending anything', async () => {
    // The chooser filters by type; a dropped file is not filtered: let this one through as a drop would.
    const user = userEvent.setup({ applyAccept: false });
    renderInConsole(<Uploads />);
    const notes = new File(['just some words'], 'notes.txt', { type: 'text/plain' });
    await user.upload(await screen.findByLabelText('Files to upload'), [notes]);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Not a supported type (text/plain): upload PDF, JPEG, PNG, TIFF, WEBP or email (.eml).',
    );
    expect(statusOf('notes.txt')).toBe('Not sent');
    expect(TestXhr.sent).toEqual([]);
    expect(fetchCalls).toEqual([]);
  });
});
