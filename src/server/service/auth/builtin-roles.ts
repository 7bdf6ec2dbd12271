/**
 * The four built-in roles every organization gets (ids fixed, so `svc:role:viewer` means the same everywhere).
 *   admin      everything
 *   member     works with documents, models, validations, agents, hooks, actions and their runs; reads the rest
 *   validator  reviews: reads documents and runs, edits documents (ground truth) and validation tasks
 *   viewer     reads everything, writes nothing
 */
import type { Permission, Role } from '@/contract';

export const BUILTIN_ROLE_IDS = {
  admin: 'svc:role:admin',
  member: 'svc:role:member',
  validator: 'svc:role:validator',
  viewer: 'svc:role:viewer',
} as const;

const allow = (resourceId: string, action: Permission['action']): Permission => ({
  resourceId,
  effect: 'allow',
  action,
});

const MEMBER_WRITES = [
  'documents',
  'models',
  'validations',
  'validations.tasks',
  'agents',
  'agents.runs',
  'hooks',
  'hooks.runs',
  'actions',
  'actions.runs',
  'predictions',
  'workflows',
];

const BUILTIN_ROLES: Record<
  keyof typeof BUILTIN_ROLE_IDS,
  { name: string; description: string; permissions: Permission[] }
> = {
  admin: {
    name: 'Admin',
    description: 'Full access to every resource of the organization.',
    permissions: [allow('*', '*')],
  },
  member: {
    name: 'Member',
    description:
      'Works with documents, models, validations, agents, hooks, actions and their runs; reads everything else.',
    permissions: [allow('*', 'read'), ...MEMBER_WRITES.map((family) => allow(family, 'write'))],
  },
  validator: {
    name: 'Validator',
    description: 'Reviews predictions: edits documents and validation tasks; reads everything else.',
    permissions: [allow('*', 'read'), allow('documents', 'write'), allow('validations.tasks', 'write')],
  },
  viewer: {
    name: 'Viewer',
    description: 'Reads every resource; changes nothing.',
    permissions: [allow('*', 'read')],
  },
};

export function isBuiltinRole(roleId: string): boolean {
  return (Object.values(BUILTIN_ROLE_IDS) as string[]).includes(roleId);
}

export function builtinRoles(createdTime: string, createdBy: string | null): Role[] {
  return (Object.keys(BUILTIN_ROLES) as (keyof typeof BUILTIN_ROLES)[]).map((key) => ({
    roleId: BUILTIN_ROLE_IDS[key],
    name: BUILTIN_ROLES[key].name,
    description: BUILTIN_ROLES[key].description,
    metadata: { builtIn: true },
    permissions: BUILTIN_ROLES[key].permissions,
    createdTime,
    createdBy,
    updatedTime: null,
    updatedBy: null,
  }));
}
