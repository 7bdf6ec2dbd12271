import { useEffect, useSyncExternalStore } from 'react';
import { readPersisted, usePersistedState } from '@/components/persisted-state';

/**
 * Light/dark theme. With no choice stored the console follows `prefers-color-scheme`; the toggle stores an explicit
 * choice. The resolved theme is set as `data-theme` on <html> (styles/tokens.css keys off it) — from main.tsx before
 * the first render, so there is no flash, and without an inline script (the CSP forbids them).
 */
export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';
const KEY = 'dps.theme';
const isChoice = (value: unknown): value is ThemeChoice => value === 'light' || value === 'dark' || value === 'system';
const media = () => window.matchMedia('(prefers-color-scheme: dark)');

function resolve(choice: ThemeChoice, systemDark: boolean): Theme {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

/** Applies the stored theme to <html>; call once before rendering. */
export function applyInitialTheme(): void {
  const theme = resolve(readPersisted(KEY, 'system', isChoice), media().matches);
  document.documentElement.dataset.theme = theme;
}

function useSystemDark(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = media();
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => media().matches,
    () => false,
  );
}

export function useTheme() {
  const [choice, setChoice] = usePersistedState<ThemeChoice>(KEY, 'system', isChoice);
  const theme = resolve(choice, useSystemDark());
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return {
    theme,
    choice,
    setChoice,
    toggle: () => setChoice(theme === 'dark' ? 'light' : 'dark'),
  };
}
