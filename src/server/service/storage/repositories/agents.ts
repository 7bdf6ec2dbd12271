/** Agents. */
import type { Agent } from '@/contract';
import { defineRepository, schema } from '..';

export const agentsRepo = defineRepository<Agent>({ table: schema.agents, idField: 'agentId', noun: 'Agent' });
