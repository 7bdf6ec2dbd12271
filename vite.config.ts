import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize, sep } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { CONSOLE_SOURCE, linguiBabelPlugins } from './scripts/i18n/compile-source-messages';

/**
 * pdf.js loads CMaps, standard fonts, ICC profiles and its wasm decoders (JBIG2 / JPEG 2000 — without them
 * black-and-white scans render blank) by URL at run time. Serve them at `<base>pdfjs/<folder>/` in dev and copy them
 * into the build. The viewer builds the same URLs (src/widgets/document-viewer/pdf/pdf-assets.ts).
 */
export function pdfjsAssets(): Plugin {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const folders = ['cmaps', 'standard_fonts', 'wasm', 'iccs'];
  const types: Record<string, string> = { '.wasm': 'application/wasm', '.js': 'text/javascript' };
  let base = '/';
  return {
    name: 'dps-pdfjs-assets',
    configResolved(config) {
      base = config.base;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const prefix = `${base}pdfjs/`;
        const path = (req.url ?? '').split('?')[0];
        if (!path.startsWith(prefix)) return next();
        const relative = normalize(decodeURIComponent(path.slice(prefix.length)));
        const folder = relative.split(sep)[0];
        if (!folders.includes(folder) || relative.includes('..')) return next();
        const file = join(root, relative);
        try {
          if (!statSync(file).isFile()) return next();
        } catch {
          return next();
        }
        const ext = file.slice(file.lastIndexOf('.'));
        res.setHeader('Content-Type', types[ext] ?? 'application/octet-stream');
        res.setHeader('Cache-Control', 'public, max-age=86400');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const folder of folders) {
        for (const name of readdirSync(join(root, folder))) {
          this.emitFile({
            type: 'asset',
            fileName: `pdfjs/${folder}/${name}`,
            source: readFileSync(join(root, folder, name)),
          });
        }
      }
    },
  };
}

/** The routes an operator's first screen runs through: the root, the signed-in layout, `/` and the runs list. */
const FIRST_SCREEN_ROUTES = ['__root__', '/', '/_authenticated', '/_authenticated/runs/'];

export default defineConfig({
  resolve: { alias: { '@/': new URL('./src/', import.meta.url).pathname } },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The first screen's routes keep their loaders in the first load; every other route's loader (its API module
      // and contract schemas) comes with its own chunk, fetched on intent like its component.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) =>
          FIRST_SCREEN_ROUTES.includes(routeId)
            ? [['component'], ['errorComponent'], ['notFoundComponent']]
            : [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    // Lingui's macros become catalog lookups; English stays inline, compiled (scripts/i18n/compile-source-messages.ts).
    babel({ plugins: [...linguiBabelPlugins], include: CONSOLE_SOURCE }),
    react(),
    // A catalog import (`src/locales/nb/messages.po`) becomes its compiled messages; a missing translation fails the build.
    lingui({ failOnMissing: true, failOnCompileError: true }),
    pdfjsAssets(),
  ],
  // The TIFF worker imports pako (utif2 needs it as a global): pre-bundle it so dev serves it like the build.
  optimizeDeps: { include: ['pako'] },
  build: {
    outDir: 'dist/console',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // The contract's modules only build zod schemas (top-level `z.…()` chains the bundler cannot prove pure): declared
    // free of side effects, a contract module no first-screen code uses stays out of the first load with what it
    // imports (contract/validation-config.ts and the RE2 engine: ~40 KB gzip), and unused schemas are dropped.
    rolldownOptions: {
      treeshake: {
        manualPureFunctions: ['z', 'idSchema', 'listSchema', 'patchBody', 'oneOf', 'boundedString'],
        moduleSideEffects: (id: string) => !/[\\/]src[\\/]contract[\\/]/.test(id),
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/bff': 'http://127.0.0.1:3000' } },
});
