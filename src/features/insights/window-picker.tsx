/** The Insights window: 24 h, 7 d, 30 d or a custom range (the operator's local time), kept in the URL. */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { fromLocalDateTimeInput, toLocalDateTimeInput } from '@/components/form/local-date-time';
import type { InsightWindow, InsightsSearch } from './insights-search';
import type { ResolvedWindow } from './insights-window';

const PRESETS: { window: Exclude<InsightWindow, 'custom'>; label: string }[] = [
  { window: '24h', label: '24 hours' },
  { window: '7d', label: '7 days' },
  { window: '30d', label: '30 days' },
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
      <div className="segmented" role="group" aria-label="Window">
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
            {preset.label}
          </button>
        ))}
        <button type="button" aria-pressed={custom} onClick={() => setCustom(true)}>
          Custom
        </button>
      </div>
      {custom && (
        <form
          className="insights-window__custom"
          onSubmit={apply}
          aria-label="Custom window"
          key={resolved.from + resolved.to}
        >
          <DateTimeField id={`${id}-from`} name="from" label="From" value={resolved.from} />
          <DateTimeField id={`${id}-to`} name="to" label="until" value={resolved.to} />
          <button type="submit" className="button">
            Apply
          </button>
        </form>
      )}
    </div>
  );
}
