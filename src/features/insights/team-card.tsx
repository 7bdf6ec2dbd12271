/**
 * The team over the window (issue 36): per reviewer, runs confirmed and rejected, time in review (median, p90) and
 * fields corrected per confirmed run, from the BFF's review outcomes. A table is its own chart: the Table view is all
 * there is, with the copy button of every card.
 */
import { useQuery } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { formatNumber } from '@/i18n/format';
import { useOrganizationScope } from '@/api/organization-scope';
import { reviewTeamQueryOptions } from '@/api/review-team';
import { CopyButton } from '@/components/copy-button';
import { Section } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import type { ReviewerFigures } from '@/contract/review-team';
import { FigureTableView, toTsv, type FigureTable } from './chart-card';
import { formatCount, formatDuration } from './charts/axes';

const perRun = (n: number) => formatNumber(n, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const seconds = (ms: number | null) => (ms == null ? null : ms / 1000);

export function teamTable(reviewers: readonly ReviewerFigures[]): FigureTable {
  return {
    caption: t`Per reviewer over the window: runs confirmed and rejected, time in review, corrections per run`,
    columns: [
      t`Reviewer`,
      t`Confirmed (runs)`,
      t`Rejected (runs)`,
      t`In review, median`,
      t`In review, p90`,
      t`Corrections per run`,
    ],
    rows: reviewers.map((r) => ({
      key: r.reviewer,
      cells: [
        { text: r.reviewer },
        { text: formatCount(r.reviewed) },
        { text: formatCount(r.rejected) },
        { text: formatDuration(seconds(r.medianMs)) },
        { text: formatDuration(seconds(r.p90Ms)) },
        { text: r.correctionsPerRun == null ? '—' : perRun(r.correctionsPerRun) },
      ],
    })),
  };
}

export function TeamCard({ agentId, from, to }: { agentId: string; from: string; to: string }) {
  const org = useOrganizationScope();
  const team = useQuery(reviewTeamQueryOptions(org, { agentId, from, to }));
  const title = t`Team`;
  const table = teamTable(team.data?.reviewers ?? []);
  const empty = team.data?.reviewers.length === 0;
  return (
    <Section
      id="insights-team"
      title={title}
      description={t`Reviews finished in the window, per reviewer: time from taking a run to confirming or rejecting it, and the fields they corrected per confirmed run.`}
      actions={
        team.data && !empty ? <CopyButton value={toTsv(table)} label={t`Copy the figures of the team`} /> : undefined
      }
    >
      {team.isPending ? (
        <LoadingState label={t`Loading the team's figures…`} />
      ) : team.isError ? (
        <ErrorState error={team.error} onRetry={() => void team.refetch()} />
      ) : empty ? (
        <EmptyState title={t`No reviews finished in this window`}>
          <Trans>
            Reviews show here once reviewers confirm or reject this agent&apos;s runs in the console (Runs → Review).
            Choose a longer window to include earlier ones.
          </Trans>
        </EmptyState>
      ) : (
        <FigureTableView table={table} />
      )}
    </Section>
  );
}
