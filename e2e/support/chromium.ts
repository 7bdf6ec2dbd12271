import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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

/** Chromium's flags here: as root (no sandbox), no GPU, and nothing that reaches out to the network on its own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Chromium for the scripts (benchmarks, harness checks) as the Playwright specs launch it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
}
