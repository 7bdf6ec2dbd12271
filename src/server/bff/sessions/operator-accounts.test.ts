/**
 * Operator accounts in `<data>/bff/operators.json` are changed by operator CLIs and BFFs sharing one data dir: changes
 * made at the same time are all kept (each reads, changes and writes the file under a lock).
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { FileOperatorAccounts } from '@/server/bff/sessions/operator-accounts';
import { freshDataDir } from '@/server/bff/testing/bff-harness';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const PASSWORD = 'correct horse battery';

it('accounts added at the same time by several writers are all kept, and each can sign in', async () => {
  const dataDir = freshDataDir();
  dirs.push(dataDir);
  // One store per writer, as separate CLI processes would have.
  const names = ['ann', 'bob', 'cy', 'dee', 'eve', 'flo'];
  await Promise.all(names.map((name) => new FileOperatorAccounts(dataDir).add(name, 'reviewer', PASSWORD)));
  const store = new FileOperatorAccounts(dataDir);
  expect((await store.list()).map((o) => o.name).sort()).toEqual(names);
  for (const name of names) expect(await store.verify(name, PASSWORD)).toMatchObject({ name });
  // No lock is left behind.
  expect(readdirSync(join(dataDir, 'bff')).filter((file) => file.includes('lock'))).toEqual([]);
});

it('a removal and an addition at the same time both take effect; a second add of one name is refused', async () => {
  const dataDir = freshDataDir();
  dirs.push(dataDir);
  await new FileOperatorAccounts(dataDir).add('old', 'viewer', PASSWORD);
  const [removed] = await Promise.all([
    new FileOperatorAccounts(dataDir).remove('old'),
    new FileOperatorAccounts(dataDir).add('new', 'admin', PASSWORD),
  ]);
  expect(removed).toBe(true);
  expect((await new FileOperatorAccounts(dataDir).list()).map((o) => o.name)).toEqual(['new']);
  await expect(new FileOperatorAccounts(dataDir).add('new', 'viewer', PASSWORD)).rejects.toThrow(
    'operator "new" already exists',
  );
});
