/**
 * Checks every request passes before anything else looks at it (the Host check, shared with the service, is
 * server/shared/host-allowlist.ts). Each returns a problem message, or undefined.
 */
import { isLoopbackHostname } from '@/server/shared/host-allowlist';

/**
 * The request target must be origin-form (`/path?query`); absolute-form (`http://host/...`), authority-form and
 * `*` are refused, as are targets starting with `//` (they parse as a host).
 */
export function targetFormProblem(rawUrl: string): string | undefined {
  if (!rawUrl.startsWith('/') || rawUrl.startsWith('//'))
    return 'The request target must be a path starting with a single "/"';
  return undefined;
}

/**
 * One path, one spelling: a percent-encoded letter, digit or `-._~` (RFC 3986 unreserved characters, which no URI
 * producer need encode) is refused. The router decodes them, so `/%61pi/…` reached the `/api/*` route while the rules,
 * written against the path as sent, took it for a console page and skipped sign-in, X-CSRF and role checks.
 */
export function pathSpellingProblem(rawPath: string): string | undefined {
  if (/%(?:3[0-9]|[46][1-9a-f]|[57][0-9a]|2[de]|5f|7e)/i.test(rawPath)) {
    return 'The path percent-encodes a letter, digit or one of "-._~": write it as is';
  }
  return undefined;
}

/**
 * A proxied path must map onto exactly one path under `{base_url}`: no empty segments (`//`), no dot segments —
 * raw or percent-encoded, once or twice — no encoded slashes or backslashes, no control characters.
 */
export function proxiedPathProblem(rawPath: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(rawPath)) return 'The path contains a backslash or a control character';
  if (rawPath.includes('//')) return 'The path contains an empty segment ("//")';
  const segments = rawPath.split('/').slice(1);
  for (const segment of segments) {
    // Without a "%" a segment decodes to itself, and its characters were checked above: only dots are left to refuse.
    if (!segment.includes('%')) {
      if (segment === '.' || segment === '..') return 'The path contains a "." or ".." segment';
      continue;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return 'The path contains malformed percent-encoding';
    }
    let twice = decoded;
    try {
      twice = decodeURIComponent(decoded);
    } catch {
      // not double-encoded
    }
    for (const value of [decoded, twice]) {
      if (value === '.' || value === '..') return 'The path contains a "." or ".." segment';
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
      if (/[/\\\u0000-\u001f\u007f]/.test(value)) return 'The path contains an encoded "/", "\\" or control character';
    }
  }
  return undefined;
}

/** Fetch Metadata and Origin: only same-origin requests (or direct navigations) may use the BFF's API. */
export function crossSiteProblem(
  headers: Record<string, string | string[] | undefined>,
  hostHeader: string | undefined,
  protocol: 'http' | 'https',
): string | undefined {
  const site = headerValue(headers['sec-fetch-site']);
  if (site && site !== 'same-origin' && site !== 'none') return `Cross-site request refused (Sec-Fetch-Site: ${site})`;
  const origin = headerValue(headers.origin);
  if (origin !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    const defaultPort = protocol === 'https' ? /:443$/ : /:80$/;
    const host = (hostHeader ?? '').trim().toLowerCase().replace(defaultPort, '');
    // Same origin: scheme and host:port both, as the browser sees the BFF (https behind a trusted proxy).
    const sameOrigin = parsed && parsed.protocol === `${protocol}:` && parsed.host === host;
    if (!sameOrigin) return 'Cross-origin request refused (Origin does not match this console)';
  }
  return undefined;
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Session cookies may be Secure when the browser accepts them: https, or a loopback host (Chromium allows both). */
export function canUseSecureCookie(protocol: string, hostname: string): boolean {
  return protocol === 'https' || isLoopbackHostname(hostname);
}
