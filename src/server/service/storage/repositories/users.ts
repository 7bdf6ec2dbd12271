/** Users (their email is an extra column: one address per organization, case-insensitive). */
import { and, eq, sql } from 'drizzle-orm';
import type { User } from '../../../../contract';
import { defineRepository, schema, type Executor } from '..';

export const usersRepo = defineRepository<User>({ table: schema.users, idField: 'userId', noun: 'User' });

/** The id of the organization's user with this email (compared case-insensitively), or undefined. */
export async function findUserIdByEmail(
  db: Executor,
  organizationId: string,
  email: string,
): Promise<string | undefined> {
  const [found] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(
      and(eq(schema.users.organizationId, organizationId), eq(sql`lower(${schema.users.email})`, email.toLowerCase())),
    )
    .limit(1);
  return found?.id;
}
