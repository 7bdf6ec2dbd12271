/**
 * Demo data for a new data dir (called once by ../bootstrap.ts unless DPS_DEMO=0): sample documents, the models,
 * validations, actions, hooks and agents that use them (demo-resources.ts), runs in every state (demo-runs.ts) and
 * weeks of history for the insights (insights-history.ts). Everything goes through the same builders, repositories,
 * counters and run engine as the API, in one transaction, so a failed seed leaves nothing behind.
 */
import { newId, type Document } from '@/contract';
import type { SeedContext } from '@/server/service/context';
import type { RunScope } from '@/server/service/runs/agent-run-engine';
import { bumpCounter, createdStamp, type Tx } from '@/server/service/storage';
import type { Upload } from '@/server/service/storage/file-store/file-store';
import { documentsRepo } from '@/server/service/storage/repositories/documents';
import { seedActionsAndHooks, seedAgents, seedModels, seedValidations } from './demo-resources';
import { seedRuns } from './demo-runs';
import { seedInsightsHistory } from './insights-history';
import { makeSampleFiles } from './samples';

const DEMO_DATASET_ID = 'svc:dataset:0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const DEMO_CONSENT_ID = 'legacy:consent:f0e1d2c3b4a5968778695a4b3c2d1e0f';

export async function seedDemoData(ctx: SeedContext): Promise<void> {
  const files = await makeSampleFiles();
  const scope: RunScope = {
    organizationId: ctx.organizationId,
    actor: ctx.actor,
    publicBaseUrl: ctx.urls.publicBaseUrl,
  };

  // The bytes go into the file store first: it writes outside any transaction (on PGlite, the one connection).
  const uploads: Upload[] = [];
  for (const file of files) {
    const documentId = newId('document');
    uploads.push(await ctx.files.upload(ctx.organizationId, documentId, [file.bytes], file.bytes.length));
  }

  await ctx.store.transaction(async (tx) => {
    const documents = await seedDocuments(tx, ctx, files, uploads);
    const models = await seedModels(tx, ctx);
    const validations = await seedValidations(tx, ctx);
    const { actions, hooks } = await seedActionsAndHooks(tx, ctx);
    const agents = await seedAgents(tx, ctx, { models, validations, actions, hooks });
    await seedRuns(tx, ctx, scope, { documents, validations, actions, hooks, agents });
    await seedInsightsHistory(
      tx,
      ctx,
      [
        {
          agentId: agents.invoiceAgent.agentId,
          model: models.invoice,
          validation: validations.invoice,
          perDay: 14,
          reviewShare: 0.6,
        },
        {
          agentId: agents.receiptAgent.agentId,
          model: models.receipt,
          validation: validations.receipt,
          perDay: 8,
          reviewShare: 0.15,
        },
      ],
      documents,
    );
  });
}

type SampleFile = Awaited<ReturnType<typeof makeSampleFiles>>[number];

/** Documents: one per content type, with ground truth matching what the file shows. */
async function seedDocuments(tx: Tx, ctx: SeedContext, files: SampleFile[], uploads: Upload[]): Promise<Document[]> {
  const org = ctx.organizationId;
  const stamp = () => createdStamp(ctx.actor);
  const documents: Document[] = [];
  for (const [index, file] of files.entries()) {
    const document: Document = {
      documentId: uploads[index].documentId,
      name: file.name,
      description: `Demo ${file.contentType} invoice from ${file.data.vendorName}`,
      metadata: { source: 'demo', vendor: file.data.vendorName },
      retentionInDays: 365,
      contentMD5: uploads[index].md5,
      contentType: file.contentType,
      datasetId: index % 2 === 0 ? DEMO_DATASET_ID : null,
      consentId: index === 1 ? DEMO_CONSENT_ID : null,
      agentRunId: null,
      groundTruth: file.groundTruth,
      ...stamp(),
    };
    await bumpCounter(tx, org, 'monthlyNumberOfDocumentsCreated', 1);
    await documentsRepo.create(tx, org, document);
    await ctx.files.commit(tx, uploads[index], file.contentType);
    documents.push(document);
  }
  return documents;
}
