/**
 * The threshold explorer as an operator uses it: the slider moves the threshold, the figures beside it say what
 * would have gone to review and what would have passed unreviewed, and each non-zero figure opens its runs.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AgentInsights } from '@/contract';
import { renderInConsole } from '@/components/testing/render-in-console';
import { ThresholdExplorer } from './threshold-explorer';

// The chart draws on a canvas, which jsdom has not; what it shows is also in the figures and the table.
vi.mock('./charts/uplot-chart', () => ({ UPlotChart: ({ label }: { label: string }) => <p>{label}</p> }));

const AGENT = 'svc:agent:0123456789abcdef0123456789abcdef';

/** 10 runs: 4 whose lowest confidence is in 0.3–0.4 (2 changed values there), 6 in 0.8–0.9 (1 changed value). */
function insights(): AgentInsights {
  const confidence = Array.from({ length: 10 }, (_, i) => ({
    from: i / 10,
    to: (i + 1) / 10,
    predictions: i === 3 ? 8 : i === 8 ? 12 : 0,
    changed: i === 3 ? 2 : i === 8 ? 1 : 0,
    runs: i === 3 ? 4 : i === 8 ? 6 : 0,
  }));
  return {
    from: '2026-03-01T00:00:00.000Z',
    to: '2026-03-08T00:00:00.000Z',
    bucket: 'day',
    runs: [],
    queue: [],
    durations: {
      waitForReview: { runs: 0, medianSeconds: null, p90Seconds: null },
      inReview: { runs: 0, medianSeconds: null, p90Seconds: null },
    },
    fields: [],
    confidence,
  } as unknown as AgentInsights;
}

const figuresAt = (title: string) => {
  const term = screen.getAllByRole('term').find((t) => t.textContent === title);
  if (!term) throw new Error(`no figures titled ${title}`);
  return term.nextElementSibling as HTMLElement;
};

describe('ThresholdExplorer', () => {
  it("starts at the agent's threshold and answers for the threshold the slider picks", async () => {
    renderInConsole(<ThresholdExplorer agentId={AGENT} insights={insights()} threshold={0.5} source="service" />);
    const slider = await screen.findByRole('slider', { name: /Threshold/ });
    expect(slider).toHaveProperty('value', '0.5');
    // At 0.5: the 4 runs below it go to review; the 1 changed value at 0.8–0.9 passes unreviewed.
    expect(figuresAt('At 0.50').textContent).toBe('4 of 10 runs to review (40%), 1 of 3 changed values unreviewed');

    fireEvent.change(slider, { target: { value: '0.9' } });
    expect(figuresAt('At 0.90').textContent).toBe('10 of 10 runs to review (100%), 0 of 3 changed values unreviewed');
    // The agent's own threshold stays beside it.
    expect(figuresAt("Agent's threshold 0.50").textContent).toBe(
      '4 of 10 runs to review (40%), 1 of 3 changed values unreviewed',
    );

    fireEvent.change(slider, { target: { value: '0.2' } });
    expect(figuresAt('At 0.20').textContent).toBe('0 of 10 runs to review (0%), 3 of 3 changed values unreviewed');
  });

  it('opens the runs behind a non-zero figure: the window, and the runs whose lowest confidence is below it', async () => {
    const user = userEvent.setup();
    const { location } = renderInConsole(
      <ThresholdExplorer agentId={AGENT} insights={insights()} threshold={0.5} source="service" />,
    );
    const slider = await screen.findByRole('slider', { name: /Threshold/ });
    fireEvent.change(slider, { target: { value: '0.2' } });
    // Nothing below 0.2 goes to review: a zero opens nothing.
    expect(within(figuresAt('At 0.20')).queryByRole('link', { name: /runs to review/ })).toBeNull();

    fireEvent.change(slider, { target: { value: '0.5' } });
    await user.click(within(figuresAt('At 0.50')).getByRole('link', { name: '4 runs to review at 0.50 — open them' }));
    expect(location().pathname).toBe('/runs');
    expect(location().search).toEqual({
      agent: AGENT,
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-07T23:59:59.999999Z',
      lowestConfidence: '0-0.5',
    });
  });
});
