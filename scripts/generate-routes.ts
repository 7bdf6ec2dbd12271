/**
 * Writes src/routeTree.gen.ts from the files in src/routes, exactly as the Vite plugin does during `vite build` and
 * `vite dev`. The file is generated, not committed: `npm run typecheck` runs this first so tsc sees the route tree.
 */
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = getConfig(
  {
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: 'src/routes',
    generatedRouteTree: 'src/routeTree.gen.ts',
  },
  root,
);
await new Generator({ config, root }).run();
