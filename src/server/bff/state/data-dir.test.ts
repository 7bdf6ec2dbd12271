/**
 * The BFF's own files (`<dataDir>/bff`: operator accounts, sessions, launch links, audit log) are its user's alone:
 * the directory is created 0700, and one other local users can open is refused with the chmod that fixes it — by
 * the BFF at start and by the operator CLI's writes alike.
 */
import { chmodSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { FileOperatorAccounts } from '@/server/bff/sessions/operator-accounts';
import { freshDataDir, startBff } from '@/server/bff/testing/bff-harness';

const upstream = { baseUrl: 'http://127.0.0.1:9/v1', authUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's' };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = freshDataDir();
  dirs.push(dir);
  return dir;
}

it('creates a new data dir and its bff dir 0700', async () => {
  const dataDir = join(scratch(), 'nested', 'data');
  const running = await startBff(upstream, { dataDir });
  await running.close();
  expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
  expect((statSync(join(dataDir, 'bff')).mode & 0o777).toString(8)).toBe('700');
});

it('refuses to start on a bff dir other users can read, naming the chmod', async () => {
  const dataDir = scratch();
  const bffDir = join(dataDir, 'bff');
  mkdirSync(bffDir);
  chmodSync(bffDir, 0o755);
  await expect(startBff(upstream, { dataDir })).rejects.toThrow(
    `BFF data dir ${bffDir} is readable and searchable by its group, readable and searchable by other users (mode 0755): run chmod 700 ${bffDir}`,
  );
  expect(readdirSync(bffDir)).toEqual([]);
});

it('the operator CLI refuses to write accounts into a bff dir its group can write', async () => {
  const dataDir = scratch();
  const bffDir = join(dataDir, 'bff');
  mkdirSync(bffDir);
  chmodSync(bffDir, 0o770);
  await expect(new FileOperatorAccounts(dataDir).add('ops', 'admin', 'a long enough password')).rejects.toThrow(
    `run chmod 700 ${bffDir}`,
  );
  expect(readdirSync(bffDir)).toEqual([]);
});
