/**
 * Chart colours from the app's design tokens (styles/tokens.css), read when a chart is drawn and again when the theme
 * (`data-theme` on <html>) changes, so canvases follow light and dark like the rest of the console.
 */
import { useSyncExternalStore } from 'react';

export interface ChartTheme {
  fg: string;
  muted: string;
  grid: string;
  accent: string;
  success: string;
  danger: string;
  warning: string;
  faint: string;
  surface: string;
}

function readTheme(): ChartTheme {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(`--${name}`).trim();
  return {
    fg: token('fg'),
    muted: token('muted'),
    grid: token('border'),
    accent: token('accent'),
    success: token('success'),
    danger: token('danger'),
    warning: token('warning'),
    faint: token('border-strong'),
    surface: token('surface'),
  };
}

let current: ChartTheme | undefined;
let currentKey: string | null | undefined;

function snapshot(): ChartTheme {
  const key = document.documentElement.getAttribute('data-theme');
  if (!current || key !== currentKey) {
    current = readTheme();
    currentKey = key;
  }
  return current;
}

function subscribe(listener: () => void) {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

export function useChartTheme(): ChartTheme {
  return useSyncExternalStore(subscribe, snapshot);
}
