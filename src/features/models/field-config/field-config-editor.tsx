import { useId, useState } from 'react';
import { Tabs } from 'radix-ui';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { isSerialisable } from './field-drafts';
import { FieldList } from './field-list';
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
  const jsonError = state.jsonError;
  return (
    <Tabs.Root value={view} onValueChange={(v) => setView(v as 'fields' | 'json')} className="fc-editor">
      <div className="fc-toolbar">
        <Tabs.List aria-label={t`Field configuration view`} className="fc-tabs">
          <Tabs.Trigger value="fields" className="fc-tab">
            <Trans>Fields</Trans> <span className="fc-count">{state.drafts.length}</span>
          </Tabs.Trigger>
          <Tabs.Trigger value="json" className="fc-tab">
            JSON
            {state.jsonError ? (
              <span className="fc-problems">
                {' '}
                <Trans>error</Trans>
              </span>
            ) : null}
          </Tabs.Trigger>
        </Tabs.List>
      </div>
      <Tabs.Content value="fields" className="fc-panel">
        {state.jsonError ? (
          <div className="fc-banner" role="alert">
            <p>
              <Trans>
                The JSON view has an error, so these fields show their last valid state and cannot be edited:{' '}
                {jsonError}
              </Trans>
            </p>
            <div className="fc-banner-actions">
              <button type="button" onClick={() => setView('json')}>
                <Trans>Fix the JSON</Trans>
              </button>
              <button type="button" onClick={state.discardJson}>
                <Trans>Discard the JSON changes</Trans>
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

function JsonView({ id, state, canWrite }: { id: string; state: FieldConfigState; canWrite: boolean }) {
  const serialisable = isSerialisable(state.drafts);
  const errorId = `${id}-json-error`;
  const { jsonError } = state;
  const moreCount = state.problems.length - 20;
  return (
    <div className="fc-json">
      <label htmlFor={`${id}-json`} className="fc-json-label">
        <Trans>
          fieldConfig as JSON <span className="fc-hint">— edits apply to the fields as soon as the JSON parses</span>
        </Trans>
      </label>
      {!serialisable ? (
        <p className="fc-banner" role="alert">
          <Trans>
            Two fields (or two columns of one field) share a name, which JSON cannot hold. Rename them in the Fields
            view first.
          </Trans>
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
          <Trans>
            {jsonError}. Saving is blocked until the JSON is fixed; the Fields view keeps its last valid state.
          </Trans>
        </p>
      ) : state.problems.length ? (
        <ul className="fc-problem-list" aria-label={t`Problems`}>
          {state.problems.slice(0, 20).map((problem) => (
            <li key={problem} className="fc-error">
              {problem}
            </li>
          ))}
          {moreCount > 0 ? (
            <li className="fc-hint">
              <Trans>…and {moreCount} more</Trans>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
