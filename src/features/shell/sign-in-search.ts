/** The sign-in page's URL state: where to go once signed in, and the error a failed sign-in came back with. */
import { z } from 'zod/mini';

export const signInSearchSchema = z.object({
  redirect: z.catch(z.optional(z.string()), undefined),
  error: z.catch(z.optional(z.string()), undefined),
});
