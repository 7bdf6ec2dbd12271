/** Validations: list, one validation, create, update, delete (./resource-api.ts). Tasks live in ./validation-tasks.ts. */
import {
  validationListSchema,
  validationSchema,
  type CreateValidationBody,
  type UpdateValidationBody,
} from '@/contract';
import { defineResourceApi } from './resource-api';

const validationsApi = defineResourceApi<CreateValidationBody, UpdateValidationBody>()({
  family: 'validations',
  path: '/validations',
  idField: 'validationId',
  schema: validationSchema,
  listSchema: validationListSchema,
});

export const {
  keys: validationKeys,
  listQueryOptions: validationsListQueryOptions,
  detailQueryOptions: validationQueryOptions,
  useCreate: useCreateValidation,
  useUpdate: useUpdateValidation,
  useDelete: useDeleteValidation,
} = validationsApi;
