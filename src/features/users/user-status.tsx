import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { UserStatus } from '@/contract';
import { i18n } from '@/i18n/i18n';

const TONE: Record<UserStatus, { label: MessageDescriptor; className: string }> = {
  active: { label: msg`Active`, className: 'badge badge--success' },
  inactive: { label: msg`Inactive`, className: 'badge badge--outline' },
  invite_pending: { label: msg`Invite pending`, className: 'badge badge--warning' },
};

export function UserStatusBadge({ status, reason }: { status: UserStatus | undefined; reason?: string | null }) {
  if (!status) return <span className="muted">—</span>;
  const tone = TONE[status];
  return (
    <span className={tone.className} title={reason ?? undefined}>
      {i18n._(tone.label)}
    </span>
  );
}
