/**
 * Prints the folder → folder imports inside a server (`npx tsx scripts/folder-imports.ts src/server/bff`), tests and
 * test harnesses left out, then the folders that sit on a cycle (a pair importing each other, or a longer loop) — the
 * arrows the boundary rules in eslint.config.js forbid. A file directly in the server's folder counts as a folder of
 * its own (`config.ts`). Exits 1 when there is a cycle.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const serverDir = resolve(root, process.argv[2] ?? 'src/server/bff');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.ts$/.test(name) ? [path] : [];
  });
}

/** The folder of the server a file belongs to: its first path segment, or the file's own name at the top. */
function folderOf(file: string): string | undefined {
  const rel = relative(serverDir, file);
  if (rel.startsWith('..')) return undefined;
  const [first, ...rest] = rel.split('/');
  return rest.length === 0 ? first.replace(/\.tsx?$/, '.ts') : `${first}/`;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const arrows = new Map<string, Set<string>>();
for (const file of sourceFiles(serverDir)) {
  const from = folderOf(file)!;
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    const target = spec.startsWith('@/')
      ? join(root, 'src', spec.slice(2))
      : spec.startsWith('.')
        ? resolve(dirname(file), spec)
        : undefined;
    const to = target && folderOf(existsSync(target) ? join(target, 'index.ts') : `${target}.ts`);
    if (!to || to === from) continue;
    const targets = arrows.get(from) ?? new Set<string>();
    targets.add(to);
    arrows.set(from, targets);
  }
}

for (const from of [...arrows.keys()].sort()) console.log(`${from} → ${[...arrows.get(from)!].sort().join(', ')}`);
// Peel off folders that import nothing left, or that nothing left imports (Kahn's algorithm, both ends): what remains
// lies on a cycle.
const remaining = new Set([...arrows.keys(), ...[...arrows.values()].flatMap((targets) => [...targets])]);
for (let peeled = true; peeled;) {
  peeled = false;
  for (const folder of remaining) {
    const importsOne = [...(arrows.get(folder) ?? [])].some((to) => remaining.has(to));
    const imported = [...remaining].some((from) => arrows.get(from)?.has(folder));
    if (importsOne && imported) continue;
    remaining.delete(folder);
    peeled = true;
  }
}
const both = [...arrows].flatMap(([from, targets]) =>
  [...targets].filter((to) => from < to && arrows.get(to)?.has(from)).map((to) => `${from} ↔ ${to}`),
);
if (remaining.size === 0) console.log('\nno cycle: every arrow runs one way');
else console.log(`\non a cycle: ${[...remaining].sort().join(', ')}\nboth ways: ${both.join('; ') || 'none'}`);
process.exitCode = remaining.size === 0 ? 0 : 1;
