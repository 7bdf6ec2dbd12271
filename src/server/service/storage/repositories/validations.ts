/** Validations and their tasks. */
import type { Validation, ValidationTask } from '@/contract';
import { defineRepository, schema } from '..';

export const validationsRepo = defineRepository<Validation>({
  table: schema.validations,
  idField: 'validationId',
  noun: 'Validation',
});

export const validationTasksRepo = defineRepository<ValidationTask>({
  table: schema.validationTasks,
  idField: 'taskId',
  noun: 'Validation task',
  columns: { validationId: (t) => t.validationId, status: (t) => t.status, agentRunId: (t) => t.agentRunId ?? null },
});
