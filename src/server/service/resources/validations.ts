/**
 * A validation as the service keeps it, built from its create body for the API (endpoints/validations.ts) and the
 * demo data alike. `id` repeats `validationId` (the real service answers both).
 */
import { newId, type CreateValidationBody, type Validation } from '@/contract';
import { createdStamp } from '@/server/service/storage';
import type { Creator } from '@/server/service/context';

export function newValidation(body: CreateValidationBody, creator: Creator): Validation {
  const validationId = newId('validation');
  return {
    validationId,
    id: validationId,
    name: body.name ?? null,
    description: body.description ?? null,
    metadata: body.metadata ?? {},
    config: body.config ?? {},
    enabled: body.enabled ?? true,
    ...createdStamp(creator.actor),
  };
}
