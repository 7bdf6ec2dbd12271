import { t } from '@lingui/core/macro';
import {
  createOrganizationBodySchema,
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  updateOrganizationBodySchema,
  type CreateOrganizationBody,
  type Organization,
  type UpdateOrganizationBody,
} from '@/contract';
import {
  changedFields,
  CheckboxField,
  CreateForm,
  EditForm,
  MetadataField,
  NameDescriptionFields,
  NumberField,
  TextField,
  useZodForm,
} from '@/components/form';
import { formatNumber } from '@/i18n/format';

/** Name, URL and description, in the create and the edit form alike. */
function NameUrlDescriptionFields({ emptyAs }: { emptyAs: 'undefined' | 'null' }) {
  return (
    <NameDescriptionFields
      emptyAs={emptyAs}
      nameWide={false}
      afterName={
        <TextField
          name="url"
          label={t`URL`}
          optional
          emptyAs="undefined"
          hint={t`Starts with https:// (or http://localhost).`}
          type="url"
        />
      }
    />
  );
}

/** The PATCH body of the organization form: only the changed fields; url, plan and payment method cannot be cleared. */
export function organizationChanges(original: Organization, values: UpdateOrganizationBody): UpdateOrganizationBody {
  return changedFields(original, values, (field) => {
    // These have no "clear" in the API: an emptied box would silently mean "leave as it was" — say so instead.
    throw new Error(t`${field} cannot be removed, only changed. Put the previous value back or enter a new one.`);
  });
}

/** Edit the organization: name, description, url, retention, plan, payment method, metadata (the seed's PATCH). */
export function EditOrganizationForm({
  organization,
  onSubmit,
}: {
  organization: Organization;
  onSubmit: (body: UpdateOrganizationBody) => Promise<unknown>;
}) {
  const form = useZodForm(updateOrganizationBodySchema, {
    defaultValues: {
      name: organization.name ?? null,
      description: organization.description ?? null,
      url: organization.url ?? undefined,
      documentRetentionInDays: organization.documentRetentionInDays ?? undefined,
      planId: organization.planId ?? undefined,
      paymentMethodId: organization.paymentMethodId ?? undefined,
      metadata: organization.metadata ?? undefined,
    },
  });
  const minDays = formatNumber(MIN_RETENTION_DAYS);
  const maxDays = formatNumber(MAX_RETENTION_DAYS);
  return (
    <EditForm
      form={form}
      label={t`Edit organization`}
      original={organization}
      changes={(original, values) => organizationChanges(original as Organization, values)}
      onSubmit={onSubmit}
    >
      <NameUrlDescriptionFields emptyAs="null" />
      <NumberField
        name="documentRetentionInDays"
        label={t`Document retention (days)`}
        min={MIN_RETENTION_DAYS}
        max={MAX_RETENTION_DAYS}
        hint={t`Documents are deleted after this many days: ${minDays} to ${maxDays}.`}
      />
      <TextField
        name="planId"
        label={t`Plan`}
        optional
        emptyAs="undefined"
        mono
        hint={t`svc:plan:<name>, e.g. svc:plan:enterprise`}
      />
      <TextField
        name="paymentMethodId"
        label={t`Payment method`}
        optional
        emptyAs="undefined"
        mono
        hint={t`svc:payment-method:<32 lowercase hex>`}
      />
      <MetadataField />
    </EditForm>
  );
}

/** A new organization: name, description, url, new scopes, metadata (the seed's POST /organizations). */
export function CreateOrganizationForm({ onSubmit }: { onSubmit: (body: CreateOrganizationBody) => Promise<unknown> }) {
  const form = useZodForm(createOrganizationBodySchema, {
    defaultValues: { name: undefined, description: undefined, url: undefined, useNewScopes: true, metadata: undefined },
  });
  return (
    <CreateForm form={form} label={t`Create organization`} onSubmit={onSubmit}>
      <NameUrlDescriptionFields emptyAs="undefined" />
      <CheckboxField
        name="useNewScopes"
        label={t`Use new scopes`}
        hint={t`Scopes per resource family (documents:read, users:write, …).`}
        wide
      />
      <MetadataField />
    </CreateForm>
  );
}
