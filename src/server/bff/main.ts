/**
 * `npm run bff`: the BFF alone, configured from the environment (DESIGN.md §3). Prints one line with the one-time
 * sign-in link; SIGINT/SIGTERM stop it gracefully (graceful-shutdown.ts).
 */
import { createBffApp } from './app';
import { DataDirError, PRIVATE_UMASK } from '@/server/shared/private-dir';
import { ConfigError } from '@/server/shared/env-schema';
import { drainServer, shutdownGraceMs, stopOnSignals } from '@/server/shared/graceful-shutdown';
import { loadBffConfig } from './config';

async function main(): Promise<void> {
  // Sessions, operator accounts and the audit log are this user's alone.
  process.umask(PRIVATE_UMASK);
  const config = loadBffConfig(process.env);
  const graceMs = shutdownGraceMs(process.env);
  const bff = await createBffApp(config);
  await bff.listen();
  const link = await bff.issueLaunchLink();
  process.stdout.write(
    `DPS Console: sign in at ${link} (one-time link, valid for ${Math.round(config.launchLinkTtlMs / 60_000)} minutes)\n`,
  );

  const log = (message: string) => process.stderr.write(`bff: ${message}\n`);
  stopOnSignals(async () => {
    const cut = await drainServer(bff.app, graceMs);
    if (cut) log(`${cut} connection(s) still busy after ${graceMs} ms (DPS_SHUTDOWN_GRACE_MS): cut`);
    await bff.close();
  }, log);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bff: ${error instanceof ConfigError || error instanceof DataDirError ? error.message : ((error as Error).stack ?? String(error))}\n`,
  );
  process.exit(1);
});
