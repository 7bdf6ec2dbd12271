/**
 * "Chrome 131 on Linux" from a User-Agent header: enough for an operator to tell their sessions apart, and all that
 * is stored — never the raw header, which is long, fingerprints the machine, and is whatever the client chose to send.
 */

const MAX_LENGTH = 60;

/** Most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/^curl\/(\d+)/, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

export function summarizeUserAgent(header: string | undefined): string {
  const agent = (header ?? '').trim();
  if (!agent) return 'Unknown browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(agent);
    if (match) return system ? `${name} ${match[1]} on ${system}` : `${name} ${match[1]}`;
  }
  // Something else (a script, a bot): its first product token, printable and short.
  const product = agent
    .split(/\s+/)[0]
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .slice(0, MAX_LENGTH - 12);
  return system ? `${product} on ${system}`.slice(0, MAX_LENGTH) : product || 'Unknown browser';
}
