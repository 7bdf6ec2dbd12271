/**
 * The team in Insights (issue 36): per-reviewer figures of a window (the BFF's review outcomes), the organization's
 * review settings (how long a run may wait), and each agent's oldest run waiting for review (read from the service).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRunListSchema, WAITING_FOR_REVIEW_STATUS } from '@/contract';
import { reviewSettingsSchema, reviewTeamSchema, type ReviewSettingsBody } from '@/contract/review-team';
import { api, request, segment } from './client';
import { familyKey } from './keys';
import { useOrganizationScope } from './organization-scope';

const reviewTeamKeys = {
  all: (org: string) => familyKey(org, 'review-team'),
  team: (org: string, agentId: string | undefined, from: string, to: string) =>
    [...familyKey(org, 'review-team'), 'team', { agentId, from, to }] as const,
  settings: (org: string) => [...familyKey(org, 'review-team'), 'settings'] as const,
  oldest: (org: string, agentId: string) => [...familyKey(org, 'review-team'), 'oldest', agentId] as const,
};

/** Per reviewer, what the reviews that ended in the window came to (one agent's, or every agent's). */
export function reviewTeamQueryOptions(
  org: string,
  { agentId, from, to }: { agentId?: string; from: string; to: string },
) {
  return queryOptions({
    queryKey: reviewTeamKeys.team(org, agentId, from, to),
    queryFn: ({ signal }) =>
      request('/bff/review/team', { query: { agentId, after: from, before: to }, schema: reviewTeamSchema, signal }),
  });
}

export function reviewSettingsQueryOptions(org: string) {
  return queryOptions({
    queryKey: reviewTeamKeys.settings(org),
    queryFn: ({ signal }) => request('/bff/review/settings', { schema: reviewSettingsSchema, signal }),
  });
}

/** An admin changes how long a run may wait for review. */
export function useUpdateReviewSettings() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: (body: ReviewSettingsBody) =>
      request('/bff/review/settings', { method: 'PUT', body, schema: reviewSettingsSchema }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(reviewTeamKeys.settings(org), settings);
      await queryClient.invalidateQueries({ queryKey: reviewTeamKeys.settings(org) });
    },
  });
}

/** When the agent's oldest run waiting for review was created (null: none waits); asked again every minute. */
export function oldestWaitingRunQueryOptions(org: string, agentId: string) {
  return queryOptions({
    queryKey: reviewTeamKeys.oldest(org, agentId),
    queryFn: async ({ signal }) => {
      const { runs } = await api(`/agents/${segment(agentId)}/runs`, {
        query: { status: WAITING_FOR_REVIEW_STATUS, sort: 'createdTime:asc', maxResults: 1 },
        schema: agentRunListSchema,
        signal,
      });
      return runs[0]?.createdTime ?? null;
    },
    refetchInterval: 60_000,
  });
}
