import { z } from 'zod/mini';
import { auditFields, listSchema, nameDescriptionFields, patchBody } from './common';
import { appClientIdSchema, roleIdSchema, roleIdsInputSchema } from './ids';
import { keySchema, metadataSchema, nullableTextSchema, textSchema, urlSchema } from './primitives';

/** Most URLs one list of an app client may hold. */
export const MAX_APP_CLIENT_URLS = 100;
const urlListSchema = z
  .array(urlSchema)
  .check(z.maxLength(MAX_APP_CLIENT_URLS, { message: `must hold at most ${MAX_APP_CLIENT_URLS} URLs` }));

export const appClientSchema = z.object({
  appClientId: appClientIdSchema,
  clientId: keySchema,
  /** Present only in the response to create; never returned again. */
  clientSecret: z.optional(z.nullable(textSchema)),
  hasSecret: z.optional(z.boolean()),
  mutable: z.optional(z.boolean()),
  ...nameDescriptionFields,
  metadata: z.optional(z.nullable(metadataSchema)),
  roleIds: z.optional(z.nullable(z.array(roleIdSchema))),
  loginUrls: z.optional(z.nullable(z.array(urlSchema))),
  logoutUrls: z.optional(z.nullable(z.array(urlSchema))),
  callbackUrls: z.optional(z.nullable(z.array(urlSchema))),
  defaultLoginUrl: z.optional(z.nullable(urlSchema)),
  ...auditFields,
});
export type AppClient = z.infer<typeof appClientSchema>;
export const appClientListSchema = listSchema('appClients', appClientSchema);

export const createAppClientBodySchema = z.strictObject({
  name: z.optional(nullableTextSchema),
  description: z.optional(nullableTextSchema),
  metadata: z.optional(metadataSchema),
  roleIds: z.optional(roleIdsInputSchema),
  loginUrls: z.optional(urlListSchema),
  logoutUrls: z.optional(urlListSchema),
  callbackUrls: z.optional(urlListSchema),
  defaultLoginUrl: z.optional(urlSchema),
  generateSecret: z.optional(z.boolean({ message: 'must be a boolean' })),
});
export type CreateAppClientBody = z.infer<typeof createAppClientBodySchema>;

export const updateAppClientBodySchema = patchBody({
  metadata: metadataSchema,
  roleIds: roleIdsInputSchema,
  name: nullableTextSchema,
  description: nullableTextSchema,
  loginUrls: urlListSchema,
  defaultLoginUrl: urlSchema,
});
export type UpdateAppClientBody = z.infer<typeof updateAppClientBodySchema>;
