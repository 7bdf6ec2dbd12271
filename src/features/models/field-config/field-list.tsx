/**
 * The Fields view of the field-configuration editor: the ordered list of field rows with its filter, adding a field,
 * and the list's edits (move with its announcement and kept focus, remove with Undo).
 */
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/components/toast';
import { cachedDraftErrors, move, nameError, newFieldDraft, type FieldDraft } from './field-drafts';
import { FieldRow, type DraftUpdater } from './field-row';
import type { FieldConfigState } from './use-field-config';

/** The fields, one row each (reordering is off while filtered); a field added opens with its name focused. */
export function FieldList({
  state,
  canWrite,
  revealErrors,
}: {
  state: FieldConfigState;
  canWrite: boolean;
  revealErrors: boolean;
}) {
  const { drafts, setDrafts } = state;
  const { filter, setFilter, needle, visible } = useFieldFilter(drafts);
  const [added, setAdded] = useState<string | null>(null);
  const { listRef, announcement, focusAfterRender, onUpdate, onMove, onRemove } = useFieldListEdits(state);

  const addField = () => {
    const draft = newFieldDraft(drafts);
    setAdded(draft.key);
    setFilter('');
    focusAfterRender(draft.key, 'name');
    setDrafts((list) => [...list, draft]);
  };

  return (
    <div className="fc-fields">
      <FieldListTools
        total={drafts.length}
        shown={visible.length}
        filter={filter}
        filtered={Boolean(needle)}
        onFilter={setFilter}
      />
      {drafts.length === 0 ? (
        <p className="fc-empty">
          <Trans>No fields yet. Add the first field the model should extract.</Trans>
        </p>
      ) : (
        <ol className="fc-list" ref={listRef} aria-label={t`Fields`}>
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
          <Trans>+ Add field</Trans>
        </button>
      ) : null}
      <div className="sr-only" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}

/** The filter (once the list is long) and a hint: how many fields it shows, or how to move a field. */
function FieldListTools({
  total,
  shown,
  filter,
  filtered,
  onFilter,
}: {
  total: number;
  shown: number;
  filter: string;
  filtered: boolean;
  onFilter: (filter: string) => void;
}) {
  return (
    <div className="fc-list-tools">
      {total > 8 ? (
        <input
          type="search"
          className="fc-filter"
          aria-label={t`Filter fields by name`}
          placeholder={t`Filter fields…`}
          value={filter}
          onChange={(e) => onFilter(e.target.value)}
        />
      ) : null}
      <span className="fc-hint">
        {filtered
          ? plural(total, {
              one: `${shown} of # field shown; reordering is off while filtered.`,
              other: `${shown} of # fields shown; reordering is off while filtered.`,
            })
          : t`Alt+↑ / Alt+↓ moves the focused field.`}
      </span>
    </div>
  );
}

/** The filter of the list by name: the fields whose name, or a column's name, contains it (with their positions). */
function useFieldFilter(drafts: FieldDraft[]) {
  const [filter, setFilter] = useState('');
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
  return { filter, setFilter, needle, visible };
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
      const fieldName = list[from].name || t`Field`;
      const position = to + 1;
      const count = list.length;
      setAnnouncement(t`${fieldName} moved to position ${position} of ${count}`);
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
      const fieldName = draft.name || String(index + 1);
      toast(t`Removed field ${fieldName}`, {
        action: {
          label: t`Undo`,
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
