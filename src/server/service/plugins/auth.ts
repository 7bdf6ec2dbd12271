/**
 * Bearer token and scope for every route that names its scope family (`config: { family }`), checked on request,
 * before the body is read: 401 and 403 come before 413, 415 and 400.
 */
import fp from 'fastify-plugin';
import { authenticator } from '@/server/service/auth/authenticate';
import { actionOf, isAllowed } from '@/server/service/auth/permissions';
import type { AuthContext } from '@/server/service/context';
import { forbidden } from '@/server/service/http-error';

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('auth', null as unknown as AuthContext);
    const authenticate = authenticator(app.store, app.serviceConfig.now);
    app.addHook('onRequest', async (request) => {
      const { family } = request.routeOptions.config;
      if (!family) return;
      const auth = await authenticate(request.headers.authorization);
      if (!isAllowed(auth.permissions, family, actionOf(request.method))) throw forbidden();
      request.auth = auth;
    });
  },
  { name: 'service-auth', dependencies: ['service-decorators'] },
);
