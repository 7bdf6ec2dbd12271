/**
 * Keeps the message catalogs true to the code. `npm run i18n` extracts every message of the console into
 * src/i18n/catalogs/{en,nb,en-XA}/messages.po (dropping ones the code no longer has) and writes the pseudo-locale's
 * (en-XA) lengthened text. `npm run i18n:check` (part of `npm test`) does the same into a copy and fails when the
 * committed catalogs differ — a message added, changed or removed without extraction — or when Norwegian lacks a
 * translation. The build fails on a missing translation too (@lingui/vite-plugin, failOnMissing).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatter } from '@lingui/format-po';

const CATALOGS = 'src/i18n/catalogs';
const TRANSLATED = ['nb'];
const PSEUDO = 'en-XA';
const po = formatter({ lineNumbers: false });

type Catalog = Awaited<ReturnType<typeof po.parse>>;
const read = async (root: string, locale: string): Promise<Catalog> =>
  po.parse(readFileSync(join(root, locale, 'messages.po'), 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename: 'messages.po',
  }) as Catalog;

/** en-XA: the English text 40 % longer and in brackets, so a cut end shows; Lingui accents it when compiling. */
export function lengthen(message: string): string {
  return `[${message} ${'·'.repeat(Math.max(1, Math.ceil(message.length * 0.4)))}]`;
}

async function writePseudo(root: string): Promise<void> {
  const catalog = await read(root, PSEUDO);
  for (const entry of Object.values(catalog)) entry.translation = lengthen(entry.message ?? '');
  const file = join(root, PSEUDO, 'messages.po');
  const existing = readFileSync(file, 'utf8');
  writeFileSync(file, await po.serialize(catalog, { locale: PSEUDO, sourceLocale: 'en', existing, filename: file }));
}

function extract(root: string): void {
  execFileSync('npx', ['lingui', 'extract', '--clean'], {
    stdio: 'pipe',
    env: { ...process.env, LINGUI_CATALOG_ROOT: root },
  });
}

const messagesOf = async (root: string, locale: string) =>
  new Set(Object.values(await read(root, locale)).map((e) => e.message ?? ''));
const comparable = (text: string) => text.replace(/^"POT-Creation-Date:.*$/m, '');

async function check(): Promise<number> {
  const copy = mkdtempSync(join(tmpdir(), 'dps-catalogs-'));
  const problems: string[] = [];
  try {
    cpSync(CATALOGS, copy, { recursive: true });
    extract(copy);
    await writePseudo(copy);
    const committed = await messagesOf(CATALOGS, 'en');
    const current = await messagesOf(copy, 'en');
    for (const m of current) if (!committed.has(m)) problems.push(`not in the catalogs (run npm run i18n): ${m}`);
    for (const m of committed) if (!current.has(m)) problems.push(`obsolete, no longer in the code: ${m}`);
    for (const locale of [...TRANSLATED, PSEUDO, 'en']) {
      const file = join(locale, 'messages.po');
      if (comparable(readFileSync(join(copy, file), 'utf8')) !== comparable(readFileSync(join(CATALOGS, file), 'utf8')))
        problems.push(`${CATALOGS}/${file} is not what extraction writes (run npm run i18n)`);
    }
    for (const locale of TRANSLATED) {
      for (const entry of Object.values(await read(CATALOGS, locale)))
        if (!entry.translation) problems.push(`no ${locale} translation: ${entry.message}`);
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  for (const problem of problems) console.error(problem);
  console.log(problems.length ? `catalogs: ${problems.length} problems` : 'catalogs: complete and current');
  return problems.length ? 1 : 0;
}

if (process.argv.includes('--check')) {
  process.exitCode = await check();
} else {
  extract(join(process.cwd(), CATALOGS));
  await writePseudo(CATALOGS);
  console.log(`catalogs extracted into ${CATALOGS}`);
}
