/**
 * Secrets stored as scrypt hashes `scrypt$N$r$p$salt$key`: operator passwords (BFF) and app client secrets
 * (service). Salt and key are base64; the service's older hashes in base64url verify too (Node's base64 decoder reads
 * both alphabets), and the key length is the stored key's, so every hash written so far still verifies.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

/** Room for N up to 2^17 at r 8: stored hashes cannot make verification allocate more. */
const MAX_MEMORY = 128 * 1024 * 1024;

function derive(secret: string, salt: Buffer, { N, r, p, keyLength }: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, keyLength, { N, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function scryptHash(secret: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string | null | undefined): ParsedHash | undefined {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const key = Buffer.from(parts[5], 'base64');
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (
    !powerOfTwo ||
    !Number.isInteger(r) ||
    r < 1 ||
    !Number.isInteger(p) ||
    p < 1 ||
    salt.length === 0 ||
    key.length === 0
  ) {
    return undefined;
  }
  return { cost: { N, r, p, keyLength: key.length }, salt, key };
}

/** Whether `stored` is a hash this module can check. */
export function isScryptHash(stored: string | null | undefined): boolean {
  return parse(stored) !== undefined;
}

/** Constant-time comparison; false for a malformed hash (without doing the work: callers that must hide it use a decoy). */
export async function scryptVerify(secret: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  try {
    const actual = await derive(secret, parsed.salt, parsed.cost);
    return timingSafeEqual(actual, parsed.key);
  } catch {
    // Parameters scrypt refuses (a hand-edited file): nothing can match.
    return false;
  }
}
