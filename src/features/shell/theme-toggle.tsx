import { t } from '@lingui/core/macro';
import { IconMoon, IconSun } from '@/components/icons';
import { useTheme } from './theme';

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const label = theme === 'dark' ? t`Switch to light theme` : t`Switch to dark theme`;
  return (
    <button type="button" className="icon-button" onClick={toggle} aria-label={label} title={label}>
      {theme === 'dark' ? <IconSun /> : <IconMoon />}
    </button>
  );
}
