/** Repositories of the families the core owns: users, roles, app clients (organizations: organizations-store.ts). */
import type { AppClient, Role, User } from '../../contract';
import { defineRepository, schema } from './storage';

export const usersRepo = defineRepository<User>({ table: schema.users, idField: 'userId', noun: 'User' });
export const rolesRepo = defineRepository<Role>({ table: schema.roles, idField: 'roleId', noun: 'Role' });
/** Stored without clientSecret (the secret exists only as `secret_hash`). */
export const appClientsRepo = defineRepository<AppClient>({ table: schema.appClients, idField: 'appClientId', noun: 'App client' });
