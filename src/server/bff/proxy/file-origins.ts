/**
 * Where document files may be fetched from and uploaded to (DESIGN.md §5): the upstream's own origin (under its
 * `{base_url}`) and the origins listed in DPS_FILE_ORIGINS (any clean path). These are the only places the BFF sends
 * the bearer token to besides the API itself; anything else is refused before a connection is made.
 */
import { ConfigError } from '@/server/shared/env-schema';
import { proxiedPathProblem } from '@/server/bff/security/request-guards';
import { isLoopbackHostname } from '@/server/shared/host-allowlist';
import { isUpstreamOrigin } from './upstream-http';

/**
 * DPS_FILE_ORIGINS: comma-separated origins (`https://files.example.com`, or `http://` on a loopback host), returned
 * as `URL.origin`s. A path, query, fragment or credentials in an entry is refused: it names an origin, nothing more.
 */
export function parseFileOrigins(list: string | undefined): string[] {
  const origins: string[] = [];
  for (const entry of (list ?? '').split(',').map((e) => e.trim())) {
    if (!entry) continue;
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ConfigError(`DPS_FILE_ORIGINS: "${entry}" is not an absolute URL`);
    }
    const loopbackHttp = url.protocol === 'http:' && isLoopbackHostname(url.hostname);
    if (url.protocol !== 'https:' && !loopbackHttp) {
      throw new ConfigError(`DPS_FILE_ORIGINS: "${entry}" must use https:// (http:// only on a loopback host)`);
    }
    if (url.username || url.password || url.search || url.hash || url.pathname !== '/' || /[?#]/.test(entry)) {
      throw new ConfigError(`DPS_FILE_ORIGINS: "${entry}" must be an origin only (scheme://host[:port])`);
    }
    origins.push(url.origin);
  }
  return origins;
}

export type FileUrlCheck = { url: URL; problem?: undefined } | { url?: undefined; problem: string };

/**
 * The URL to connect to for a file URL the console names, or why it is refused. On the upstream's origin the file
 * must be under `{base_url}` and is fetched from the configured address (whichever loopback alias the URL used).
 */
export function checkFileUrl(raw: string, upstreamBase: URL, fileOrigins: readonly string[]): FileUrlCheck {
  if (raw === '') return { problem: 'Query parameter url is required' };
  let candidate: URL;
  try {
    candidate = new URL(raw);
  } catch {
    return { problem: 'Query parameter url must be an absolute URL' };
  }
  // The path as written (before URL parsing resolves dot segments) must be clean too.
  const rawPath = raw.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#\\]*/i, '').split(/[?#]/)[0];
  const pathProblem = proxiedPathProblem(rawPath) ?? proxiedPathProblem(candidate.pathname);
  const basePath = `${upstreamBase.pathname.replace(/\/+$/, '')}/`;

  if (isUpstreamOrigin(candidate, upstreamBase)) {
    if (pathProblem || !candidate.pathname.startsWith(basePath)) {
      return { problem: `Query parameter url must name a file under ${basePath} of the configured service` };
    }
    return { url: new URL(`${candidate.pathname}${candidate.search}`, upstreamBase.origin) };
  }
  const listed = !candidate.username && !candidate.password && fileOrigins.includes(candidate.origin);
  if (!listed) {
    const allowed = [upstreamBase.origin, ...fileOrigins].join(', ');
    return {
      problem: `The file URL's origin ${candidate.origin === 'null' ? candidate.protocol : candidate.origin} is not one the console fetches files from (${allowed}): an operator can add it to DPS_FILE_ORIGINS`,
    };
  }
  if (pathProblem || candidate.pathname === '/') {
    return { problem: 'Query parameter url must name a file by a clean path (no "..", "//" or encoded slashes)' };
  }
  return { url: new URL(`${candidate.pathname}${candidate.search}`, candidate.origin) };
}
