/**
 * The Fastify instance a route plugin of either server gets (zod schemas as the type provider), for the functions
 * a plugin is split into: each takes the instance and registers its route or group of routes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
