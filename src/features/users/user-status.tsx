import type { UserStatus } from '@/contract';

const TONE: Record<UserStatus, { label: string; className: string }> = {
  active: { label: 'Active', className: 'badge badge--success' },
  inactive: { label: 'Inactive', className: 'badge badge--outline' },
  invite_pending: { label: 'Invite pending', className: 'badge badge--warning' },
};

export function UserStatusBadge({ status, reason }: { status: UserStatus | undefined; reason?: string | null }) {
  if (!status) return <span className="muted">—</span>;
  const tone = TONE[status];
  return (
    <span className={tone.className} title={reason ?? undefined}>
      {tone.label}
    </span>
  );
}
