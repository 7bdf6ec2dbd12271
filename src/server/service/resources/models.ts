/**
 * A model as the service keeps it: built from its create body and changed by a patch, for the API
 * (endpoints/models.ts) and the demo data alike, so both make the same record. `version` starts at 0 and increments
 * whenever `fieldConfig` changes (then `updatedFieldConfigTime` is set); `statistics` counts the fields by type and
 * the predictions made with the model.
 */
import {
  newId,
  nowTimestamp,
  type CreateModelBody,
  type FieldConfig,
  type Model,
  type UpdateModelBody,
} from '@/contract';
import { createdStamp, updatedStamp } from '@/server/service/storage';
import type { Creator } from '@/server/service/context';

/** The new model of a (parsed) create body; `status` other than `active` only for demo data (no training here). */
export function newModel(body: CreateModelBody, creator: Creator, status: Model['status'] = 'active'): Model {
  const fieldConfig = body.fieldConfig ?? {};
  return {
    modelId: newId('model'),
    organizationId: creator.organizationId,
    trainingId: null,
    name: body.name ?? null,
    description: body.description ?? null,
    metadata: body.metadata ?? {},
    fieldConfig,
    preprocessConfig: body.preprocessConfig ?? {},
    postprocessConfig: { strategy: body.postprocessConfig?.strategy ?? 'BEST_FIRST', outputFormat: 'v1' },
    status,
    llmVersion: body.llmVersion ?? 'sonnet-4.5',
    confidenceVersion: body.confidenceVersion ?? 'v2',
    version: 0,
    numberOfRunningTrainings: 0,
    numberOfDataBundles: 0,
    statistics: { ...fieldStatistics(fieldConfig), numberOfPredictions: 0 },
    updatedFieldConfigTime: body.fieldConfig ? nowTimestamp() : null,
    ...createdStamp(creator.actor),
  };
}

/** The model after a (parsed, partial) patch by `actor`. */
export function patchedModel(current: Model, body: UpdateModelBody, actor: string): Model {
  const next: Model = { ...current, ...body, ...updatedStamp(actor) };
  if (body.postprocessConfig)
    next.postprocessConfig = {
      ...body.postprocessConfig,
      outputFormat: current.postprocessConfig?.outputFormat ?? 'v1',
    };
  if (body.fieldConfig && JSON.stringify(body.fieldConfig) !== JSON.stringify(current.fieldConfig ?? {})) {
    next.version = (current.version ?? 0) + 1;
    next.updatedFieldConfigTime = next.updatedTime;
    next.statistics = { ...(current.statistics ?? {}), ...fieldStatistics(body.fieldConfig) };
  }
  return next;
}

/** A model's field counts, by type: kept in `statistics` whenever its `fieldConfig` is set. */
function fieldStatistics(fieldConfig: FieldConfig): Record<string, unknown> {
  const fieldTypes: Record<string, number> = {};
  for (const spec of Object.values(fieldConfig)) fieldTypes[spec.type] = (fieldTypes[spec.type] ?? 0) + 1;
  return { numberOfFields: Object.keys(fieldConfig).length, fieldTypes };
}
