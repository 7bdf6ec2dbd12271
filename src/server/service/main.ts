/**
 * `npm run service`: the embedded service alone. Prints the base URL and where the credentials are (never the
 * secret). Stops gracefully on SIGINT/SIGTERM (graceful-shutdown.ts): requests in flight finish, then the database
 * and the recognition process close.
 */
import { drainServer, shutdownGraceMs, stopOnSignals } from '@/server/shared/graceful-shutdown';
import { PRIVATE_UMASK } from '@/server/shared/private-dir';
import { createServiceApp, type ServiceApp } from './app';
import { loadServiceConfig } from './config';
import { resumeRecognition } from './recognition/recognition-queue';
import { stopRecognitionProcess } from './recognition/recognizer';

async function main() {
  // Everything the service and PGlite create (database pages, credentials) is its user's alone.
  process.umask(PRIVATE_UMASK);
  const config = loadServiceConfig();
  const graceMs = shutdownGraceMs(process.env);
  const log = (message: string) => process.stderr.write(`DPS service: ${message}\n`);
  let service: ServiceApp | undefined;
  let startup: Promise<unknown> = Promise.resolve();
  // Listening from the start: a signal while the service starts (opening its database, bootstrapping) stops it once
  // started, so that it closes its database and frees the data dir's lock instead of leaving it to go stale.
  stopOnSignals(async () => {
    await startup.catch(() => undefined);
    if (!service) return;
    const cut = await drainServer(service.fastify, graceMs);
    if (cut) log(`${cut} connection(s) still busy after ${graceMs} ms (DPS_SHUTDOWN_GRACE_MS): cut`);
    await service.close();
    await stopRecognitionProcess();
  }, log);

  startup = (async () => {
    service = await createServiceApp(config);
    const started = await service.start();
    // Documents still waiting for recognition when the service last stopped.
    resumeRecognition(service.context);
    process.stdout.write(
      `DPS service: base URL ${started.baseUrl} (token endpoint ${started.authUrl}/oauth2/token); ` +
        `credentials in ${started.credentialsFile}\n`,
    );
  })();
  await startup;
}

main().catch((error: unknown) => {
  process.stderr.write(`DPS service failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
