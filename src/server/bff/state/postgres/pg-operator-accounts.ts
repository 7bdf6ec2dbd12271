/** Operator accounts in PostgreSQL: the same rules and scrypt hashes as `operators.json` (operator-accounts.ts). */
import type { OperatorRole } from '@/contract/bff-session';
import {
  assertValidAccount,
  checkPassword,
  hashPassword,
  isReservedOperatorName,
  newAccountId,
  validatePassword,
  type OperatorAccount,
  type OperatorAccounts,
} from '@/server/bff/sessions/operator-accounts';
import type { BffDatabase } from './bff-database';

interface OperatorRow {
  id: string;
  name: string;
  role: OperatorRole;
  password_hash: string;
  created_time: Date;
  updated_time: Date;
}

function accountOf(row: OperatorRow): OperatorAccount {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    passwordHash: row.password_hash,
    createdAt: row.created_time.toISOString(),
    updatedAt: row.updated_time.toISOString(),
  };
}

export class PgOperatorAccounts implements OperatorAccounts {
  constructor(private readonly db: BffDatabase) {}

  async list(): Promise<OperatorAccount[]> {
    const { rows } = await this.db.pool.query<OperatorRow>('SELECT * FROM operators ORDER BY created_time, name');
    return rows.map(accountOf);
  }

  async add(name: string, role: OperatorRole, password: string): Promise<OperatorAccount> {
    assertValidAccount(name, role, password);
    const now = new Date();
    // ON CONFLICT: two adds of one name at once leave one account and one "already exists".
    const { rows } = await this.db.pool.query<OperatorRow>(
      `INSERT INTO operators (id, name, role, password_hash, created_time, updated_time) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (name) DO NOTHING RETURNING *`,
      [newAccountId(), name, role, await hashPassword(password), now],
    );
    if (rows.length === 0) throw new Error(`operator "${name}" already exists`);
    return accountOf(rows[0]);
  }

  async remove(name: string): Promise<boolean> {
    return ((await this.db.pool.query('DELETE FROM operators WHERE name = $1', [name])).rowCount ?? 0) > 0;
  }

  async resetPassword(name: string, password: string): Promise<void> {
    const problem = validatePassword(password);
    if (problem) throw new Error(problem);
    const updated = await this.db.pool.query(
      'UPDATE operators SET password_hash = $2, updated_time = $3 WHERE name = $1',
      [name, await hashPassword(password), new Date()],
    );
    if (updated.rowCount === 0) throw new Error(`operator "${name}" does not exist`);
  }

  async verify(name: string, password: string): Promise<OperatorAccount | undefined> {
    const { rows } = isReservedOperatorName(name)
      ? { rows: [] }
      : await this.db.pool.query<OperatorRow>('SELECT * FROM operators WHERE name = $1', [name]);
    return checkPassword(rows[0] ? accountOf(rows[0]) : undefined, password);
  }
}
