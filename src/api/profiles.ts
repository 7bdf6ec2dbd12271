/**
 * Profiles (extension, docs/profiles.md): the email a user was invited with. The console reads them in batches, one
 * request per page of users; against a service without profiles the answer says so and screens show no email.
 */
import { queryOptions } from '@tanstack/react-query';
import { MAX_PROFILES_PER_REQUEST, profileListSchema, type Profile } from '@/contract';
import { api } from './client';
import { isMissingExtension } from './errors';
import { createFamilyKeys } from './keys';

export const profileKeys = createFamilyKeys('profiles');

export interface ProfilesResult {
  /** False when the service has no profiles: there is no email to show. */
  available: boolean;
  byId: ReadonlyMap<string, Profile>;
}

/** The profiles of these ids (users without one are simply not asked about). */
export function profilesQueryOptions(org: string, profileIds: readonly string[]) {
  const ids = [...new Set(profileIds)].sort();
  return queryOptions({
    queryKey: profileKeys.list(org, { profileIds: ids }),
    queryFn: async ({ signal }): Promise<ProfilesResult> => {
      const batches: string[][] = [];
      for (let i = 0; i < ids.length; i += MAX_PROFILES_PER_REQUEST)
        batches.push(ids.slice(i, i + MAX_PROFILES_PER_REQUEST));
      try {
        const pages = await Promise.all(
          batches.map((batch) =>
            api('/profiles', { query: { profileIds: batch.join(',') }, schema: profileListSchema, signal }),
          ),
        );
        return { available: true, byId: new Map(pages.flatMap((p) => p.profiles.map((pr) => [pr.profileId, pr]))) };
      } catch (error) {
        if (!isMissingExtension(error)) throw error;
        return { available: false, byId: new Map() };
      }
    },
    enabled: ids.length > 0,
    // An invited email does not change.
    staleTime: 5 * 60_000,
  });
}
