/**
 * Users. Their email is an extra column (one address per organization, case-insensitive); the profile (extension,
 * docs/profiles.md) is that email with the user's name, found by the `profile_id` column.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Profile, User } from '@/contract';
import { defineRepository, schema, type Executor } from '..';

const t = schema.users;

export const usersRepo = defineRepository<User>({
  table: t,
  idField: 'userId',
  noun: 'User',
  columns: { profileId: (user) => user.profileId ?? null },
  searchable: [sql`(${t.data}->>'name')`, sql`${t.email}`],
});

/** The id of the organization's user with this email (compared case-insensitively), or undefined. */
export async function findUserIdByEmail(
  db: Executor,
  organizationId: string,
  email: string,
): Promise<string | undefined> {
  const [found] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), eq(sql`lower(${t.email})`, email.toLowerCase())))
    .limit(1);
  return found?.id;
}

/** The organization's profiles among these ids, in the order asked; unknown ids are left out. */
export async function findProfiles(db: Executor, organizationId: string, profileIds: string[]): Promise<Profile[]> {
  if (profileIds.length === 0) return [];
  const rows = await db
    .select({ profileId: t.profileId, email: t.email, data: t.data })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), inArray(t.profileId, profileIds)));
  const byId = new Map(
    rows.map((row) => {
      const user = row.data as User;
      const profile: Profile = {
        profileId: row.profileId!,
        email: row.email ?? '',
        name: user.name ?? null,
        createdTime: user.createdTime,
      };
      return [profile.profileId, profile];
    }),
  );
  return profileIds.flatMap((id) => byId.get(id) ?? []);
}
