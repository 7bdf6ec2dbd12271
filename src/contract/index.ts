/**
 * The seed as zod schemas, shared by the console, the BFF and the embedded service. This module imports nothing
 * from the rest of the project.
 */
export * from './primitives';
export * from './caller-pattern';
export * from './ids';
export * from './run-reference';
export * from './enums';
export * from './common';
export * from './errors';
export * from './documents';
export * from './organizations';
export * from './users';
export * from './profiles';
export * from './roles';
export * from './app-clients';
export * from './models';
export * from './validations';
export * from './validation-config';
export * from './agents';
export * from './agent-run-statuses';
export * from './agent-run-counts';
export * from './agent-insights';
export * from './insights-from-runs';
export * from './run-variables';
export * from './run-owner';
