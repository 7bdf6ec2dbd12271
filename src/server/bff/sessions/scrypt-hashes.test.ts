/**
 * Operator passwords (BFF) and app client secrets (service) share one scrypt module. Hashes written before it, in
 * either server's format, still verify: existing data dirs keep working.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashSecret, verifySecret } from '@/server/service/auth/secrets';
import { scryptHash, scryptVerify } from '@/server/shared/scrypt-hash';
import { FileOperatorAccounts } from './operator-accounts';
import { freshDataDir } from '@/server/bff/testing/bff-harness';

/** Made by the BFF's own scrypt code (N 2^15, 64-byte key, base64) for the password below. */
const OLD_OPERATOR_HASH =
  'scrypt$32768$8$1$sYVEyaJquWi5TYrzlGOsZQ==$KlGnEQNWY+0XogakXAz66KmLZmqTBHRwAENqge4IJb2IkpjyRFXs1pB77p5pQpc+/ymdT9I3eNePapeNb+5Cqg==';
const OLD_OPERATOR_PASSWORD = 'correct horse battery';
/** Made by the service's own scrypt code (N 2^14, 32-byte key, base64url) for the secret below. */
const OLD_CLIENT_SECRET_HASH = 'scrypt$16384$8$1$ZJWmqwS_mXs77vXVhKWbKw$_2uHEVFxVQ58D7VQwRNM0U-UK9t7f-JB3Xv_ao6-2Lo';
const OLD_CLIENT_SECRET = 'old-client-secret-0123456789';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('hashes written before the shared scrypt module', () => {
  it('an operator account from an existing data dir signs in with its password, and only with it', async () => {
    const dataDir = freshDataDir();
    dirs.push(dataDir);
    mkdirSync(join(dataDir, 'bff'), { mode: 0o700 });
    const account = {
      name: 'ann',
      role: 'admin',
      passwordHash: OLD_OPERATOR_HASH,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    writeFileSync(join(dataDir, 'bff', 'operators.json'), JSON.stringify({ operators: [account] }), { mode: 0o600 });
    const operators = new FileOperatorAccounts(dataDir);
    expect((await operators.verify('ann', OLD_OPERATOR_PASSWORD))?.name).toBe('ann');
    expect(await operators.verify('ann', `${OLD_OPERATOR_PASSWORD}!`)).toBeUndefined();
  });

  it('an app client secret hashed by the service before verifies, and a wrong one does not', async () => {
    expect(await verifySecret(OLD_CLIENT_SECRET, OLD_CLIENT_SECRET_HASH)).toBe(true);
    expect(await verifySecret(`${OLD_CLIENT_SECRET}x`, OLD_CLIENT_SECRET_HASH)).toBe(false);
    expect(await scryptVerify(OLD_OPERATOR_PASSWORD, OLD_OPERATOR_HASH)).toBe(true);
    expect(await scryptVerify(OLD_CLIENT_SECRET, OLD_CLIENT_SECRET_HASH)).toBe(true);
  });
});

describe('the shared scrypt module', () => {
  it('writes scrypt$N$r$p$salt$key with the cost asked for, and verifies what it wrote', async () => {
    const hash = await scryptHash('s3cret value', { N: 1024, r: 8, p: 1, keyLength: 32 });
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await scryptVerify('s3cret value', hash)).toBe(true);
    expect(await scryptVerify('s3cret valuE', hash)).toBe(false);
    expect(await verifySecret('another', await hashSecret('another'))).toBe(true);
  });

  it('a malformed or missing hash never verifies', async () => {
    for (const stored of [
      '',
      'scrypt$',
      'bcrypt$16384$8$1$abc$def',
      'scrypt$x$8$1$abc$def',
      'scrypt$16384$8$1$$def',
      'scrypt$1$8$1$abc$def',
    ]) {
      expect(await scryptVerify('anything', stored), stored).toBe(false);
    }
    expect(await verifySecret('anything', null)).toBe(false);
    expect(await verifySecret('anything', 'not a hash')).toBe(false);
  });
});
