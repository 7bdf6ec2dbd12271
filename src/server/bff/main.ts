/**
 * `npm run bff`: the BFF alone, configured from the environment (DESIGN.md §3). Prints one line with the one-time
 * sign-in link; SIGINT/SIGTERM close it cleanly.
 */
import { createBffApp } from './app';
import { DataDirError, PRIVATE_UMASK } from '@/server/shared/private-dir';
import { ConfigError } from '@/server/shared/env-schema';
import { loadBffConfig } from './config';

async function main(): Promise<void> {
  // Sessions, operator accounts and the audit log are this user's alone.
  process.umask(PRIVATE_UMASK);
  const config = loadBffConfig(process.env);
  const bff = await createBffApp(config);
  await bff.listen();
  const link = await bff.issueLaunchLink();
  process.stdout.write(
    `DPS Console: sign in at ${link} (one-time link, valid for ${Math.round(config.launchLinkTtlMs / 60_000)} minutes)\n`,
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await bff.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bff: ${error instanceof ConfigError || error instanceof DataDirError ? error.message : ((error as Error).stack ?? String(error))}\n`,
  );
  process.exit(1);
});
