import { existsSync } from 'node:fs';

/**
 * The Chromium to drive: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`, else Playwright's own (undefined).
 * Playwright cannot download browsers on this network, so when none exists we fail with the command that installs one.
 */
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter((p): p is string => Boolean(p));
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  if (process.env.PLAYWRIGHT_BROWSERS_PATH || existsSync(`${process.env.HOME}/.cache/ms-playwright`)) return undefined;
  throw new Error(
    'No Chromium found. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).',
  );
}
