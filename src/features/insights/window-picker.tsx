/** The Insights window: 24 h, 7 d, 30 d or a custom range (the operator's local time), kept in the URL. */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@/i18n/i18n';
import { fromLocalDateTimeInput, toLocalDateTimeInput } from '@/components/form/local-date-time';
import type { InsightWindow, InsightsSearch } from './insights-search';
import type { ResolvedWindow } from './insights-window';

const PRESETS: { window: Exclude<InsightWindow, 'custom'>; label: MessageDescriptor }[] = [
  { window: '24h', label: msg`24 hours` },
  { window: '7d', label: msg`7 days` },
  { window: '30d', label: msg`30 days` },
];

/** One end of the custom window: its label and a local date-time input starting at the window's instant. */
function DateTimeField({ id, name, label, value }: { id: string; name: string; label: string; value: string }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="datetime-local"
        className="input"
        required
        defaultValue={toLocalDateTimeInput(value)}
      />
    </>
  );
}

export function WindowPicker({ resolved }: { resolved: ResolvedWindow }) {
  const id = useId();
  const navigate = useNavigate();
  const [custom, setCustom] = useState(resolved.window === 'custom');
  const go = (search: InsightsSearch) => void navigate({ to: '.', search });
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = fromLocalDateTimeInput(String(form.get('from') ?? ''));
    const to = fromLocalDateTimeInput(String(form.get('to') ?? ''));
    if (from && to) go({ window: 'custom', from, to });
  };
  return (
    <div className="insights-window">
      <div className="segmented" role="group" aria-label={t`Window`}>
        {PRESETS.map((preset) => (
          <button
            key={preset.window}
            type="button"
            aria-pressed={!custom && resolved.window === preset.window}
            onClick={() => {
              setCustom(false);
              go({ window: preset.window });
            }}
          >
            {i18n._(preset.label)}
          </button>
        ))}
        <button type="button" aria-pressed={custom} onClick={() => setCustom(true)}>
          <Trans>Custom</Trans>
        </button>
      </div>
      {custom && (
        <form
          className="insights-window__custom"
          onSubmit={apply}
          aria-label={t`Custom window`}
          key={resolved.from + resolved.to}
        >
          <DateTimeField id={`${id}-from`} name="from" label={t`From`} value={resolved.from} />
          <DateTimeField id={`${id}-to`} name="to" label={t`until`} value={resolved.to} />
          <button type="submit" className="button">
            <Trans>Apply</Trans>
          </button>
        </form>
      )}
    </div>
  );
}
