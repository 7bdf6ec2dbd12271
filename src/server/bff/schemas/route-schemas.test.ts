/**
 * The BFF's own routes check their input against the contract's schemas: a 400 `{message}` naming the field and the
 * rule, before the handler runs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bffsOnEachStore } from '@/server/bff/testing/bffs-on-each-store';
import { TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const PASSWORD = 'correct-horse-battery';
const bffs = bffsOnEachStore();

describe('schema-checked input', () => {
  let bff: RunningBff;
  let admin: TestBrowser;
  beforeAll(async () => {
    bff = await bffs.start('files');
    await bff.addOperator('ned', 'admin', PASSWORD);
    admin = new TestBrowser(bff.origin);
    expect((await admin.login('ned', PASSWORD)).status).toBe(200);
  });

  const refusal = async (reply: Promise<{ status: number; json<T>(): T }>) => {
    const answer = await reply;
    expect(answer.status).toBe(400);
    return answer.json<{ message: string }>().message;
  };

  it('refuses a repeated audit filter naming the parameter', async () => {
    expect(await refusal(admin.request('/bff/audit?limit=5&limit=6'))).toMatch(/^limit /);
    expect(await refusal(admin.request('/bff/audit?after=yesterday'))).toBe(
      'after must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T09:00:00Z',
    );
  });

  it('names the sign-in field that is missing or not a string', async () => {
    expect(await refusal(admin.json('/bff/login', 'POST', { name: 'ned' }))).toBe('password is required');
    expect(await refusal(admin.json('/bff/login', 'POST', { name: 7, password: PASSWORD }))).toMatch(/^name /);
    expect(await refusal(admin.json('/bff/login', 'POST', null))).toBe('body must be a JSON object');
  });

  it('says which sessions to end when the query names both or neither', async () => {
    const rule = 'query must say which sessions to end: others=1 (your other sessions) or operator=<name> (admins)';
    expect(await refusal(admin.request('/bff/sessions', { method: 'DELETE' }))).toBe(rule);
    expect(await refusal(admin.request('/bff/sessions?others=1&operator=ned', { method: 'DELETE' }))).toBe(rule);
    expect(await refusal(admin.request('/bff/sessions?others=2', { method: 'DELETE' }))).toBe('others must be 1');
  });

  it('names the missing file URL', async () => {
    expect(await refusal(admin.request('/bff/file'))).toBe('url is required');
  });

  it('sends a malformed launch link to the sign-in page, not a 400', async () => {
    const reply = await new TestBrowser(bff.origin).request('/bff/launch?token=a&token=b', { noCsrf: true });
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe('/sign-in?error=launch-link');
  });
});
