import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Validation } from '@/contract';

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <span className="badge badge--success">
      <Trans>Enabled</Trans>
    </span>
  ) : (
    <span className="badge badge--outline" title={t`Runs skip this validation`}>
      <Trans>Disabled</Trans>
    </span>
  );
}

export function ruleCount(validation: Pick<Validation, 'config'>): string {
  const rules = (validation.config as { rules?: unknown[] } | null)?.rules;
  const n = Array.isArray(rules) ? rules.length : 0;
  return n === 0 ? t`No rules` : plural(n, { one: '# rule', other: '# rules' });
}
