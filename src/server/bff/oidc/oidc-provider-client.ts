/**
 * The BFF as a confidential OpenID Connect client of one provider (openid-client, certified): discovery from
 * DPS_OIDC_ISSUER, client_secret_basic, ID token signatures checked against the provider's JWKS (the library checks
 * issuer, audience, expiry and nonce too). Discovery happens at the first sign-in and is remembered once it worked, so
 * a provider that is down when the BFF starts delays sign-in, not the start.
 */
import * as client from 'openid-client';
import type { OidcConfig } from './oidc-config';

/** Time allowed for each request to the provider (discovery, token, userinfo, JWKS), in seconds. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export class OidcProviderClient {
  private discovered: Promise<client.Configuration> | undefined;

  constructor(readonly settings: OidcConfig) {}

  configuration(): Promise<client.Configuration> {
    this.discovered ??= this.discover().catch((error: unknown) => {
      this.discovered = undefined;
      throw error;
    });
    return this.discovered;
  }

  private discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    const url = new URL(issuer);
    // Plain http is accepted only for a loopback issuer (oidc-config.ts refuses any other).
    const execute = url.protocol === 'http:' ? [client.allowInsecureRequests] : [];
    return client.discovery(url, clientId, { client_secret: clientSecret }, client.ClientSecretBasic(clientSecret), {
      execute: [...execute, client.enableNonRepudiationChecks],
      timeout: PROVIDER_TIMEOUT_SECONDS,
    });
  }
}
