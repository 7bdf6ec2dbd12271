/**
 * `credentials.json`: what the embedded service writes into its data dir on first start (mode 0600) and the BFF
 * reads (or a file of the same shape named by DPS_CREDENTIALS_FILE).
 */
import { z } from 'zod/mini';
import { stringSchema } from './primitives';

const nonEmpty = stringSchema().check(z.minLength(1, 'must be a non-empty string'));

export const credentialsFileSchema = z.object({
  clientId: nonEmpty,
  clientSecret: nonEmpty,
  /** `{auth_url}`; the token endpoint is `{auth_url}/oauth2/token`. */
  authUrl: nonEmpty,
  /** `{base_url}`, e.g. `http://127.0.0.1:8788/v1`. */
  baseUrl: nonEmpty,
});
export type CredentialsFile = z.infer<typeof credentialsFileSchema>;
