import type { Validation } from '@/contract';

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <span className="badge badge--success">Enabled</span>
  ) : (
    <span className="badge badge--outline" title="Runs skip this validation">
      Disabled
    </span>
  );
}

export function ruleCount(validation: Pick<Validation, 'config'>): string {
  const rules = (validation.config as { rules?: unknown[] } | null)?.rules;
  const n = Array.isArray(rules) ? rules.length : 0;
  return n === 0 ? 'No rules' : `${n} ${n === 1 ? 'rule' : 'rules'}`;
}
