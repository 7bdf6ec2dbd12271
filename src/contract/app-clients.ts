import { z } from 'zod';
import { auditFields, listSchema, nameDescriptionFields, patchBody } from './common';
import { appClientIdSchema, roleIdSchema, roleIdsInputSchema } from './ids';
import { keySchema, metadataSchema, nullableTextSchema, textSchema, urlSchema } from './primitives';

/** Most URLs one list of an app client may hold. */
export const MAX_APP_CLIENT_URLS = 100;
const urlListSchema = z
  .array(urlSchema)
  .max(MAX_APP_CLIENT_URLS, { message: `must hold at most ${MAX_APP_CLIENT_URLS} URLs` });

export const appClientSchema = z.object({
  appClientId: appClientIdSchema,
  clientId: keySchema,
  /** Present only in the response to create; never returned again. */
  clientSecret: textSchema.nullable().optional(),
  hasSecret: z.boolean().optional(),
  mutable: z.boolean().optional(),
  ...nameDescriptionFields,
  metadata: metadataSchema.nullable().optional(),
  roleIds: z.array(roleIdSchema).nullable().optional(),
  loginUrls: z.array(urlSchema).nullable().optional(),
  logoutUrls: z.array(urlSchema).nullable().optional(),
  callbackUrls: z.array(urlSchema).nullable().optional(),
  defaultLoginUrl: urlSchema.nullable().optional(),
  ...auditFields,
});
export type AppClient = z.infer<typeof appClientSchema>;
export const appClientListSchema = listSchema('appClients', appClientSchema);

export const createAppClientBodySchema = z.strictObject({
  name: nullableTextSchema.optional(),
  description: nullableTextSchema.optional(),
  metadata: metadataSchema.optional(),
  roleIds: roleIdsInputSchema.optional(),
  loginUrls: urlListSchema.optional(),
  logoutUrls: urlListSchema.optional(),
  callbackUrls: urlListSchema.optional(),
  defaultLoginUrl: urlSchema.optional(),
  generateSecret: z.boolean({ message: 'must be a boolean' }).optional(),
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
