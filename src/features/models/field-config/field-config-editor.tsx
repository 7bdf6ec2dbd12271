import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Tabs } from 'radix-ui';
import { toast } from '@/components/toast';
import { cachedDraftErrors, isSerialisable, move, nameError, newFieldDraft } from './field-drafts';
import { FieldRow, type DraftUpdater } from './field-row';
import type { FieldConfigState } from './use-field-config';
import './field-config.css';

type Props = {
  state: FieldConfigState;
  canWrite?: boolean;
  /** Open rows with problems (set after a save attempt). */
  revealErrors?: boolean;
};

/**
 * Field-configuration editor: the fields as an ordered list of compact rows (settings open on demand, so 50 fields
 * and a 10-column table stay light), and the same configuration as raw JSON for power users, kept in sync both ways.
 */
export function FieldConfigEditor({ state, canWrite = true, revealErrors = false }: Props) {
  const [view, setView] = useState<'fields' | 'json'>('fields');
  const id = useId();
  return (
    <Tabs.Root value={view} onValueChange={(v) => setView(v as 'fields' | 'json')} className="fc-editor">
      <div className="fc-toolbar">
        <Tabs.List aria-label="Field configuration view" className="fc-tabs">
          <Tabs.Trigger value="fields" className="fc-tab">
            Fields <span className="fc-count">{state.drafts.length}</span>
          </Tabs.Trigger>
          <Tabs.Trigger value="json" className="fc-tab">
            JSON{state.jsonError ? <span className="fc-problems"> error</span> : null}
          </Tabs.Trigger>
        </Tabs.List>
      </div>
      <Tabs.Content value="fields" className="fc-panel">
        {state.jsonError ? (
          <div className="fc-banner" role="alert">
            <p>
              The JSON view has an error, so these fields show their last valid state and cannot be edited:{' '}
              {state.jsonError}
            </p>
            <div className="fc-banner-actions">
              <button type="button" onClick={() => setView('json')}>
                Fix the JSON
              </button>
              <button type="button" onClick={state.discardJson}>
                Discard the JSON changes
              </button>
            </div>
          </div>
        ) : null}
        <FieldList state={state} canWrite={canWrite && !state.jsonError} revealErrors={revealErrors} />
      </Tabs.Content>
      <Tabs.Content value="json" className="fc-panel">
        <JsonView id={id} state={state} canWrite={canWrite} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function FieldList({
  state,
  canWrite,
  revealErrors,
}: {
  state: FieldConfigState;
  canWrite: boolean;
  revealErrors: boolean;
}) {
  const { drafts, setDrafts } = state;
  const [filter, setFilter] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const { listRef, announcement, focusAfterRender, onUpdate, onMove, onRemove } = useFieldListEdits(state);

  const addField = () => {
    const draft = newFieldDraft(drafts);
    setAdded(draft.key);
    setFilter('');
    focusAfterRender(draft.key, 'name');
    setDrafts((list) => [...list, draft]);
  };

  const needle = filter.trim().toLowerCase();
  const visible = useMemo(
    () =>
      drafts
        .map((draft, index) => ({ draft, index }))
        .filter(
          ({ draft }) =>
            !needle ||
            draft.name.toLowerCase().includes(needle) ||
            (draft.columns ?? []).some((c) => c.name.toLowerCase().includes(needle)),
        ),
    [drafts, needle],
  );

  return (
    <div className="fc-fields">
      <div className="fc-list-tools">
        {drafts.length > 8 ? (
          <input
            type="search"
            className="fc-filter"
            aria-label="Filter fields by name"
            placeholder="Filter fields…"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        ) : null}
        <span className="fc-hint">
          {needle
            ? `${visible.length} of ${drafts.length} fields shown; reordering is off while filtered.`
            : 'Alt+↑ / Alt+↓ moves the focused field.'}
        </span>
      </div>
      {drafts.length === 0 ? (
        <p className="fc-empty">No fields yet. Add the first field the model should extract.</p>
      ) : (
        <ol className="fc-list" ref={listRef} aria-label="Fields">
          {visible.map(({ draft, index }) => (
            <FieldRow
              key={draft.key}
              draft={draft}
              index={index}
              total={drafts.length}
              nameProblem={nameError(draft.name, drafts)}
              errors={cachedDraftErrors(draft)}
              nested={false}
              revealErrors={revealErrors}
              canMove={!needle}
              canWrite={canWrite}
              onUpdate={onUpdate}
              onMove={onMove}
              onRemove={onRemove}
              initiallyOpen={draft.key === added}
            />
          ))}
        </ol>
      )}
      {canWrite ? (
        <button type="button" className="fc-add" onClick={addField}>
          + Add field
        </button>
      ) : null}
      <div className="sr-only" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}

/**
 * Edits of the field list: update a row, move it (announced, its focused control kept focused) and remove it (with
 * an Undo toast).
 */
function useFieldListEdits({ drafts, setDrafts }: Pick<FieldConfigState, 'drafts' | 'setDrafts'>) {
  const [announcement, setAnnouncement] = useState('');
  const pendingFocus = useRef<{ key: string; focus: string } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const onUpdate = useCallback<DraftUpdater>(
    (key, update) => setDrafts((list) => list.map((d) => (d.key === key ? update(d) : d))),
    [setDrafts],
  );

  // The latest list for event handlers (updaters stay pure; toasts and announcements need the removed/moved item).
  const latest = useRef(drafts);
  useEffect(() => {
    latest.current = drafts;
  }, [drafts]);

  const onMove = useCallback(
    (key: string, delta: number) => {
      const list = latest.current;
      const from = list.findIndex((d) => d.key === key);
      const to = from + delta;
      if (from < 0 || to < 0 || to >= list.length) return;
      const active = document.activeElement as HTMLElement | null;
      const focus = active?.closest(`[data-field-key="${key}"]`) ? (active.dataset.focus ?? 'name') : 'name';
      pendingFocus.current = { key, focus };
      setAnnouncement(`${list[from].name || 'Field'} moved to position ${to + 1} of ${list.length}`);
      setDrafts((current) => {
        const index = current.findIndex((d) => d.key === key);
        return move(current, index, index + delta);
      });
    },
    [setDrafts],
  );

  const onRemove = useCallback(
    (key: string) => {
      const index = latest.current.findIndex((d) => d.key === key);
      if (index < 0) return;
      const draft = latest.current[index];
      setDrafts((current) => current.filter((d) => d.key !== key));
      toast(`Removed field ${draft.name || index + 1}`, {
        action: {
          label: 'Undo',
          onClick: () => setDrafts((current) => [...current.slice(0, index), draft, ...current.slice(index)]),
        },
      });
    },
    [setDrafts],
  );

  // Keep focus on the moved row's control: reordering moves DOM nodes, which can drop focus.
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    const row = listRef.current?.querySelector(`[data-field-key="${pending.key}"]`);
    const target =
      row?.querySelector<HTMLElement>(`[data-focus="${pending.focus}"]:not(:disabled)`) ??
      row?.querySelector<HTMLElement>('[data-focus="name"]');
    if (target && document.activeElement !== target) target.focus();
  }, [drafts]);

  const focusAfterRender = useCallback((key: string, focus: string) => {
    pendingFocus.current = { key, focus };
  }, []);
  return { listRef, announcement, focusAfterRender, onUpdate, onMove, onRemove };
}

function JsonView({ id, state, canWrite }: { id: string; state: FieldConfigState; canWrite: boolean }) {
  const serialisable = isSerialisable(state.drafts);
  const errorId = `${id}-json-error`;
  return (
    <div className="fc-json">
      <label htmlFor={`${id}-json`} className="fc-json-label">
        fieldConfig as JSON <span className="fc-hint">— edits apply to the fields as soon as the JSON parses</span>
      </label>
      {!serialisable ? (
        <p className="fc-banner" role="alert">
          Two fields (or two columns of one field) share a name, which JSON cannot hold. Rename them in the Fields view
          first.
        </p>
      ) : null}
      <textarea
        id={`${id}-json`}
        className="fc-json-text"
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        readOnly={!canWrite || !serialisable}
        aria-invalid={state.jsonError ? true : undefined}
        aria-describedby={state.jsonError ? errorId : undefined}
        rows={Math.min(30, Math.max(8, state.jsonText.split('\n').length + 1))}
        value={state.jsonText}
        onChange={(e) => state.setJsonText(e.target.value)}
      />
      {state.jsonError ? (
        <p id={errorId} className="fc-error" role="alert">
          {state.jsonError}. Saving is blocked until the JSON is fixed; the Fields view keeps its last valid state.
        </p>
      ) : state.problems.length ? (
        <ul className="fc-problem-list" aria-label="Problems">
          {state.problems.slice(0, 20).map((problem) => (
            <li key={problem} className="fc-error">
              {problem}
            </li>
          ))}
          {state.problems.length > 20 ? <li className="fc-hint">…and {state.problems.length - 20} more</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
