/**
 * Hooks and actions as the service keeps them, built from their create bodies for the API
 * (endpoints/hooks-and-actions.ts) and the demo data alike.
 */
import { newId, type Action, type CreateActionBody, type CreateHookBody, type Hook } from '@/contract';
import { createdStamp } from '@/server/service/storage';
import type { Creator } from '@/server/service/context';

export function newHook(body: CreateHookBody, creator: Creator): Hook {
  return {
    hookId: newId('hook'),
    name: body.name ?? null,
    description: body.description ?? null,
    metadata: body.metadata ?? {},
    enabled: body.enabled ?? true,
    config: body.config ?? {},
    trigger: body.trigger ?? '*',
    actionId: body.actionId ?? null,
    ...createdStamp(creator.actor),
  };
}

export function newAction(body: CreateActionBody, creator: Creator): Action {
  return {
    actionId: newId('action'),
    name: body.name ?? null,
    description: body.description ?? null,
    metadata: body.metadata ?? {},
    enabled: body.enabled ?? true,
    config: body.config ?? {},
    ...createdStamp(creator.actor),
  };
}
