/**
 * Where to go after sign-in: only a path on this origin, else `/runs`. An open redirect would hand a fresh session's
 * first page to another site. Browsers drop tabs and newlines inside a URL and read `\` as `/`, so `/\t/evil` and
 * `/\evil` are `//evil` to them: any control character, space or backslash is refused, and the path must resolve
 * to this origin.
 */
const DEFAULT_TARGET = '/runs';
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const FORBIDDEN = /[\u0000-\u0020\u007f\\]/;

export function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || FORBIDDEN.test(target)) return DEFAULT_TARGET;
  const base = 'http://console.invalid';
  let resolved: URL;
  try {
    resolved = new URL(target, base);
  } catch {
    return DEFAULT_TARGET;
  }
  if (resolved.origin !== base) return DEFAULT_TARGET;
  if (resolved.pathname === '/sign-in' || resolved.pathname.startsWith('/sign-in/')) return DEFAULT_TARGET;
  return target;
}
