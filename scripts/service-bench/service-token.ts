import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** An access token of the console's app client, whose credentials the service wrote to its data dir. */
export async function serviceToken(origin: string, dataDir: string): Promise<string> {
  const credentials = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
    clientId: string;
    clientSecret: string;
  };
  const answer = await fetch(`${origin}/oauth2/token?grant_type=client_credentials`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`,
    },
  });
  if (!answer.ok) throw new Error(`token → ${answer.status}`);
  return ((await answer.json()) as { access_token: string }).access_token;
}
