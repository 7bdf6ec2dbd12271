/** Models: list, one model, create, update, delete — the standard family (./resource-api.ts). */
import { modelListSchema, modelSchema, type CreateModelBody, type UpdateModelBody } from '@/contract';
import { defineResourceApi } from './resource-api';

export const modelsApi = defineResourceApi<CreateModelBody, UpdateModelBody>()({
  family: 'models',
  path: '/models',
  idField: 'modelId',
  schema: modelSchema,
  listSchema: modelListSchema,
});

export const {
  keys: modelKeys,
  listQueryOptions: modelsListQueryOptions,
  detailQueryOptions: modelQueryOptions,
  useCreate: useCreateModel,
  useUpdate: useUpdateModel,
  useDelete: useDeleteModel,
} = modelsApi;
