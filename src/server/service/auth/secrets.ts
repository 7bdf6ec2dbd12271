/** Client secrets: random, shown once, stored only as scrypt hashes (../../shared/scrypt-hash). */
import { createHash, randomBytes } from 'node:crypto';
import { isScryptHash, scryptHash, scryptVerify } from '@/server/shared/scrypt-hash';

/** Secrets are 32 random bytes, so a lighter cost than a password's keeps the token endpoint quick. */
const SECRET_COST = { N: 16384, r: 8, p: 1, keyLength: 32 };

export function generateClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function generateClientId(): string {
  return randomBytes(16).toString('hex');
}

export function hashSecret(secret: string): Promise<string> {
  return scryptHash(secret, SECRET_COST);
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
  const usable = isScryptHash(stored);
  const matches = await scryptVerify(secret, usable ? stored : await dummy());
  return usable && matches;
}

/** Access tokens are random; only their sha256 is stored. */
export function generateAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
