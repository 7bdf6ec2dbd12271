/**
 * Two service instances on one PostgreSQL database share the recognition queue in turns of one page: every page of
 * every document is recognised once, in page order, whichever instance takes each turn. PostgreSQL only (the
 * embedded PGlite data dir belongs to one process).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSchema } from '@/contract';
import type { CredentialsFile as Credentials } from '@/contract/credentials-file';
import { ocrResultSchema, type OcrResult } from '@/contract/ocr';
import { createServiceApp, type ServiceApp } from '@/server/service/app';
import { loadServiceConfig } from '@/server/service/config';
import { invoiceData, makeInvoiceTiff } from '@/server/service/demo/samples';
import { dropSchema } from '@/server/service/storage';
import { apiClient, type ApiClient } from '@/server/service/testing/http';
import { requestToken } from '@/server/service/testing/start-test-service';

const databaseUrl = process.env.DPS_DATABASE_URL;
const databaseSchema = `r_${randomBytes(6).toString('hex')}`;
const dataDirs: string[] = [];
const instances: ServiceApp[] = [];
const clients: ApiClient[] = [];

async function startInstance(): Promise<ServiceApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dps-recognition-shared-'));
  dataDirs.push(dataDir);
  const config = loadServiceConfig({
    DPS_DATABASE_URL: databaseUrl,
    DPS_SERVICE_HOST: '127.0.0.1',
    DPS_SERVICE_PORT: '0',
    DPS_DATA_DIR: dataDir,
    DPS_DEMO: '0',
    DPS_SERVICE_LOG: '0',
  });
  const app = await createServiceApp({ ...config, databaseSchema });
  instances.push(app);
  await app.start();
  return app;
}

describe.runIf(databaseUrl)('recognition shared by two instances on PostgreSQL', () => {
  beforeAll(async () => {
    const first = await startInstance();
    const second = await startInstance();
    const credentials = JSON.parse(await readFile(path.join(dataDirs[0]!, 'credentials.json'), 'utf8')) as Credentials;
    for (const app of [first, second]) {
      const token = await requestToken(app.context.urls.authUrl, credentials.clientId, credentials.clientSecret);
      clients.push(apiClient(app.context.urls.baseUrl, token));
    }
  });
  afterAll(async () => {
    for (const app of instances) await app.close();
    await dropSchema(databaseUrl!, databaseSchema);
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('recognises every page of documents uploaded through both instances once, in page order', async () => {
    const tiff = makeInvoiceTiff({ data: invoiceData({ seed: 4 }), pageCount: 5, width: 425, height: 550 });
    const documents = await Promise.all(
      clients.map(async (api) => {
        const created = await api.post('/documents', {
          content: Buffer.from(tiff).toString('base64'),
          contentType: 'image/tiff',
        });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        return documentSchema.parse(created.body);
      }),
    );
    const results: OcrResult[] = [];
    for (const document of documents) {
      // Read through both instances in turn: a read wakes that instance's queue too.
      for (let read = 0; ; read++) {
        const got = await clients[read % 2]!.get(document.ocrFileUrl!.replace(/^.*\/v1/, ''));
        const result = ocrResultSchema.parse(got.body);
        if (result.status === 'done' || result.status === 'failed') {
          results.push(result);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    for (const result of results) {
      expect(result).toMatchObject({ status: 'done', pageCount: 5, unrecognisedPages: [] });
      expect(result.pages.map((p) => p.page)).toEqual([0, 1, 2, 3, 4]);
    }
  }, 180_000);
});
