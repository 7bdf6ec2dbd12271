/**
 * How long a run may wait for review before the console marks it (the runs page, Insights): the organization's
 * setting, kept by the console's BFF. Admins change it here.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useCapabilities } from '@/api/capabilities';
import { useOrganizationScope } from '@/api/organization-scope';
import { reviewSettingsQueryOptions, useUpdateReviewSettings } from '@/api/review-team';
import { DateTime } from '@/components/date-time';
import { Form, FormActions, NumberField, SubmitButton, useZodForm } from '@/components/form';
import { ErrorState, LoadingState } from '@/components/states';
import { toast } from '@/components/toast';
import { MAX_MAX_WAIT_MINUTES, MAX_WAIT_RULE, MIN_MAX_WAIT_MINUTES, type ReviewSettings } from '@/contract/review-team';

const LABEL = 'Longest wait for review (minutes)';
const rule = `${LABEL} ${MAX_WAIT_RULE} (a week)`;
/** The contract's body, worded for this form: the message names the field as the form labels it. */
const formSchema = z.strictObject({
  maxWaitMinutes: z
    .int({ message: rule })
    .check(z.gte(MIN_MAX_WAIT_MINUTES, { message: rule }), z.lte(MAX_MAX_WAIT_MINUTES, { message: rule })),
});

export function ReviewWaitSetting() {
  const settings = useQuery(reviewSettingsQueryOptions(useOrganizationScope()));
  const canChange = useCapabilities().manageReviewSettings;
  if (settings.isPending) return <LoadingState label="Loading the review settings" />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <>
      <p>
        A run that has waited for review longer than <strong>{settings.data.maxWaitMinutes} minutes</strong> is marked
        on the runs page and in Insights.{' '}
        {settings.data.updatedBy && settings.data.updatedTime ? (
          <span className="muted">
            Set by {settings.data.updatedBy} <DateTime value={settings.data.updatedTime} />.
          </span>
        ) : (
          <span className="muted">The default (4 hours).</span>
        )}
      </p>
      {canChange ? <ReviewWaitForm settings={settings.data} /> : null}
    </>
  );
}

function ReviewWaitForm({ settings }: { settings: ReviewSettings }) {
  const update = useUpdateReviewSettings();
  const form = useZodForm(formSchema, { defaultValues: { maxWaitMinutes: settings.maxWaitMinutes } });
  return (
    <Form
      form={form}
      aria-label="Review wait limit"
      onSubmit={async (values) => {
        await update.mutateAsync(values);
        toast.success('Review wait limit saved');
      }}
    >
      <NumberField
        name="maxWaitMinutes"
        label={LABEL}
        min={MIN_MAX_WAIT_MINUTES}
        max={MAX_MAX_WAIT_MINUTES}
        hint={`Whole minutes, ${MIN_MAX_WAIT_MINUTES} to ${MAX_MAX_WAIT_MINUTES} (a week). 240 is 4 hours.`}
      />
      <FormActions>
        <SubmitButton disabledUnlessDirty>Save limit</SubmitButton>
      </FormActions>
    </Form>
  );
}
