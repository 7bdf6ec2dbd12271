import { AgentPicker } from './agent-picker';
import { ReviewSitting } from './review-sitting';

/** Review: without an agent, the agent picker; with one, a sitting on its queue (a new sitting per agent). */
export function ReviewScreen({ agentId, runId }: { agentId: string | undefined; runId: string | undefined }) {
  if (!agentId) return <AgentPicker />;
  return <ReviewSitting key={agentId} agentId={agentId} runId={runId ?? null} />;
}
