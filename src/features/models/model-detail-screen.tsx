import { useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { toast } from '@/components/toast';
import { modelQueryOptions, useDeleteModel, useUpdateModel } from '@/api/models';
import { useCapabilities } from '@/api/capabilities';
import { TypeToConfirmDelete } from '@/components/type-to-confirm-delete';
import { IdWithCopy } from '@/components/copy-button';
import { DateTime } from '@/components/date-time';
import { PageHeader, Section } from '@/components/page-header';
import type { Model } from '@/contract';
import { ModelForm } from './model-form';
import { fieldSummary, ModelStatusBadge } from './model-status';
import { useOrganizationScope } from '@/api/organization-scope';
import { formatNumber } from '@/i18n/format';

/** One model: its facts and statistics, the edit form, and delete behind a typed confirmation. */
export function ModelDetailScreen({ modelId }: { modelId: string }) {
  const org = useOrganizationScope();
  const canWrite = useCapabilities().write;
  const { data: model } = useSuspenseQuery(modelQueryOptions(org, modelId));
  const update = useUpdateModel();
  const remove = useDeleteModel();
  const navigate = useNavigate();
  const name = model.name || t`Untitled model`;
  const version = model.version;
  return (
    <div className="page">
      <PageHeader
        title={name}
        meta={
          <>
            <ModelStatusBadge status={model.status} />
            <IdWithCopy id={model.modelId} label={t`Copy model id`} />
            <span>
              <Trans>version {version}</Trans>
            </span>
          </>
        }
        description={fieldSummary(model)}
        actions={
          !canWrite ? undefined : (
            <TypeToConfirmDelete
              title={(name) => t`Delete model ${name}?`}
              confirmLabel={t`Delete model`}
              name={name}
              buttonLabel={t`Delete`}
              description={t`Agents that name this model will fail their runs until they name another one. This cannot be undone.`}
              onDelete={async () => {
                await remove.mutateAsync(model.modelId);
                toast.success(t`Deleted model ${name}`);
                await navigate({ to: '/models' });
              }}
            />
          )
        }
      />
      <p className="muted">
        <Trans>
          Updated <DateTime value={model.updatedTime ?? model.createdTime} /> · created{' '}
          <DateTime value={model.createdTime} mode="exact" />
        </Trans>
      </p>
      <ModelStatistics model={model} />
      <ModelForm
        key={`${model.modelId}:${model.updatedTime ?? ''}`}
        mode="edit"
        model={model}
        canWrite={canWrite}
        onUpdate={async (body) => {
          await update.mutateAsync({ modelId: model.modelId, body });
          toast.success(t`Model saved`);
        }}
      />
    </div>
  );
}

function ModelStatistics({ model }: { model: Model }) {
  const stats = Object.entries(model.statistics ?? {}).filter(
    ([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v),
  );
  const facts: [string, string | number][] = [
    [t`Running trainings`, model.numberOfRunningTrainings ?? 0],
    [t`Data bundles`, model.numberOfDataBundles ?? 0],
    // The service's own statistics: their keys are its words, shown humanized as they are.
    ...stats.map(([key, value]): [string, string | number] => [
      humanize(key),
      value === null ? '—' : typeof value === 'boolean' ? (value ? t`yes` : t`no`) : (value as string | number),
    ]),
  ];
  return (
    <Section title={t`Statistics`} description={t`Reported by the service.`}>
      <dl className="model-stats">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{typeof value === 'number' ? formatNumber(value) : value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

const humanize = (key: string) =>
  key
    .replace(/^numberOf/, 'number of ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());
