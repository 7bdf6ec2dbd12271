/**
 * Operator accounts for shared deployments: `<data>/bff/operators.json`, passwords as scrypt hashes. Read on every
 * sign-in, so changes made with the operator CLI apply to running BFFs at once.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { join } from 'node:path';
import { bffDir, readJsonFile, writeFileAtomic } from './data-files';

export type OperatorRole = 'admin' | 'viewer';
export const OPERATOR_ROLES: readonly OperatorRole[] = ['admin', 'viewer'];

export interface OperatorAccount {
  name: string;
  role: OperatorRole;
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
}

interface OperatorsFile {
  operators: OperatorAccount[];
}

export const OPERATOR_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 64, maxmem: 128 * 1024 * 1024 };

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolvePromise, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolvePromise(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: SCRYPT.maxmem });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Checked against when the name is unknown, so a wrong name costs as much time as a wrong password. */
let decoyHash: Promise<string> | undefined;

export function validateOperatorName(name: unknown): string | undefined {
  if (typeof name !== 'string' || !OPERATOR_NAME_PATTERN.test(name)) {
    return 'name must be 1 to 64 characters: letters, digits, ".", "_", "@", "-", starting with a letter or digit';
  }
  return undefined;
}

export function validatePassword(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    return `password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`;
  }
  return undefined;
}

export class OperatorAccounts {
  private readonly path: string;

  constructor(dataDir: string) {
    this.path = join(bffDir(dataDir), 'operators.json');
  }

  async list(): Promise<OperatorAccount[]> {
    const file = await readJsonFile<OperatorsFile>(this.path);
    return file?.operators ?? [];
  }

  private async save(operators: OperatorAccount[]): Promise<void> {
    await writeFileAtomic(this.path, `${JSON.stringify({ operators }, null, 2)}\n`);
  }

  async add(name: string, role: OperatorRole, password: string): Promise<OperatorAccount> {
    const problem = validateOperatorName(name) ?? validatePassword(password);
    if (problem) throw new Error(problem);
    if (!OPERATOR_ROLES.includes(role)) throw new Error('role must be admin or viewer');
    const operators = await this.list();
    if (operators.some((o) => o.name === name)) throw new Error(`operator "${name}" already exists`);
    const now = new Date().toISOString();
    const account: OperatorAccount = { name, role, passwordHash: await hashPassword(password), createdAt: now, updatedAt: now };
    await this.save([...operators, account]);
    return account;
  }

  async remove(name: string): Promise<boolean> {
    const operators = await this.list();
    const remaining = operators.filter((o) => o.name !== name);
    if (remaining.length === operators.length) return false;
    await this.save(remaining);
    return true;
  }

  async resetPassword(name: string, password: string): Promise<void> {
    const problem = validatePassword(password);
    if (problem) throw new Error(problem);
    const operators = await this.list();
    const account = operators.find((o) => o.name === name);
    if (!account) throw new Error(`operator "${name}" does not exist`);
    account.passwordHash = await hashPassword(password);
    account.updatedAt = new Date().toISOString();
    await this.save(operators);
  }

  /** The account when name and password match; undefined otherwise (same work either way). */
  async verify(name: string, password: string): Promise<OperatorAccount | undefined> {
    const account = (await this.list()).find((o) => o.name === name);
    if (!account) {
      decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verifyPassword(password, await decoyHash);
      return undefined;
    }
    return (await verifyPassword(password, account.passwordHash)) ? account : undefined;
  }
}
