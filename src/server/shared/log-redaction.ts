/**
 * Log redaction shared by the BFF and the service: secrets and tokens must never reach a log line.
 *
 * Two layers: pino `redact` paths remove the headers and fields that carry credentials, and a scrubbing destination
 * replaces every known secret value (client secret, issued access tokens, launch tokens) wherever it appears in a
 * line — in an error message, a URL or a field nobody thought of.
 */

/** pino `redact` paths for the request/response shapes Fastify and our own code log. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers.cookie',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'authorization',
  'cookie',
  'clientSecret',
  'client_secret',
  'access_token',
  'accessToken',
  'token',
  'password',
  '*.clientSecret',
  '*.client_secret',
  '*.access_token',
  '*.accessToken',
  '*.password',
];

/** Query parameters whose values are credentials; removed from every logged URL. */
const SECRET_QUERY_PARAMETERS = ['token', 'access_token', 'client_secret', 'password'];

/** `/bff/launch?token=abc` → `/bff/launch?token=[REDACTED]`. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url.slice(question + 1).replace(/(^|&)([^=&]*)=([^&]*)/g, (whole, sep: string, key: string) => {
    let name = key;
    try {
      name = decodeURIComponent(key);
    } catch {
      // keep the raw key
    }
    return SECRET_QUERY_PARAMETERS.includes(name.toLowerCase()) ? `${sep}${key}=[REDACTED]` : whole;
  });
  return `${url.slice(0, question)}?${query}`;
}

/**
 * The secret values currently known to the process. Tokens are added as they are issued; only the most recent ones
 * are kept (older ones have expired and the set must not grow without bound).
 */
export class SecretRegistry {
  private readonly fixed = new Set<string>();
  private readonly rolling: string[] = [];

  constructor(private readonly rollingLimit = 64) {}

  /** A secret that lives as long as the process (the client secret). Values shorter than 6 chars are ignored. */
  addFixed(secret: string | undefined): void {
    if (secret && secret.length >= 6) this.fixed.add(secret);
  }

  /** A short-lived secret (access token, launch token). */
  add(secret: string | undefined): void {
    if (!secret || secret.length < 6 || this.rolling.includes(secret)) return;
    this.rolling.push(secret);
    if (this.rolling.length > this.rollingLimit) this.rolling.shift();
  }

  scrub(text: string): string {
    let out = text;
    for (const secret of [...this.fixed, ...this.rolling]) {
      if (out.includes(secret)) out = out.split(secret).join('[REDACTED]');
      // The same value as it appears inside a JSON string (escaped quotes, backslashes).
      const escaped = JSON.stringify(secret).slice(1, -1);
      if (escaped !== secret && out.includes(escaped)) out = out.split(escaped).join('[REDACTED]');
    }
    return out;
  }
}

export interface LineSink {
  write(line: string): unknown;
}

/** A pino destination that scrubs every known secret from each line before handing it to `target`. */
export function createScrubbingDestination(target: LineSink, registry: SecretRegistry): LineSink {
  return { write: (line: string) => target.write(registry.scrub(line)) };
}

/** Fastify `serializers.req` that logs what the default does, with credentials removed from the URL. */
export function serializeRequestForLog(request: {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
}): Record<string, unknown> {
  return { method: request.method, url: redactUrl(request.url), host: request.hostname, remoteAddress: request.ip };
}
