import { createFileRoute } from '@tanstack/react-router';
import { agentsQueryOptions } from '@/api/agents';
import { AgentsListScreen } from '@/features/agents/agents-screens';

export const Route = createFileRoute('/_authenticated/agents/')({
  staticData: { crumb: 'Agents' },
  loader: ({ context }) => context.queryClient.ensureQueryData(agentsQueryOptions(context.organization)),
  component: AgentsListScreen,
});
