/**
 * How long a run may wait for review before the console marks it (the runs page, Insights): the organization's
 * setting, kept by the console's BFF. Admins change it here.
 */
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useCapabilities } from '@/api/capabilities';
import { useOrganizationScope } from '@/api/organization-scope';
import { reviewSettingsQueryOptions, useUpdateReviewSettings } from '@/api/review-team';
import { DateTime } from '@/components/date-time';
import { Form, FormActions, NumberField, SubmitButton, useZodForm } from '@/components/form';
import { ErrorState, LoadingState } from '@/components/states';
import { toast } from '@/components/toast';
import { MAX_MAX_WAIT_MINUTES, MIN_MAX_WAIT_MINUTES, type ReviewSettings } from '@/contract/review-team';
import { formatNumber } from '@/i18n/format';

/** The contract's rule, worded for this form (when a value fails, in the operator's language): it names the field. */
function rule(): string {
  const min = formatNumber(MIN_MAX_WAIT_MINUTES);
  const max = formatNumber(MAX_MAX_WAIT_MINUTES);
  return t`Longest wait for review (minutes) must be a whole number of minutes from ${min} to ${max} (a week)`;
}
/** The contract's body, checked with the form's own message. */
const formSchema = z.strictObject({
  maxWaitMinutes: z
    .int({ error: rule })
    .check(z.gte(MIN_MAX_WAIT_MINUTES, { error: rule }), z.lte(MAX_MAX_WAIT_MINUTES, { error: rule })),
});

export function ReviewWaitSetting() {
  const settings = useQuery(reviewSettingsQueryOptions(useOrganizationScope()));
  const canChange = useCapabilities().manageReviewSettings;
  if (settings.isPending) return <LoadingState label={t`Loading the review settings`} />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  const { maxWaitMinutes, updatedBy, updatedTime } = settings.data;
  const limit = plural(maxWaitMinutes, { one: '# minute', other: '# minutes' });
  return (
    <>
      <p>
        <Trans>
          A run that has waited for review longer than <strong>{limit}</strong> is marked on the runs page and in
          Insights.
        </Trans>{' '}
        {updatedBy && updatedTime ? (
          <span className="muted">
            <Trans>
              Set by {updatedBy} <DateTime value={updatedTime} />.
            </Trans>
          </span>
        ) : (
          <span className="muted">
            <Trans>The default (4 hours).</Trans>
          </span>
        )}
      </p>
      {canChange ? <ReviewWaitForm settings={settings.data} /> : null}
    </>
  );
}

function ReviewWaitForm({ settings }: { settings: ReviewSettings }) {
  const update = useUpdateReviewSettings();
  const form = useZodForm(formSchema, { defaultValues: { maxWaitMinutes: settings.maxWaitMinutes } });
  const min = formatNumber(MIN_MAX_WAIT_MINUTES);
  const max = formatNumber(MAX_MAX_WAIT_MINUTES);
  const example = formatNumber(240);
  return (
    <Form
      form={form}
      aria-label={t`Review wait limit`}
      onSubmit={async (values) => {
        await update.mutateAsync(values);
        toast.success(t`Review wait limit saved`);
      }}
    >
      <NumberField
        name="maxWaitMinutes"
        label={t`Longest wait for review (minutes)`}
        min={MIN_MAX_WAIT_MINUTES}
        max={MAX_MAX_WAIT_MINUTES}
        hint={t`Whole minutes, ${min} to ${max} (a week). ${example} is 4 hours.`}
      />
      <FormActions>
        <SubmitButton disabledUnlessDirty>
          <Trans>Save limit</Trans>
        </SubmitButton>
      </FormActions>
    </Form>
  );
}
