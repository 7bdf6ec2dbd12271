import { t } from '@lingui/core/macro';
import { z } from 'zod/mini';
import { DialogCancel, Form, FormActions, SubmitButton, TextareaField, TextField, useZodForm } from '@/components/form';
import type { Agent, CreateAgentBody } from '@/contract';

// resourceIds are typed one per line: an agent's workflow is a short list of ids (model, validation, hooks, actions).
const agentFormSchema = z.object({
  // The message is asked for when a value fails (a function: never frozen in the language of the module's load).
  name: z.string().check(z.trim(), z.maxLength(4096, { error: () => t`must be at most 4096 characters` })),
  description: z.string().check(z.trim(), z.maxLength(4096, { error: () => t`must be at most 4096 characters` })),
  resourceIds: z.string(),
});
type AgentFormInput = z.input<typeof agentFormSchema>;

export function agentBody(values: z.output<typeof agentFormSchema>): CreateAgentBody {
  return {
    name: values.name || null,
    description: values.description || null,
    resourceIds: values.resourceIds
      .split(/\s+/)
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/** Create or edit an agent: name, description and the resources that make up its workflow. */
export function AgentForm({
  agent,
  onSubmit,
  inDialog = false,
  canWrite = true,
}: {
  agent?: Agent;
  onSubmit: (body: CreateAgentBody) => Promise<unknown>;
  inDialog?: boolean;
  canWrite?: boolean;
}) {
  const form = useZodForm(agentFormSchema, {
    defaultValues: {
      name: agent?.name ?? '',
      description: agent?.description ?? '',
      resourceIds: (agent?.resourceIds ?? []).join('\n'),
    } satisfies AgentFormInput,
  });
  return (
    <Form
      form={form}
      onSubmit={(values) => onSubmit(agentBody(values))}
      aria-label={agent ? t`Edit agent` : t`Create agent`}
    >
      <TextField name="name" label={t`Name`} disabled={!canWrite} />
      <TextareaField name="description" label={t`Description`} optional disabled={!canWrite} />
      <TextareaField
        name="resourceIds"
        label={t`Resources`}
        optional
        mono
        rows={5}
        disabled={!canWrite}
        hint={t`One id a line: the model (svc:model:…), validation, hooks and actions this agent runs.`}
      />
      {canWrite && (
        <FormActions>
          <SubmitButton disabledUnlessDirty={Boolean(agent)}>{agent ? t`Save agent` : t`Create agent`}</SubmitButton>
          {inDialog && <DialogCancel />}
        </FormActions>
      )}
    </Form>
  );
}
