import { useCallback, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { t } from '@lingui/core/macro';
import type { FieldConfig } from '@/contract';
import {
  configToDrafts,
  describeProblems,
  draftsToConfig,
  isSerialisable,
  reconcileKeys,
  toFieldConfig,
  type FieldDraft,
} from './field-drafts';

export type FieldConfigState = {
  drafts: FieldDraft[];
  setDrafts: Dispatch<SetStateAction<FieldDraft[]>>;
  /** What the JSON view shows: the operator's own text while they type in it, else the drafts serialised. */
  jsonText: string;
  /** Why the JSON text is not applied to the fields (parse error or unrepresentable shape), else null. */
  jsonError: string | null;
  setJsonText: (text: string) => void;
  /** Drop the JSON view's unapplied text and show the fields as they are. */
  discardJson: () => void;
  /** Problems of the fields, one line each. */
  problems: string[];
  /** The config to send, or undefined while anything blocks saving. */
  config: FieldConfig | undefined;
  /** Something blocks saving: a problem, or unapplied JSON. */
  blocked: boolean;
  dirty: boolean;
  reset: (config: unknown) => void;
};

function initialDrafts(config: unknown): FieldDraft[] {
  const result = configToDrafts(config ?? {});
  return 'drafts' in result ? result.drafts : [];
}

function serialise(drafts: readonly FieldDraft[]): string {
  return JSON.stringify(draftsToConfig(drafts), null, 2);
}

/**
 * The field-configuration editor's state, shared by its two views. The structured fields are the source of truth;
 * the JSON view writes to them whenever its text parses into something they can hold, and otherwise shows why
 * while the fields keep their last state (and saving is blocked).
 */
export function useFieldConfig(initial: unknown): FieldConfigState {
  const [baseline, setBaseline] = useState(() => JSON.stringify(initial ?? {}));
  const [drafts, setDraftsState] = useState(() => initialDrafts(initial));
  const [typed, setTyped] = useState<{ text: string; error: string | null } | null>(null);

  // A structured edit takes over from whatever was typed in the JSON view (the view disables editing while the
  // JSON is unapplied, so nothing typed is lost here).
  const setDrafts = useCallback<Dispatch<SetStateAction<FieldDraft[]>>>((update) => {
    setTyped(null);
    setDraftsState(update);
  }, []);

  const setJsonText = useCallback((text: string) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const detail = (error as Error).message;
      setTyped({ text, error: t`Invalid JSON: ${detail}` });
      return;
    }
    const result = configToDrafts(value);
    if ('error' in result) {
      setTyped({ text, error: result.error });
      return;
    }
    setTyped({ text, error: null });
    setDraftsState((previous) => reconcileKeys(previous, result.drafts));
  }, []);

  const discardJson = useCallback(() => setTyped(null), []);

  const reset = useCallback((config: unknown) => {
    setBaseline(JSON.stringify(config ?? {}));
    setDraftsState(initialDrafts(config));
    setTyped(null);
  }, []);

  const problems = useMemo(() => describeProblems(drafts), [drafts]);
  const serialisable = isSerialisable(drafts);
  const config = useMemo(() => (typed?.error ? undefined : toFieldConfig(drafts)), [drafts, typed?.error]);
  const jsonText = typed?.text ?? (serialisable ? serialise(drafts) : '');
  const dirty = Boolean(typed?.error) || JSON.stringify(draftsToConfig(drafts)) !== baseline || !serialisable;

  return {
    drafts,
    setDrafts,
    jsonText,
    jsonError: typed?.error ?? null,
    setJsonText,
    discardJson,
    problems,
    config,
    blocked: config === undefined,
    dirty,
    reset,
  };
}
