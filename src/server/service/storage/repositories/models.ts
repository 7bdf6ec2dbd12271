/** Extraction models. */
import type { Model } from '@/contract';
import { defineRepository, schema } from '..';

export const modelsRepo = defineRepository<Model>({ table: schema.models, idField: 'modelId', noun: 'Model' });
