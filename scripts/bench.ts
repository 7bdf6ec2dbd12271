/**
 * `npm run bench`: runs every benchmark module in scripts/bench/*.ts in turn (alphabetical), each module's default
 * export printing its own figures. `npm run bench -- bff viewer` runs only the named ones. A failing module is
 * reported and the others still run; the exit code says whether all succeeded.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'bench');
const wanted = process.argv.slice(2);
const modules = readdirSync(dir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
  .sort()
  .filter((name) => wanted.length === 0 || wanted.includes(basename(name, '.ts')));

if (modules.length === 0) {
  console.error(`no benchmark ${wanted.length ? `named ${wanted.join(', ')} ` : ''}in ${dir}`);
  process.exit(1);
}

const failed: string[] = [];
for (const name of modules) {
  const started = Date.now();
  console.log(`\n=== bench ${basename(name, '.ts')} ===`);
  try {
    const module = (await import(pathToFileURL(join(dir, name)).href)) as { default?: () => Promise<void> };
    if (typeof module.default !== 'function') throw new Error('has no default export function');
    await module.default();
    console.log(`(${basename(name, '.ts')}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed.push(name);
    console.error(`bench ${name} failed: ${(error as Error).stack ?? String(error)}`);
  }
}
if (failed.length) {
  console.error(`\n${failed.length} benchmark(s) failed: ${failed.join(', ')}`);
  process.exit(1);
}
// Modules may leave keep-alive sockets or workers behind; the run is over.
process.exit(0);
