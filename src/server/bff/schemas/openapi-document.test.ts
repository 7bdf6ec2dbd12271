/**
 * `GET /bff/openapi.json`: the BFF's own endpoints, generated from the schemas its routes declare; no session needed,
 * nothing of the `/api/*` pass-through and no secret in it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bffsOnEachStore } from '@/server/bff/testing/bffs-on-each-store';
import { TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses?: Record<string, unknown>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** Every route the BFF serves under /bff, by method. */
const BFF_ROUTES = {
  '/bff/session': ['get'],
  '/bff/login': ['post'],
  '/bff/logout': ['post'],
  '/bff/launch': ['get'],
  '/bff/sessions': ['delete', 'get'],
  '/bff/sessions/{handle}': ['delete'],
  '/bff/audit': ['get'],
  '/bff/review/holds': ['get', 'post'],
  '/bff/review/next': ['post'],
  '/bff/review/holds/{runId}': ['delete'],
  '/bff/review/holds/{runId}/keep-alive': ['post'],
  '/bff/review/holds/{runId}/take-over': ['post'],
  '/bff/review/team': ['get'],
  '/bff/review/settings': ['get', 'put'],
  '/bff/file': ['get', 'put'],
};

const bffs = bffsOnEachStore();

describe('the BFF OpenAPI document', () => {
  let bff: RunningBff;
  let document: Document;
  let text: string;
  beforeAll(async () => {
    bff = await bffs.start('files');
    // A browser with no session and no X-CSRF: the document is public.
    const reply = await new TestBrowser(bff.origin).request('/bff/openapi.json', { noCsrf: true });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    text = reply.text;
    document = reply.json<Document>();
  });

  it('describes every /bff route and nothing else', () => {
    expect(document.openapi).toBe('3.1.0');
    const described = Object.fromEntries(
      Object.entries(document.paths).map(([path, item]) => [path, Object.keys(item).sort()]),
    );
    expect(described).toEqual(BFF_ROUTES);
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/bff/'))).toEqual([]);
  });

  it('declares the requests from the contract', () => {
    const audit = document.paths['/bff/audit'].get.parameters!.map((p) => `${p.in}:${p.name}`);
    expect(audit.sort()).toEqual(
      ['after', 'before', 'cursor', 'limit', 'method', 'operator', 'path'].map((name) => `query:${name}`),
    );
    const login = document.paths['/bff/login'].post.requestBody!.content['application/json'].schema;
    expect(login.required?.sort()).toEqual(['name', 'password']);
    expect(document.paths['/bff/sessions/{handle}'].delete.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'handle', required: true }),
    ]);
    expect(document.paths['/bff/session'].get.responses).toHaveProperty('200');
  });

  it('holds no secret of the BFF', () => {
    expect(text).not.toContain(bff.bff.config.upstream.clientSecret);
    expect(text).not.toContain(bff.bff.config.upstream.clientId);
  });
});
