/**
 * A minimal OpenID provider that issues whatever tokens a test crafts (jose), for the tokens a real provider never
 * would: a wrong nonce, another issuer or audience, `alg: none`, an unknown key, an expired token; and logout tokens
 * for back-channel logout. It serves discovery, its JWKS (one RSA key) and a token endpoint answering `respond()`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export interface CraftedTokenProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the token endpoint answers next (an ID token of the test's making). */
  respond: () => Promise<Record<string, unknown>>;
  /** A JWT signed with the served key (or `key`/`kid` given), or unsigned with `alg: 'none'`. */
  sign(claims: JWTPayload, options?: { alg?: string; key?: CryptoKey; kid?: string; typ?: string }): Promise<string>;
  /** A key the JWKS does not serve. */
  otherKey(): Promise<CryptoKey>;
  /** Token requests received (their form bodies). */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

export async function startCraftedTokenProvider(): Promise<CraftedTokenProvider> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'served-key', alg: 'RS256', use: 'sig' };
  const tokenRequests: URLSearchParams[] = [];
  const state: { respond: () => Promise<Record<string, unknown>> } = {
    respond: async () => ({ error: 'invalid_grant' }),
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      const path = new URL(request.url ?? '/', issuer).pathname;
      if (path === '/.well-known/openid-configuration') {
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          end_session_endpoint: `${issuer}/logout`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
          backchannel_logout_supported: true,
          backchannel_logout_session_supported: true,
        });
      }
      if (path === '/jwks') return json(200, { keys: [jwk] });
      if (path === '/token' && request.method === 'POST') {
        tokenRequests.push(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        state
          .respond()
          .then((body) => json('error' in body ? 400 : 200, body))
          .catch(() => json(500, { error: 'server_error' }));
        return;
      }
      json(404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId: 'dps-console',
    clientSecret: 'crafted-client-secret-0123456789',
    get respond() {
      return state.respond;
    },
    set respond(value) {
      state.respond = value;
    },
    async sign(claims, options = {}) {
      const alg = options.alg ?? 'RS256';
      if (alg === 'none') {
        const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
        return `${part({ alg: 'none', typ: options.typ ?? 'JWT' })}.${part(claims)}.`;
      }
      return new SignJWT(claims)
        .setProtectedHeader({ alg, kid: options.kid ?? jwk.kid, typ: options.typ ?? 'JWT' })
        .sign(options.key ?? privateKey);
    },
    async otherKey() {
      return (await generateKeyPair('RS256')).privateKey;
    },
    tokenRequests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
