/**
 * Token requests from a chosen source address: 127.x.y.z all reach a service on loopback (Linux), so tests can tell
 * per-address limits from per-client-id ones, and an attacker's address from the holder's.
 */
import http from 'node:http';

export interface TokenAnswer {
  status: number;
  retryAfter: string | undefined;
  wwwAuthenticate: string | undefined;
  text: string;
}

export const basicCredentials = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** POST {authUrl}/oauth2/token with this Authorization from the given local (source) address, on its own connection. */
export function postTokenFrom(authUrl: string, authorization: string, from: string): Promise<TokenAnswer> {
  const url = new URL(`${authUrl}/oauth2/token?grant_type=client_credentials`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const header = (name: string) => response.headers[name] as string | undefined;
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: header('retry-after'),
            wwwAuthenticate: header('www-authenticate'),
            text,
          });
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}
