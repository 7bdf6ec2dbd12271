/** Client secrets: random, shown once, stored only as scrypt hashes `scrypt$N$r$p$salt$hash` (base64url). */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scryptAsync(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export function generateClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function generateClientId(): string {
  return randomBytes(16).toString('hex');
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * A hash of a random secret nobody knows, with the same parameters as real ones: an unknown client id (or a client
 * without a secret) is checked against it, so it costs the same scrypt and takes the same path as a wrong secret.
 */
let dummyHash: Promise<string> | undefined;
function dummy(): Promise<string> {
  dummyHash ??= hashSecret(generateClientSecret());
  return dummyHash;
}

/** Makes the dummy hash ahead of the first request, so the first unknown client id costs no extra scrypt. */
export async function prepareSecretChecks(): Promise<void> {
  await dummy();
}

/** Constant-time check; a missing or malformed hash is checked against the dummy one and is false. */
export async function verifySecret(secret: string, stored: string | null | undefined): Promise<boolean> {
  const usable = stored?.split('$').length === 6 && stored.startsWith('scrypt$');
  const [, n, r, p, salt, hash] = (usable ? stored : await dummy()).split('$');
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(secret, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return usable && expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Access tokens are random; only their sha256 is stored. */
export function generateAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
