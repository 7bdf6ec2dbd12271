/**
 * Every route module of the service, registered under the api prefix: Fastify plugins declaring their zod schemas
 * (fastify-type-provider-zod) and their scope family (`config: { family }`). Scope families of the core routes:
 * organizations → `organizations`; users and roles → `users` (roles decide what users and app clients may do, so
 * managing them is user administration); app clients → `appclients`.
 */
import { appClientRoutes } from './app-clients';
import { organizationRoutes } from './organizations';
import { roleRoutes } from './roles';
import { userRoutes } from './users';
import { agentInsightsRoutes } from './agent-insights';
import { agentRunRoutes } from './agent-runs';
import { agentRoutes } from './agents';
import { documentRoutes } from './documents';
import { documentRecognitionRoutes } from './document-recognition';
import { actionRoutes, hookRoutes } from './hooks-and-actions';
import { modelRoutes } from './models';
import { runOwnerRoutes } from './run-owners';
import { validationRoutes } from './validations';

export const routePlugins = [
  organizationRoutes,
  userRoutes,
  roleRoutes,
  appClientRoutes,
  documentRoutes,
  documentRecognitionRoutes,
  modelRoutes,
  validationRoutes,
  agentRoutes,
  agentRunRoutes,
  agentInsightsRoutes,
  hookRoutes,
  actionRoutes,
  runOwnerRoutes,
];
