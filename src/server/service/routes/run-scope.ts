import type { AuthContext, ServiceContext } from '../context';
import type { RunScope } from '../runs/agent-run-engine';

/** The run engine's view of a request: whose organization, who acts, and the public base URL. */
export function runScope(auth: AuthContext, ctx: ServiceContext): RunScope {
  return { organizationId: auth.organizationId, actor: auth.actor, publicBaseUrl: ctx.urls.publicBaseUrl };
}
