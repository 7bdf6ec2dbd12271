/**
 * Documents as the seed and DESIGN §4 give them: inline base64 content or metadata first and bytes through fileUrl,
 * field constraints, PATCH of groundTruth (whole array; null clears), DELETE, list order and filters.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentListSchema, documentSchema } from '@/contract';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient, hex32, type ApiClient } from '@/server/service/testing/http';
import { expect400 } from '@/server/service/testing/expect-error';

let svc: TestService;
let api: ApiClient;
let token: string;

beforeAll(async () => {
  svc = await startTestService();
  token = await svc.getToken();
  api = apiClient(svc.baseUrl, token);
});
afterAll(() => svc?.close());

const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('POST /documents', () => {
  it('stores inline base64 content; GET returns fileUrl (URL rule) and no content; the file URL serves the bytes', async () => {
    const created = await api.post('/documents', {
      content: PNG_BYTES.toString('base64'),
      contentType: 'image/png',
      name: 'scan.png',
      description: 'd',
      metadata: { src: 'test' },
      retentionInDays: 30,
      datasetId: `svc:dataset:${hex32('d')}`,
      consentId: `legacy:consent:${hex32('c')}`,
      groundTruth: [{ label: 'total', value: '10.00', pages: [0], rawValue: '10,00', confidence: 0.9 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const doc = documentSchema.parse(created.body);
    expect(doc.fileUrl).toMatch(/^http:\/\/localhost:\d+\/v1\/documents\/svc:document:[0-9a-f]{32}\/file$/);
    expect(created.body).not.toHaveProperty('content');
    expect(doc.contentMD5).toBe(createHash('md5').update(PNG_BYTES).digest('base64'));

    const got = await api.get(`/documents/${doc.documentId}`);
    expect(got.body).not.toHaveProperty('content');
    expect(got.body.groundTruth).toEqual(doc.groundTruth);

    const file = await fetch(doc.fileUrl!, { headers: { authorization: `Bearer ${token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG_BYTES);
    expect((await fetch(doc.fileUrl!)).status).toBe(401);
  });

  it('metadata first, then PUT raw bytes to fileUrl with the bearer token', async () => {
    const { body: doc } = await api.post('/documents', { name: 'later.pdf', contentType: 'application/pdf' });
    const missing = await fetch(doc.fileUrl, { headers: { authorization: `Bearer ${token}` } });
    expect(missing.status).toBe(404);
    const bytes = Buffer.from('%PDF-1.4\n%%EOF\n');
    const put = await fetch(doc.fileUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
      body: bytes,
    });
    expect(put.status).toBe(200);
    expect(documentSchema.parse(await put.json()).contentMD5).toEqual(expect.any(String));
    const file = await fetch(doc.fileUrl, { headers: { authorization: `Bearer ${token}` } });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
  });

  it('a PUT without a known content type on a document without one is refused', async () => {
    const { body: doc } = await api.post('/documents', { name: 'untyped' });
    const put = await fetch(doc.fileUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(put.status).toBe(400);
    expect(((await put.json()) as { message: string }).message).toMatch(/Content-Type/);
  });

  it('content: 1..6,250,000 characters, base64, and contentType required with it', async () => {
    await expect400(api.post('/documents', { content: '', contentType: 'image/png' }), 'content');
    await expect400(api.post('/documents', { content: 'QUJD' }), 'contentType');
    await expect400(api.post('/documents', { content: 'not base64!', contentType: 'image/png' }), 'content');
    // The seed's lower bound is one character; unpadded base64 of any length is accepted.
    for (const content of ['A', 'QUI', 'QUJD', 'QQ==']) {
      expect((await api.post('/documents', { content, contentType: 'image/png' })).status, content).toBe(200);
    }
    const atLimit = 'A'.repeat(6_250_000);
    expect((await api.post('/documents', { content: atLimit, contentType: 'image/tiff' })).status).toBe(200);
    await expect400(api.post('/documents', { content: `${atLimit}A`, contentType: 'image/tiff' }), 'content');
  });

  it.each([
    ['contentType', { contentType: 'text/plain' }],
    ['retentionInDays', { retentionInDays: 0 }],
    ['retentionInDays', { retentionInDays: 1826 }],
    ['retentionInDays', { retentionInDays: 1.5 }],
    ['name', { name: 'x'.repeat(4097) }],
    ['description', { description: 'x'.repeat(4097) }],
    ['datasetId', { datasetId: `svc:dataset:${'X'.repeat(32)}` }],
    ['consentId', { consentId: `svc:consent:${hex32()}` }],
    ['agentRunId', { agentRunId: 'svc:agent:a/svc:ran:b' }],
    ['groundTruth', { groundTruth: [{ label: 'a', value: 'b', pages: ['one'] }] }],
    ['groundTruth', { groundTruth: { label: 'a' } }],
    ['documentId', { documentId: `svc:document:${hex32()}` }],
  ])('refuses a bad %s', async (field, body) => {
    await expect400(api.post('/documents', { name: 'bad', ...body }), field);
  });

  it('accepts the boundaries: retention 1 and 1825, every content type, an agentRunId with an organization prefix', async () => {
    for (const retentionInDays of [1, 1825])
      expect((await api.post('/documents', { retentionInDays })).status).toBe(200);
    for (const contentType of [
      'application/pdf',
      'image/jpeg',
      'image/png',
      'image/tiff',
      'image/webp',
      'message/rfc822',
    ]) {
      expect((await api.post('/documents', { contentType })).status).toBe(200);
    }
    const agentRunId = `legacy:organization:acme-1/svc:agent:a_b-1/svc:run:x9`;
    expect((await api.post('/documents', { agentRunId })).body.agentRunId).toBe(agentRunId);
  });
});

describe('PATCH and DELETE /documents/{documentId}', () => {
  it('groundTruth replaces the whole array; null clears it; other fields stay', async () => {
    const { body: doc } = await api.post('/documents', {
      name: 'gt',
      groundTruth: [
        { label: 'a', value: '1' },
        { label: 'b', value: '2' },
      ],
    });
    const replaced = await api.patch(`/documents/${doc.documentId}`, {
      groundTruth: [{ label: 'c', value: '3', pages: [1, 2], rawValue: '3', confidence: 0.5 }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.groundTruth).toEqual([
      { label: 'c', value: '3', pages: [1, 2], rawValue: '3', confidence: 0.5 },
    ]);
    expect(replaced.body.name).toBe('gt');
    const cleared = await api.patch(`/documents/${doc.documentId}`, { groundTruth: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.groundTruth ?? []).toEqual([]);
  });

  it('PATCH checks retention, dataset and lengths, refuses content, unknown fields and an empty body', async () => {
    const { body: doc } = await api.post('/documents', { name: 'p' });
    await expect400(api.patch(`/documents/${doc.documentId}`, { retentionInDays: 1826 }), 'retentionInDays');
    await expect400(api.patch(`/documents/${doc.documentId}`, { datasetId: 'x' }), 'datasetId');
    await expect400(api.patch(`/documents/${doc.documentId}`, { name: 'x'.repeat(4097) }), 'name');
    await expect400(api.patch(`/documents/${doc.documentId}`, { content: 'QUJD' }), 'content');
    await expect400(api.patch(`/documents/${doc.documentId}`, {}), /empty|at least one/i);
    const ok = await api.patch(`/documents/${doc.documentId}`, {
      retentionInDays: 1825,
      metadata: { x: 1 },
      datasetId: `legacy:dataset:${hex32('e')}`,
      description: null,
    });
    expect(ok.status).toBe(200);
    expect(documentSchema.parse(ok.body)).toMatchObject({ retentionInDays: 1825, metadata: { x: 1 } });
  });

  it('DELETE returns the document; it and its file are gone', async () => {
    const { body: doc } = await api.post('/documents', {
      content: PNG_BYTES.toString('base64'),
      contentType: 'image/png',
    });
    const deleted = await api.delete(`/documents/${doc.documentId}`);
    expect(deleted.status).toBe(200);
    expect(documentSchema.parse(deleted.body).documentId).toBe(doc.documentId);
    expect((await api.get(`/documents/${doc.documentId}`)).status).toBe(404);
    expect((await fetch(doc.fileUrl, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  });
});

describe('GET /documents', () => {
  it('orders by createdTime both ways, filters by dataset and consent, pages without duplicates', async () => {
    const dataset = `svc:dataset:${hex32('f')}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await api.post('/documents', { name: `ds-${i}`, datasetId: dataset })).body.documentId);
    const asc = documentListSchema.parse(
      (await api.get(`/documents?datasetId=${dataset}&sortBy=createdTime&order=ascending`)).body,
    );
    expect(asc.documents.map((d) => d.documentId)).toEqual(ids);
    const desc = documentListSchema.parse(
      (await api.get(`/documents?datasetId=${dataset}&sortBy=createdTime&order=descending`)).body,
    );
    expect(desc.documents.map((d) => d.documentId)).toEqual([...ids].reverse());

    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page: { body: { documents: { documentId: string }[]; nextToken: string | null } } = await api.get(
        `/documents?datasetId=${dataset}&maxResults=2${next ? `&nextToken=${encodeURIComponent(next)}` : ''}`,
      );
      seen.push(...page.body.documents.map((d) => d.documentId));
      next = page.body.nextToken;
    } while (next);
    expect(seen).toEqual(ids);

    const consent = `legacy:consent:${hex32('9')}`;
    const withConsent = (await api.post('/documents', { consentId: consent })).body.documentId;
    expect(
      (await api.get(`/documents?consentId=${consent}`)).body.documents.map(
        (d: { documentId: string }) => d.documentId,
      ),
    ).toEqual([withConsent]);
    await expect400(api.get('/documents?order=sideways'), 'order');
    await expect400(api.get('/documents?datasetId=nope'), 'datasetId');
  });
});
