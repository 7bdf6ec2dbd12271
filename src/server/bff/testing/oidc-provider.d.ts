/** The few parts of `oidc-provider` (a dev dependency without types of its own) the test provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    Grant: new (properties: { accountId: string; clientId: string }) => {
      addOIDCScope(scope: string): void;
      addOIDCClaims(claims: string[]): void;
      save(): Promise<string>;
    };
    proxy: boolean;
  }
}
