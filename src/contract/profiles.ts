/**
 * Profiles and user search — extensions of the embedded service (docs/profiles.md). The real service links
 * `User.profileId` to a profile holding the person's name and email; the user resource itself admits no email.
 *
 * - `GET /profiles/{profileId}` → Profile
 * - `GET /profiles?profileIds=<id>,<id>…` → `{ profiles }` (up to 100 at once; unknown ids are left out)
 * - `GET /users/search?text=…&maxResults=&nextToken=` → the users list envelope, users whose name or email contains
 *   `text` (case-insensitive), in the list's order
 */
import { z } from 'zod/mini';
import { listQuerySchema, listSchema } from './common';
import { profileIdSchema } from './ids';
import { MAX_EMAIL_LENGTH, nullableTextSchema, timestampSchema, stringSchema } from './primitives';
import { userSchema } from './users';

export const profileSchema = z.strictObject({
  profileId: profileIdSchema,
  /** The address the user was invited with. */
  email: stringSchema().check(z.maxLength(MAX_EMAIL_LENGTH)),
  name: nullableTextSchema,
  createdTime: timestampSchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const MAX_PROFILES_PER_REQUEST = 100;
/** `svc:profile:` and 32 hex digits, and a comma. */
const PROFILE_ID_LIST_ITEM_LENGTH = 'svc:profile:'.length + 32 + 1;

export const profilesQuerySchema = z.object({
  profileIds: z.pipe(
    z.pipe(
      stringSchema({ message: 'is required: profile ids separated by commas' }).check(
        z.maxLength(MAX_PROFILES_PER_REQUEST * PROFILE_ID_LIST_ITEM_LENGTH, {
          message: `must name at most ${MAX_PROFILES_PER_REQUEST} profile ids`,
        }),
      ),
      z.transform((text: string) => text.split(',').filter(Boolean)),
    ),
    z
      .array(profileIdSchema)
      .check(
        z.minLength(1, { message: 'must name at least one profile id' }),
        z.maxLength(MAX_PROFILES_PER_REQUEST, { message: `must name at most ${MAX_PROFILES_PER_REQUEST} profile ids` }),
      ),
  ),
});

export const profileListSchema = z.object({ profiles: z.array(profileSchema) });

export const MAX_USER_SEARCH_LENGTH = 200;

export const userSearchQuerySchema = z.extend(listQuerySchema, {
  text: stringSchema({ message: 'is required' }).check(
    z.trim(),
    z.minLength(1, { message: 'must not be empty' }),
    z.maxLength(MAX_USER_SEARCH_LENGTH, { message: `must be at most ${MAX_USER_SEARCH_LENGTH} characters` }),
  ),
});

export const userSearchResultSchema = listSchema('users', userSchema);
