/**
 * The field-configuration editor's working state. A fieldConfig is `{ <name>: FieldSpec }` whose key order is the
 * field order; while an operator edits, names may be empty, duplicated or invalid, so the editor keeps an ordered list
 * of drafts instead and serialises it back. Unknown keys of a spec are kept untouched (the schema then reports them)
 * so nothing typed in the raw JSON view is ever dropped by the structured view.
 *
 * Its problems are written in the operator's language when they are made (at render or on an edit); the contract's
 * own rule text ("must be an integer from 1 to 4096") is the API's, in English.
 */
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/i18n/i18n';
import {
  FIELD_NAME_PATTERN,
  FIELD_TYPES,
  NESTED_FIELD_TYPES,
  fieldNameSchema,
  fieldSpecSchema,
  nestedFieldSpecSchema,
  type FieldConfig,
} from '@/contract';

export type FieldDraft = {
  /** Stable identity for React keys and focus; never serialised. */
  key: string;
  name: string;
  /** The spec without `fields`; may hold unknown keys from the JSON view. */
  spec: Record<string, unknown>;
  /** Columns of a lines/table field (or of a spec that carries `fields`), otherwise undefined. */
  columns?: FieldDraft[];
};

/** Problems of one draft: its name, its settings (`type`, `maxLength`, …), and per column. */
export type FieldErrors = {
  name?: string;
  settings: Record<string, string>;
  columns: Map<string, FieldErrors>;
  /** Problems that belong to no single setting (e.g. unknown keys). */
  other: string[];
};

let counter = 0;
export function newKey(): string {
  counter += 1;
  return `f${counter}`;
}

export function isNestedType(type: unknown): boolean {
  return (NESTED_FIELD_TYPES as readonly unknown[]).includes(type);
}

export function isKnownType(type: unknown): boolean {
  return (FIELD_TYPES as readonly unknown[]).includes(type);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * JSON value → drafts. Returns an error (and no drafts) when the value cannot be represented without loss: it is
 * not an object, a field is not an object, or `fields` is not an object of objects.
 */
export function configToDrafts(config: unknown): { drafts: FieldDraft[] } | { error: string } {
  // A field as JSON, not words (and braces a message must not hold as text): {"type": "string"}.
  const example = JSON.stringify({ type: 'string' }).replace(':', ': ');
  if (!isPlainObject(config)) return { error: t`fieldConfig must be a JSON object of fields` };
  const drafts: FieldDraft[] = [];
  for (const [name, value] of Object.entries(config)) {
    if (!isPlainObject(value)) return { error: t`${name} must be an object such as ${example}` };
    const { fields, ...spec } = value;
    let columns: FieldDraft[] | undefined;
    if (fields !== undefined) {
      if (!isPlainObject(fields)) return { error: t`${name}.fields must be an object of columns` };
      columns = [];
      for (const [columnName, columnValue] of Object.entries(fields)) {
        if (!isPlainObject(columnValue))
          return { error: t`${name}.fields.${columnName} must be an object such as ${example}` };
        if (columnValue.fields !== undefined)
          return { error: t`${name}.fields.${columnName}.fields: columns cannot have columns of their own` };
        columns.push({ key: newKey(), name: columnName, spec: { ...columnValue } });
      }
    }
    drafts.push({ key: newKey(), name, spec, ...(columns ? { columns } : {}) });
  }
  return { drafts };
}

/** Names used more than once, which an object cannot hold. */
export function duplicateNames(drafts: readonly FieldDraft[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const draft of drafts) {
    if (seen.has(draft.name)) duplicates.add(draft.name);
    seen.add(draft.name);
  }
  return [...duplicates];
}

function specOf(draft: FieldDraft): Record<string, unknown> {
  if (!draft.columns) return { ...draft.spec };
  const fields: Record<string, unknown> = {};
  for (const column of draft.columns) fields[column.name] = { ...column.spec };
  return { ...draft.spec, fields };
}

/** Drafts → the fieldConfig object (key order = draft order). Duplicate names keep the first (callers block those). */
export function draftsToConfig(drafts: readonly FieldDraft[]): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const draft of drafts) {
    if (!(draft.name in config)) config[draft.name] = specOf(draft);
  }
  return config;
}

/** True when the drafts can be written as JSON without losing anything (no duplicate names at any level). */
export function isSerialisable(drafts: readonly FieldDraft[]): boolean {
  return (
    duplicateNames(drafts).length === 0 && drafts.every((d) => !d.columns || duplicateNames(d.columns).length === 0)
  );
}

export function nameError(name: string, siblings: readonly FieldDraft[]): string | undefined {
  if (!name) return t`Name is required`;
  if (!FIELD_NAME_PATTERN.test(name)) {
    const parsed = fieldNameSchema.safeParse(name);
    // The API's rule, in English ("must be snake_case: …").
    const rule = parsed.success ? '' : parsed.error.issues[0]?.message;
    return rule ? t`Name ${rule}` : t`Name is invalid`;
  }
  if (siblings.filter((s) => s.name === name).length > 1) return t`Name "${name}" is used by another field`;
  return undefined;
}

function collectSpecErrors(
  spec: Record<string, unknown>,
  schema: typeof fieldSpecSchema | typeof nestedFieldSpecSchema,
  errors: FieldErrors,
) {
  const result = schema.safeParse(spec);
  if (result.success) return;
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      errors.other.push(...issue.keys.map((setting) => t`${setting} is not an allowed setting`));
      continue;
    }
    const setting = issue.path.length ? String(issue.path[0]) : 'type';
    errors.settings[setting] ??= issue.message;
  }
}

function emptyErrors(): FieldErrors {
  return { settings: {}, columns: new Map(), other: [] };
}

export function hasErrors(errors: FieldErrors | undefined): boolean {
  if (!errors) return false;
  return (
    Boolean(errors.name) ||
    Object.keys(errors.settings).length > 0 ||
    errors.other.length > 0 ||
    [...errors.columns.values()].some(hasErrors)
  );
}

/**
 * Problems of one draft apart from its own name (which depends on its siblings: see `nameError`). Depends only on
 * the draft object, so callers may cache it by identity.
 */
export function draftErrors(draft: FieldDraft): FieldErrors {
  const errors = emptyErrors();
  for (const column of draft.columns ?? []) {
    const columnErrors = emptyErrors();
    columnErrors.name = nameError(column.name, draft.columns ?? []);
    collectSpecErrors(column.spec, nestedFieldSpecSchema, columnErrors);
    errors.columns.set(column.key, columnErrors);
  }
  // Columns were checked one by one above; the field itself is checked with stand-in columns so only its own
  // rules report here (at least one column; columns only on lines/table).
  const standIn = draft.columns
    ? Object.fromEntries(draft.columns.map((_, i) => [`c${i}`, { type: 'string' }]))
    : undefined;
  collectSpecErrors({ ...draft.spec, ...(standIn ? { fields: standIn } : {}) }, fieldSpecSchema, errors);
  return errors;
}

const errorsCache = new WeakMap<FieldDraft, FieldErrors>();

/** `draftErrors` cached by draft identity, so unchanged rows get the same object (and skip rendering). */
export function cachedDraftErrors(draft: FieldDraft): FieldErrors {
  let errors = errorsCache.get(draft);
  if (!errors) {
    errors = draftErrors(draft);
    errorsCache.set(draft, errors);
  }
  return errors;
}

export function countErrors(errors: FieldErrors): number {
  let count = 0;
  for (const e of [errors, ...errors.columns.values()]) {
    count += (e.name ? 1 : 0) + Object.keys(e.settings).length + e.other.length;
  }
  return count;
}

/** Errors keyed by draft key, with a total count of problems for the save bar. */
export function validateDrafts(drafts: readonly FieldDraft[]): { byKey: Map<string, FieldErrors>; count: number } {
  const byKey = new Map<string, FieldErrors>();
  let count = 0;
  for (const draft of drafts) {
    const errors = { ...draftErrors(draft), name: nameError(draft.name, drafts) };
    count += countErrors(errors);
    byKey.set(draft.key, errors);
  }
  return { byKey, count };
}

const SETTING_LABELS: Record<string, MessageDescriptor> = {
  type: msg`type`,
  description: msg`description`,
  promptHint: msg`prompt hint`,
  format: msg`format`,
  nullable: msg`nullable`,
  multiValue: msg`multi-value`,
  enum: msg`enum values`,
  maxLength: msg`max length`,
  fields: msg`columns`,
};

/** One line per problem, naming the field path and the rule (for the JSON view and the save bar). */
export function describeProblems(drafts: readonly FieldDraft[]): string[] {
  const { byKey } = validateDrafts(drafts);
  const lines: string[] = [];
  const describe = (path: string, errors: FieldErrors) => {
    if (errors.name) lines.push(`${path || t`(unnamed)`}: ${errors.name}`);
    for (const [setting, message] of Object.entries(errors.settings)) {
      const label = SETTING_LABELS[setting];
      // The setting's name, then the API's rule (English): "total: max length must be an integer from 1 to 4096".
      lines.push(`${path}: ${label ? i18n._(label) : setting} ${message}`);
    }
    for (const message of errors.other) lines.push(`${path}: ${message}`);
  };
  for (const draft of drafts) {
    const errors = byKey.get(draft.key);
    if (!errors) continue;
    describe(draft.name, errors);
    for (const column of draft.columns ?? []) {
      const columnErrors = errors.columns.get(column.key);
      if (columnErrors) describe(`${draft.name}.${column.name}`, columnErrors);
    }
  }
  return lines;
}

/**
 * Give drafts parsed from JSON the keys of the drafts they replace (same name, else same position), so open
 * settings panels and focus survive typing in the JSON view.
 */
export function reconcileKeys(previous: readonly FieldDraft[], next: FieldDraft[]): FieldDraft[] {
  const byName = new Map(previous.map((d) => [d.name, d]));
  const used = new Set<string>();
  const pick = (draft: FieldDraft, index: number) => {
    const match = byName.get(draft.name) ?? previous[index];
    if (match && !used.has(match.key)) {
      used.add(match.key);
      return match;
    }
    return undefined;
  };
  return next.map((draft, index) => {
    const match = pick(draft, index);
    if (!match) return draft;
    const columns = draft.columns && match.columns ? reconcileKeys(match.columns, draft.columns) : draft.columns;
    return { ...draft, key: match.key, ...(columns ? { columns } : {}) };
  });
}

/** The typed config once everything validates. */
export function toFieldConfig(drafts: readonly FieldDraft[]): FieldConfig | undefined {
  if (!isSerialisable(drafts) || validateDrafts(drafts).count > 0) return undefined;
  return draftsToConfig(drafts) as FieldConfig;
}

export function newFieldDraft(existing: readonly FieldDraft[], prefix = 'field'): FieldDraft {
  let n = existing.length + 1;
  while (existing.some((d) => d.name === `${prefix}_${n}`)) n += 1;
  return { key: newKey(), name: `${prefix}_${n}`, spec: { type: 'string' } };
}

/** Changing the type keeps the settings that still apply; nested types get one starter column. */
export function withType(draft: FieldDraft, type: string, nestedAllowed: boolean): FieldDraft {
  const spec: Record<string, unknown> = { ...draft.spec, type };
  if (type !== 'enum' && Array.isArray(spec.enum) && spec.enum.length === 0) delete spec.enum;
  if (type === 'enum' && !Array.isArray(spec.enum)) spec.enum = [];
  if (nestedAllowed && isNestedType(type)) {
    return {
      ...draft,
      spec,
      columns: draft.columns?.length ? draft.columns : [{ key: newKey(), name: 'column_1', spec: { type: 'string' } }],
    };
  }
  // Leaving lines/table: keep the columns only if the operator had any, so the schema tells them to remove them
  // rather than the editor silently dropping work.
  if (draft.columns && draft.columns.length === 0) {
    const { columns: _columns, ...rest } = draft;
    return { ...rest, spec };
  }
  return { ...draft, spec };
}

/** Set (or with `undefined` remove) one setting of a spec. */
export function withSetting(draft: FieldDraft, setting: string, value: unknown): FieldDraft {
  const spec = { ...draft.spec };
  if (value === undefined) delete spec[setting];
  else spec[setting] = value;
  return { ...draft, spec };
}

export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
