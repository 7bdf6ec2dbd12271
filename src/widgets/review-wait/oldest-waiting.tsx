/**
 * How long the agent's oldest run has waited for review, beside the organization's limit (`GET /bff/review/settings`):
 * past the limit it says so in words and with a warning icon, not by colour alone. Shown on the runs page and in
 * Insights.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useOrganizationScope } from '@/api/organization-scope';
import { oldestWaitingRunQueryOptions, reviewSettingsQueryOptions } from '@/api/review-team';
import { IconAlert } from '@/components/icons';
import { formatNumber } from '@/i18n/format';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import './oldest-waiting.css';

/** "45 s", "12 min", "3 h 5 min", "2 d 4 h" (as Insights writes durations, whole minutes past an hour). */
export function formatWait(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const totalMinutes = Math.floor(totalSeconds / 60);
  const totalHours = Math.floor(totalMinutes / 60);
  const seconds = formatNumber(totalSeconds);
  const minutes = formatNumber(totalMinutes % 60);
  const hours = formatNumber(totalHours % 24);
  if (totalSeconds < 60) return t`${seconds} s`;
  if (totalMinutes < 60) return t`${minutes} min`;
  if (totalHours < 48) {
    const allHours = formatNumber(totalHours);
    return totalMinutes % 60 ? t`${allHours} h ${minutes} min` : t`${allHours} h`;
  }
  const days = formatNumber(Math.floor(totalHours / 24));
  return totalHours % 24 ? t`${days} d ${hours} h` : t`${days} d`;
}

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "Oldest waiting 12 min", or "Oldest waiting 5 h 3 min, over the 4 h limit"; `empty` when nothing waits. */
export function OldestWaiting({ agentId, empty = null }: { agentId: string; empty?: ReactNode }) {
  const org = useOrganizationScope();
  const oldest = useQuery(oldestWaitingRunQueryOptions(org, agentId));
  const settings = useQuery(reviewSettingsQueryOptions(org));
  const now = useMinuteClock();
  if (oldest.isPending || oldest.isError) return null;
  if (oldest.data === null) return <>{empty}</>;
  const age = Math.max(0, now - Date.parse(oldest.data));
  const limitMs = settings.data ? settings.data.maxWaitMinutes * 60_000 : null;
  const late = limitMs !== null && age > limitMs;
  return (
    <span className={late ? 'oldest-waiting oldest-waiting--late' : 'oldest-waiting'} data-testid="oldest-waiting">
      {late && <IconAlert aria-hidden="true" />}
      <span>
        <WaitWords wait={formatWait(age)} limit={late ? formatWait(limitMs) : null} />
      </span>
    </span>
  );
}

/** "Oldest waiting <strong>12 min</strong>", with ", over the 4 h limit" when it is late: one sentence each. */
function WaitWords({ wait, limit }: { wait: string; limit: string | null }) {
  return limit === null ? (
    <Trans>
      Oldest waiting <strong>{wait}</strong>
    </Trans>
  ) : (
    <Trans>
      Oldest waiting <strong>{wait}</strong>, over the {limit} limit
    </Trans>
  );
}
