/**
 * Files the servers read at run time besides their code: SQL migrations, demo images, the recognition process's
 * entry. Run from the sources (tsx, vitest) they sit beside their module; in the compiled servers (`npm run build`:
 * one bundle per server in dist/server/, scripts/build-servers.mjs) the build puts them beside the bundles.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Set by the server build (esbuild `define`); undeclared when the sources run. */
declare const __DPS_COMPILED__: boolean | undefined;

/** Whether this code runs as a compiled bundle of dist/server/. */
export const compiled = typeof __DPS_COMPILED__ !== 'undefined' && __DPS_COMPILED__;

/**
 * Where a run-time file is: `fromModule` (a path relative to the calling module, `moduleUrl` = its import.meta.url)
 * when the sources run, `inBuild` (relative to dist/server/) in the compiled servers. In a bundle every module's
 * import.meta.url is the bundle's, in dist/server/.
 */
export function serverFile(moduleUrl: string, fromModule: string, inBuild: string): string {
  return compiled
    ? path.join(path.dirname(fileURLToPath(moduleUrl)), inBuild)
    : fileURLToPath(new URL(fromModule, moduleUrl));
}
