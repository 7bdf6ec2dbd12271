/**
 * Compiles the servers to JavaScript (part of `npm run build`): one esbuild bundle per entry in dist/server/ —
 * service.js (`npm run service`), bff.js (`npm run bff`), operator.js (`npm run operator`), start.js (`npm start`'s
 * supervisor) and recognition-process.js (the service's recognition child). Only our code is bundled: packages stay
 * in node_modules and are imported from there at run time, so PGlite's wasm and data files, @napi-rs/canvas, the
 * tesseract worker and its language data, and pdfjs find their files as they do from the sources. The files the
 * servers read at run time (SQL migrations, demo images) are copied beside the bundles (server/shared/server-files.ts).
 *
 * Plain JavaScript on purpose: `npm start` and the other production commands run it first with `--if-stale`, which
 * builds only when dist/server is missing or older than its sources, and needs neither tsx nor (when the build is
 * up to date) esbuild — both development dependencies.
 */
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// `--out-dir=<dir>` (tests): another place inside the project, where node_modules still resolves.
const outDirArg = process.argv.find((arg) => arg.startsWith('--out-dir='));
const outDir = outDirArg ? resolve(outDirArg.slice('--out-dir='.length)) : join(root, 'dist', 'server');
const STAMP = '.built';

const ENTRIES = {
  service: 'src/server/service/main.ts',
  bff: 'src/server/bff/main.ts',
  operator: 'src/server/bff/operator-cli.ts',
  start: 'scripts/start.ts',
  'recognition-process': 'src/server/service/recognition/recognition-process.ts',
};

/** Copied beside the bundles: where server-files.ts looks for them in a build. */
const FILES = {
  'files/service-migrations': 'src/server/service/storage/migrations',
  'files/bff-migrations': 'src/server/bff/state/postgres/migrations',
  'files/demo-assets': 'src/server/service/demo/assets',
};

/** What a build is made of: a change to any of these makes a different build. Tests and test helpers do not. */
const SOURCES = ['src/server', 'src/contract', 'scripts/start.ts', 'scripts/build-servers.mjs', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.ts$/.test(path) ? 0 : stat.mtimeMs;
  if (path.endsWith(`${join('', 'testing')}`)) return 0;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

function isStale() {
  const stamp = join(outDir, STAMP);
  if (!existsSync(stamp)) return true;
  return statSync(stamp).mtimeMs < Math.max(...SOURCES.map((p) => newestMtime(join(root, p))));
}

async function build() {
  const started = Date.now();
  const { build: esbuild } = await import('esbuild');
  const scratch = `${outDir}.building-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  try {
    await esbuild({
      absWorkingDir: root,
      entryPoints: ENTRIES,
      outdir: scratch,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      packages: 'external',
      // Off by default at run time; NODE_OPTIONS=--enable-source-maps maps stack traces to the TypeScript sources.
      sourcemap: 'linked',
      define: { __DPS_COMPILED__: 'true' },
      logLevel: 'warning',
    });
    for (const [to, from] of Object.entries(FILES)) cpSync(join(root, from), join(scratch, to), { recursive: true });
    writeFileSync(join(scratch, STAMP), `${new Date().toISOString()}\n`);
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  rmSync(outDir, { recursive: true, force: true });
  renameSync(scratch, outDir);
  process.stderr.write(`build-servers: dist/server built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

const ifStale = process.argv.includes('--if-stale');
if (!ifStale || isStale()) {
  try {
    await build();
  } catch (error) {
    const previous = existsSync(join(outDir, STAMP));
    // Production installs without dev dependencies: no esbuild, but a build made before may still be served.
    if (ifStale && previous) {
      process.stderr.write(`build-servers: could not rebuild (${error.message}); running the previous build\n`);
    } else {
      process.stderr.write(`build-servers: ${error.stack ?? error}\n`);
      process.exit(1);
    }
  }
}
