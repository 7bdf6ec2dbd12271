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
import './oldest-waiting.css';

const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** "45 s", "12 min", "3 h 5 min", "2 d 4 h" (as Insights writes durations, whole minutes past an hour). */
export function formatWait(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${integer.format(s)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${integer.format(m)} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${integer.format(h)} h${m % 60 ? ` ${m % 60} min` : ''}`;
  return `${integer.format(Math.floor(h / 24))} d${h % 24 ? ` ${h % 24} h` : ''}`;
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
        Oldest waiting <strong>{formatWait(age)}</strong>
        {late && `, over the ${formatWait(limitMs)} limit`}
      </span>
    </span>
  );
}
