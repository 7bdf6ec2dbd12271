/**
 * The model form's values (what the inputs hold: text for numbers, '' for "service default") and their conversion
 * to the contract's request bodies. Numbers are checked with the contract's own rules so the form says exactly
 * what the service would.
 */
import { z } from 'zod/mini';
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/i18n/i18n';
import { descriptionRule, requiredNameRule } from '@/components/form/text-rules';
import {
  CONFIDENCE_VERSIONS,
  LLM_VERSIONS,
  MODEL_STATUSES,
  createModelBodySchema,
  describeZodError,
  preprocessConfigInputSchema,
  updateModelBodySchema,
  type CreateModelBody,
  type FieldConfig,
  type Model,
  type PreprocessConfigInput,
  type UpdateModelBody,
} from '@/contract';

/** preprocessConfig switches in the order the form shows them, with what each does (translated where shown). */
export const PREPROCESS_SWITCHES = [
  { key: 'autoRotate', label: msg`Auto rotate`, help: msg`Turn pages upright before extraction` },
  { key: 'deskewImage', label: msg`Deskew`, help: msg`Straighten slightly tilted scans` },
  { key: 'trimMargins', label: msg`Trim margins`, help: msg`Cut empty borders` },
  { key: 'padToFit', label: msg`Pad to fit`, help: msg`Pad pages to the model’s input size` },
  { key: 'optimizeDimensions', label: msg`Optimize dimensions`, help: msg`Resize pages for the model` },
  { key: 'useTextDetection', label: msg`Text detection`, help: msg`Locate text regions first` },
  { key: 'useGhostScript', label: msg`Ghostscript`, help: msg`Render PDFs with Ghostscript` },
  { key: 'usePoppler', label: msg`Poppler`, help: msg`Render PDFs with Poppler` },
] as const satisfies readonly {
  key: keyof PreprocessConfigInput;
  label: MessageDescriptor;
  help: MessageDescriptor;
}[];

export type PreprocessSwitch = (typeof PREPROCESS_SWITCHES)[number]['key'];

/**
 * A number typed as text, checked with the contract's rule. The rule's own words (the API's, in English: "must be an
 * integer >= 0") follow the setting's translated name.
 */
const numberText = (rule: z.core.$ZodType, labelMessage: MessageDescriptor) =>
  z.string().check(
    z.superRefine((text, ctx) => {
      if (text.trim() === '') return;
      const result = z.safeParse(rule, Number(text));
      if (result.success) return;
      const label = i18n._(labelMessage);
      const problem = result.error.issues[0]?.message;
      // The API's rule stays its own (English) sentence tail; only the setting's name is the operator's language.
      const message = problem ? `${label} ${problem}` : t`${label} is invalid`;
      ctx.addIssue({ code: 'custom', message });
    }),
  );

const pageIndex = preprocessConfigInputSchema.shape.startPage.def.innerType;

export function parsePages(text: string): number[] | undefined {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (!parts.length) return [];
  const pages = parts.map(Number);
  return pages.every((p) => z.safeParse(pageIndex, p).success) ? pages : undefined;
}

const jsonObjectText = (labelMessage: MessageDescriptor) =>
  z.string().check(
    z.superRefine((text, ctx) => {
      if (!text.trim()) return;
      const label = i18n._(labelMessage);
      try {
        const value = JSON.parse(text);
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          ctx.addIssue({ code: 'custom', message: t`${label} must be a JSON object` });
      } catch (error) {
        const detail = (error as Error).message;
        ctx.addIssue({ code: 'custom', message: t`${label} is not valid JSON: ${detail}` });
      }
    }),
  );

export const modelFormSchema = z.object({
  name: requiredNameRule,
  description: descriptionRule,
  status: z.enum(MODEL_STATUSES),
  llmVersion: z.enum(['', ...LLM_VERSIONS]),
  confidenceVersion: z.enum(['', ...CONFIDENCE_VERSIONS]),
  strategy: z.string().check(z.maxLength(256, { error: () => t`Strategy must be at most 256 characters` })),
  preprocess: z.object({
    ...(Object.fromEntries(PREPROCESS_SWITCHES.map((s) => [s.key, z.boolean()])) as Record<
      PreprocessSwitch,
      z.ZodMiniBoolean<boolean>
    >),
    startPage: numberText(pageIndex, msg`Start page`),
    maxPages: numberText(preprocessConfigInputSchema.shape.maxPages.def.innerType, msg`Max pages`),
    pages: z.string().check(
      z.refine((text) => parsePages(text) !== undefined, {
        error: () => t`Pages must be page indexes (integers >= 0, 0 is the first page) separated by commas`,
      }),
    ),
  }),
  metadata: jsonObjectText(msg`Metadata`),
});
export type ModelFormValues = z.infer<typeof modelFormSchema>;

export function formValuesFromModel(model?: Model): ModelFormValues {
  const pre = model?.preprocessConfig ?? {};
  return {
    name: model?.name ?? '',
    description: model?.description ?? '',
    status: model?.status ?? 'active',
    llmVersion: model?.llmVersion ?? '',
    confidenceVersion: model?.confidenceVersion ?? '',
    strategy: model?.postprocessConfig?.strategy ?? '',
    preprocess: {
      ...(Object.fromEntries(PREPROCESS_SWITCHES.map((s) => [s.key, pre[s.key] === true])) as Record<
        PreprocessSwitch,
        boolean
      >),
      startPage: pre.startPage == null ? '' : String(pre.startPage),
      maxPages: pre.maxPages == null ? '' : String(pre.maxPages),
      pages: (pre.pages ?? []).join(', '),
    },
    metadata: model?.metadata && Object.keys(model.metadata).length ? JSON.stringify(model.metadata, null, 2) : '',
  };
}

/**
 * preprocessConfig from the form, keeping the original's keys (so an untouched `false` stays `false`) and adding
 * only switches turned on: a model created without a preprocessConfig reopens and saves as it was.
 */
export function buildPreprocess(
  values: ModelFormValues['preprocess'],
  original?: Model['preprocessConfig'],
): PreprocessConfigInput {
  const { rotation: _rotation, imageQuality: _imageQuality, ...kept } = original ?? {};
  const next: PreprocessConfigInput = { ...kept };
  for (const { key } of PREPROCESS_SWITCHES) {
    if (values[key] || key in next) next[key] = values[key];
  }
  const startPage = values.startPage.trim();
  if (startPage) next.startPage = Number(startPage);
  else delete next.startPage;
  const maxPages = values.maxPages.trim();
  if (maxPages) next.maxPages = Number(maxPages);
  else delete next.maxPages;
  const pages = parsePages(values.pages) ?? [];
  if (pages.length) next.pages = pages;
  else if (original?.pages) next.pages = [];
  else delete next.pages;
  return next;
}

function metadataOf(text: string): Record<string, unknown> {
  return text.trim() ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export function buildCreateBody(values: ModelFormValues, fieldConfig: FieldConfig): CreateModelBody {
  const preprocessConfig = buildPreprocess(values.preprocess);
  const body: CreateModelBody = {
    name: values.name.trim(),
    description: values.description.trim() || null,
    fieldConfig,
    ...(Object.keys(preprocessConfig).length ? { preprocessConfig } : {}),
    ...(values.strategy.trim() ? { postprocessConfig: { strategy: values.strategy.trim() } } : {}),
    ...(values.llmVersion ? { llmVersion: values.llmVersion } : {}),
    ...(values.confidenceVersion ? { confidenceVersion: values.confidenceVersion } : {}),
    ...(values.metadata.trim() ? { metadata: metadataOf(values.metadata) } : {}),
  };
  return createModelBodySchema.parse(body);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Only what changed, or undefined when nothing did. `fieldConfig` is passed when the field editor is dirty. */
export function buildUpdateBody(
  values: ModelFormValues,
  model: Model,
  fieldConfig: FieldConfig | undefined,
): UpdateModelBody | undefined {
  const body: Record<string, unknown> = {};
  const name = values.name.trim();
  if (name !== (model.name ?? '')) body.name = name;
  const description = values.description.trim() || null;
  if (description !== (model.description ?? null)) body.description = description;
  if (values.status !== model.status) body.status = values.status;
  if (values.llmVersion && values.llmVersion !== model.llmVersion) body.llmVersion = values.llmVersion;
  if (values.confidenceVersion && values.confidenceVersion !== model.confidenceVersion)
    body.confidenceVersion = values.confidenceVersion;
  const strategy = values.strategy.trim();
  if (strategy && strategy !== model.postprocessConfig?.strategy) body.postprocessConfig = { strategy };
  const { rotation: _r, imageQuality: _q, ...originalPre } = model.preprocessConfig ?? {};
  const preprocessConfig = buildPreprocess(values.preprocess, model.preprocessConfig);
  if (!same(preprocessConfig, originalPre)) body.preprocessConfig = preprocessConfig;
  const metadata = metadataOf(values.metadata);
  if (!same(metadata, model.metadata ?? {})) body.metadata = metadata;
  if (fieldConfig) body.fieldConfig = fieldConfig;
  if (!Object.keys(body).length) return undefined;
  const parsed = updateModelBodySchema.safeParse(body);
  if (!parsed.success) throw new Error(describeZodError(parsed.error, body));
  return parsed.data;
}
