/**
 * Bundle size: builds the console into a temporary dir (vite build with a manifest) and prints the gzip size of the
 * initial JavaScript — the entry with its static imports, the authenticated layout (shell) and the front page
 * (/runs) — then what fills it (the largest packages and source folders, from each chunk's rendered module sizes
 * as the bundler reports them), then each route chunk: its own size and what it adds on top of the initial load.
 * Aim (issue 13): initial ≤ 150 KB.
 * Run alone with `npx tsx scripts/bench/bundle.ts`, or as part of `npm run bench`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const AIM_KB = 150;
const FIRST_SCREEN = 'src/routes/_authenticated/runs/index.tsx';
const SHELL = 'src/routes/_authenticated.tsx';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;

/** A package (`react-dom`, `@tanstack/table-core`) or a source folder two levels deep (`src/features/runs`). */
function origin(moduleId: string): string {
  const id = moduleId.replace(/\\/g, '/').replace(/^\0/, '');
  const pkg = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  const src = id.match(/\/(src\/[^/]+\/[^/?]+)/);
  return src ? src[1]! : id.split('/').slice(-2).join('/');
}

/** Rendered length of every module in every chunk, by file name (what rollup-plugin-visualizer reads). */
function moduleSizes(into: Map<string, Map<string, number>>): Plugin {
  return {
    name: 'dps-bench-module-sizes',
    generateBundle(_options, output) {
      for (const chunk of Object.values(output)) {
        if (chunk.type !== 'chunk') continue;
        const sizes = new Map<string, number>();
        for (const [id, info] of Object.entries(chunk.modules))
          sizes.set(origin(id), (sizes.get(origin(id)) ?? 0) + info.renderedLength);
        into.set(chunk.fileName, sizes);
      }
    },
  };
}

export default async function bundle(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'dps-bundle-'));
  const chunkModules = new Map<string, Map<string, number>>();
  try {
    await build({
      configFile: resolve('vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, manifest: true },
      plugins: [moduleSizes(chunkModules)],
    });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const gzipCache = new Map<string, number>();
    const gz = (file: string) => {
      if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length);
      return gzipCache.get(file)!;
    };
    /** Files a chunk needs before it runs: itself and its static imports, recursively. */
    const closure = (key: string, into = new Set<string>()) => {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) return into;
      into.add(chunk.file);
      for (const imported of chunk.imports ?? []) closure(imported, into);
      return into;
    };
    const routeKeys = (source: string) =>
      Object.keys(manifest).filter((key) => key === source || key.startsWith(`${source}?`));
    const sum = (files: Iterable<string>) =>
      [...files].filter((f) => f.endsWith('.js')).reduce((total, f) => total + gz(f), 0);

    const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
    const initial = closure(entry);
    for (const key of routeKeys(SHELL)) closure(key, initial);
    const firstScreen = routeKeys(FIRST_SCREEN);
    for (const key of firstScreen) closure(key, initial);
    const initialCss = [
      ...new Set(
        Object.values(manifest)
          .filter((c) => c.isEntry)
          .flatMap((c) => c.css ?? []),
      ),
    ];

    const total = sum(initial);
    console.log('Bundle (gzip -9 of the built JavaScript)');
    console.log(
      `  initial JS (entry + shell + ${firstScreen.length ? '/runs' : '/runs not built yet'}) ${kb(total)}   aim ≤ ${AIM_KB} KB ${total / 1024 <= AIM_KB ? 'OK' : 'OVER'}`,
    );
    console.log(`  initial CSS                                    ${kb(initialCss.reduce((t, f) => t + gz(f), 0))}`);
    // Each origin's share of a chunk's rendered code, times the chunk's gzip size: an estimate (gzip is not additive),
    // good enough to say where the initial load goes.
    const shares = new Map<string, number>();
    for (const file of initial) {
      const sizes = chunkModules.get(file);
      if (!sizes || !file.endsWith('.js')) continue;
      const rendered = [...sizes.values()].reduce((a, b) => a + b, 0) || 1;
      for (const [name, length] of sizes) shares.set(name, (shares.get(name) ?? 0) + (gz(file) * length) / rendered);
    }
    console.log('  what the initial JS holds (estimated gzip share, largest first):');
    for (const [name, bytes] of [...shares].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`    ${name.padEnd(58)} ${kb(bytes)}`);
    console.log('  route chunks (own size / added on top of the initial load):');
    const routes = Object.keys(manifest)
      .filter((key) => key.startsWith('src/routes/'))
      .sort();
    for (const key of routes) {
      const own = manifest[key].file.endsWith('.js') ? gz(manifest[key].file) : 0;
      const added = sum([...closure(key)].filter((file) => !initial.has(file)));
      console.log(`    ${key.replace(/^src\/routes\//, '').padEnd(58)} ${kb(own)} ${kb(added)}`);
    }
    const lazy = Object.keys(manifest).filter(
      (key) =>
        !key.startsWith('src/routes/') &&
        manifest[key].src &&
        !initial.has(manifest[key].file) &&
        manifest[key].file.endsWith('.js'),
    );
    for (const key of lazy) console.log(`    (lazy) ${key.padEnd(51)} ${kb(gz(manifest[key].file))}`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bundle();
