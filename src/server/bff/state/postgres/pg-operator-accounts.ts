/** Operator accounts in PostgreSQL: the same rules and scrypt hashes as `operators.json` (operator-accounts.ts). */
import { eq } from 'drizzle-orm';
import type { OperatorRole } from '@/contract/bff-session';
import {
  assertValidAccount,
  checkPassword,
  hashPassword,
  isReservedOperatorName,
  newAccountId,
  validatePassword,
  type NewAccountOptions,
  type OperatorAccount,
  type OperatorAccounts,
} from '@/server/bff/sessions/operator-accounts';
import type { BffDatabase } from './bff-database';
import { operators } from './bff-schema';

function accountOf(row: typeof operators.$inferSelect): OperatorAccount {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    agents: row.agents ?? null,
    passwordHash: row.passwordHash,
    createdAt: row.createdTime.toISOString(),
    updatedAt: row.updatedTime.toISOString(),
  };
}

export class PgOperatorAccounts implements OperatorAccounts {
  constructor(private readonly database: BffDatabase) {}

  private get db() {
    return this.database.db;
  }

  async list(): Promise<OperatorAccount[]> {
    return (await this.db.select().from(operators).orderBy(operators.createdTime, operators.name)).map(accountOf);
  }

  async add(
    name: string,
    role: OperatorRole,
    password: string,
    { agents = null }: NewAccountOptions = {},
  ): Promise<OperatorAccount> {
    assertValidAccount(name, role, password, agents);
    const now = new Date();
    // ON CONFLICT: two adds of one name at once leave one account and one "already exists".
    const [row] = await this.db
      .insert(operators)
      .values({
        id: newAccountId(),
        name,
        role,
        agents: agents && [...agents],
        passwordHash: await hashPassword(password),
        createdTime: now,
        updatedTime: now,
      })
      .onConflictDoNothing({ target: operators.name })
      .returning();
    if (!row) throw new Error(`operator "${name}" already exists`);
    return accountOf(row);
  }

  async remove(name: string): Promise<boolean> {
    return ((await this.db.delete(operators).where(eq(operators.name, name))).rowCount ?? 0) > 0;
  }

  async resetPassword(name: string, password: string): Promise<void> {
    const problem = validatePassword(password);
    if (problem) throw new Error(problem);
    const updated = await this.db
      .update(operators)
      .set({ passwordHash: await hashPassword(password), updatedTime: new Date() })
      .where(eq(operators.name, name));
    if (updated.rowCount === 0) throw new Error(`operator "${name}" does not exist`);
  }

  async verify(name: string, password: string): Promise<OperatorAccount | undefined> {
    const [row] = isReservedOperatorName(name)
      ? []
      : await this.db.select().from(operators).where(eq(operators.name, name));
    return checkPassword(row ? accountOf(row) : undefined, password);
  }
}
