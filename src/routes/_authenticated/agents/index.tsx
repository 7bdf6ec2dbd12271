import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { agentsQueryOptions } from '@/api/agents';
import { AgentsListScreen } from '@/features/agents/agents-screens';

export const Route = createFileRoute('/_authenticated/agents/')({
  staticData: {
    get crumb() {
      return t`Agents`;
    },
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(agentsQueryOptions(context.organization)),
  component: AgentsListScreen,
});
