/**
 * Operator accounts for shared deployments, passwords as scrypt hashes: the store's interface and rules, and its
 * default implementation, `<data>/bff/operators.json`. Read on every sign-in, so changes made with the operator CLI
 * apply to running BFFs at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { lock } from 'proper-lockfile';
import { MAX_OPERATOR_AGENTS, OPERATOR_ROLES, type OperatorRole } from '@/contract/bff-session';
import { ID_PATTERNS } from '@/contract/ids';
import { hasNoNul, NUL_MESSAGE } from '@/contract/primitives';
import { scryptHash, scryptVerify } from '@/server/shared/scrypt-hash';
import { bffDir, ensureDir, readJsonFile, writeFileAtomic } from '@/server/bff/foundation/data-files';
import { LAUNCH_OPERATOR } from './launch-links';

export interface OperatorAccount {
  /** Who the account is, for good: sessions name their owner by it, never by the name (display only). */
  id: string;
  name: string;
  role: OperatorRole;
  /** The agents a reviewer is limited to (their runs, insights and the agents themselves); null: every agent. */
  agents: string[] | null;
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

/** Operator passwords are chosen by people: a higher cost than the service's random client secrets. */
const PASSWORD_COST = { N: 2 ** 15, r: 8, p: 1, keyLength: 64 };

export function hashPassword(password: string): Promise<string> {
  return scryptHash(password, PASSWORD_COST);
}

/** Checked against when the name is unknown, so a wrong name costs as much time as a wrong password. */
let decoyHash: Promise<string> | undefined;

/** The account when the password is its own; undefined otherwise, with the same work for an unknown name. */
export async function checkPassword(
  account: OperatorAccount | undefined,
  password: string,
): Promise<OperatorAccount | undefined> {
  if (!account) {
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await scryptVerify(password, await decoyHash);
    return undefined;
  }
  return (await scryptVerify(password, account.passwordHash)) ? account : undefined;
}

/** A new account's id: random, so a name removed and added again is somebody else. */
export function newAccountId(): string {
  return randomBytes(16).toString('hex');
}

/** The id of an account stored before accounts had one: fixed by what never changes about it. */
export function legacyAccountId(name: string, createdAt: string): string {
  return createHash('sha256').update(`dps-operator:${name}\0${createdAt}`).digest('hex').slice(0, 32);
}

/** Names no account may take (in any case): the launch link's operator, whom every audit entry and session names. */
export function isReservedOperatorName(name: string): boolean {
  return name.toLowerCase() === LAUNCH_OPERATOR.name;
}

export function validateOperatorName(name: unknown): string | undefined {
  if (typeof name !== 'string' || !OPERATOR_NAME_PATTERN.test(name)) {
    return 'name must be 1 to 64 characters: letters, digits, ".", "_", "@", "-", starting with a letter or digit';
  }
  return undefined;
}

/** The name rule for a new account: the pattern, and not a reserved name. */
export function validateNewOperatorName(name: unknown): string | undefined {
  const problem = validateOperatorName(name);
  if (problem || !isReservedOperatorName(name as string)) return problem;
  return `name "${name as string}" is reserved for the launch link's operator`;
}

export function validatePassword(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    return `password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`;
  }
  // Sign-in refuses it (nul-characters.ts): an account with such a password could never sign in.
  if (!hasNoNul(password)) return `password ${NUL_MESSAGE}`;
  return undefined;
}

const AGENT_ID = new RegExp(`^${ID_PATTERNS.agent}$`);
const ROLE_RULE = `role must be ${OPERATOR_ROLES.slice(0, -1).join(', ')} or ${OPERATOR_ROLES.at(-1)!}`;

export function validateRole(role: unknown): string | undefined {
  return (OPERATOR_ROLES as readonly unknown[]).includes(role) ? undefined : ROLE_RULE;
}

/**
 * The agent limit of an account: null (every agent), or for a reviewer 1 to MAX_OPERATOR_AGENTS distinct agent ids
 * (the contract's pattern, `svc:agent:<32 lowercase hex>`). An admin manages agents and a viewer reads everything:
 * neither is limited.
 */
export function validateAgents(role: OperatorRole, agents: readonly string[] | null): string | undefined {
  if (agents === null) return undefined;
  if (role !== 'reviewer') return `agents may only limit a reviewer (the role is ${role})`;
  if (agents.length === 0 || agents.length > MAX_OPERATOR_AGENTS)
    return `agents must name 1 to ${MAX_OPERATOR_AGENTS} agent ids`;
  const bad = agents.find((id) => typeof id !== 'string' || !AGENT_ID.test(id));
  if (bad !== undefined) return `agents: "${String(bad)}" is not an agent id (svc:agent:<32 lowercase hex>)`;
  const repeated = agents.find((id, index) => agents.indexOf(id) !== index);
  if (repeated !== undefined) return `agents: "${repeated}" is named twice`;
  return undefined;
}

/** Throws the rule a new account breaks, if any. */
export function assertValidAccount(
  name: string,
  role: OperatorRole,
  password: string,
  agents: readonly string[] | null,
): void {
  const problem =
    validateNewOperatorName(name) ?? validatePassword(password) ?? validateRole(role) ?? validateAgents(role, agents);
  if (problem) throw new Error(problem);
}

/** What `add` takes beyond name, role and password. */
export interface NewAccountOptions {
  /** Limits a reviewer to these agents; absent or null: every agent. */
  agents?: readonly string[] | null;
}

/** Where operator accounts live: `operators.json` (FileOperatorAccounts) or PostgreSQL (PgOperatorAccounts). */
export interface OperatorAccounts {
  list(): Promise<OperatorAccount[]>;
  /** Throws when a rule is broken or the name is taken. */
  add(name: string, role: OperatorRole, password: string, options?: NewAccountOptions): Promise<OperatorAccount>;
  remove(name: string): Promise<boolean>;
  /** Throws when the password breaks the rule or the operator does not exist. */
  resetPassword(name: string, password: string): Promise<void>;
  /**
   * The account when name and password match; undefined otherwise (same work either way), and for a reserved name
   * (an account stored before the name was reserved cannot sign in as the launch link's operator).
   */
  verify(name: string, password: string): Promise<OperatorAccount | undefined>;
}

export class FileOperatorAccounts implements OperatorAccounts {
  private readonly path: string;

  constructor(private readonly dataDir: string) {
    this.path = join(bffDir(dataDir), 'operators.json');
  }

  async list(): Promise<OperatorAccount[]> {
    const file = await readJsonFile<OperatorsFile>(this.path);
    // Accounts stored before agent limits have none: every agent.
    return (file?.operators ?? []).map((o) => ({
      ...o,
      id: o.id ?? legacyAccountId(o.name, o.createdAt),
      agents: Array.isArray(o.agents) ? o.agents : null,
    }));
  }

  /**
   * Reads the accounts, changes them and writes them back under a lock file (`operators.json.lock`): operator CLIs and
   * BFFs sharing the data dir change the file one at a time, so no change is lost to another written meanwhile.
   * `change` answers the accounts to write, or undefined to leave the file as it is.
   */
  private async update(change: (operators: OperatorAccount[]) => OperatorAccount[] | undefined): Promise<void> {
    await ensureDir(bffDir(this.dataDir));
    // A lock left by a process that died is taken over once it is older than `stale` (its holder refreshes it).
    const release = await lock(this.path, {
      realpath: false,
      stale: 10_000,
      retries: { retries: 100, minTimeout: 10, maxTimeout: 200 },
    });
    try {
      const changed = change(await this.list());
      if (changed) await writeFileAtomic(this.path, `${JSON.stringify({ operators: changed }, null, 2)}\n`);
    } finally {
      await release();
    }
  }

  async add(
    name: string,
    role: OperatorRole,
    password: string,
    { agents = null }: NewAccountOptions = {},
  ): Promise<OperatorAccount> {
    assertValidAccount(name, role, password, agents);
    // Hashed before the lock is taken: scrypt is the slow part, and others wait while the lock is held.
    const passwordHash = await hashPassword(password);
    const now = new Date().toISOString();
    const account: OperatorAccount = {
      id: newAccountId(),
      name,
      role,
      agents: agents && [...agents],
      passwordHash,
      createdAt: now,
      updatedAt: now,
    };
    await this.update((operators) => {
      if (operators.some((o) => o.name === name)) throw new Error(`operator "${name}" already exists`);
      return [...operators, account];
    });
    return account;
  }

  async remove(name: string): Promise<boolean> {
    let removed = false;
    await this.update((operators) => {
      const remaining = operators.filter((o) => o.name !== name);
      removed = remaining.length < operators.length;
      return removed ? remaining : undefined;
    });
    return removed;
  }

  async resetPassword(name: string, password: string): Promise<void> {
    const problem = validatePassword(password);
    if (problem) throw new Error(problem);
    const passwordHash = await hashPassword(password);
    await this.update((operators) => {
      const account = operators.find((o) => o.name === name);
      if (!account) throw new Error(`operator "${name}" does not exist`);
      account.passwordHash = passwordHash;
      account.updatedAt = new Date().toISOString();
      return operators;
    });
  }

  /** The account when name and password match; undefined otherwise (same work either way). */
  async verify(name: string, password: string): Promise<OperatorAccount | undefined> {
    return checkPassword(
      isReservedOperatorName(name) ? undefined : (await this.list()).find((o) => o.name === name),
      password,
    );
  }
}
