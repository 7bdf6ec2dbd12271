/**
 * `npm run service`: the embedded service alone. Prints the base URL and where the credentials are (never the
 * secret). Stops cleanly on SIGINT/SIGTERM.
 */
import { PRIVATE_UMASK } from '@/server/shared/private-dir';
import { createServiceApp } from './app';
import { loadServiceConfig } from './config';
import { resumeRecognition } from './recognition/recognition-queue';

async function main() {
  // Everything the service and PGlite create (database pages, credentials) is its user's alone.
  process.umask(PRIVATE_UMASK);
  const config = loadServiceConfig();
  const service = await createServiceApp(config);
  const started = await service.start();
  // Documents still waiting for recognition when the service last stopped.
  resumeRecognition(service.context);
  process.stdout.write(
    `DPS service: base URL ${started.baseUrl} (token endpoint ${started.authUrl}/oauth2/token); ` +
      `credentials in ${started.credentialsFile}\n`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await service.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`DPS service failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
