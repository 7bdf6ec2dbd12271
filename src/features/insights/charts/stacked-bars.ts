/** uPlot options for bars stacked by outcome (the agent's buckets, the overview's agents). */
import uPlot from 'uplot';
import { t } from '@lingui/core/macro';
import { outcomeColor, outcomeLabel, stackedSeries, type OutcomeCounts } from '../outcomes';
import type { ChartTheme } from './chart-theme';
import { countAxis } from './axes';
import type { ChartOptions } from './uplot-chart';

export function stackedBarData(xs: readonly number[], rows: readonly OutcomeCounts[]) {
  const series = stackedSeries(rows);
  return { series, data: [[...xs], ...series.map((s) => s.values)] as uPlot.AlignedData };
}

export function stackedBarOptions(
  theme: ChartTheme,
  series: ReturnType<typeof stackedSeries>,
  x: { axis: uPlot.Axis; time: boolean; range: [number, number] },
): ChartOptions {
  const bars = uPlot.paths.bars!({ size: [0.8, 48], gap: 1 });
  return {
    scales: { x: { time: x.time, range: () => x.range }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [x.axis, countAxis(theme, t`Runs`)],
    series: [
      {},
      ...series.map((s) => ({
        label: outcomeLabel(s.outcome),
        stroke: outcomeColor(theme, s.outcome),
        fill: outcomeColor(theme, s.outcome),
        width: 0,
        paths: bars,
        points: { show: false },
      })),
    ],
  };
}
