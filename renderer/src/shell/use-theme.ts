import { useEffect } from 'react';
import { useLayout } from '../stores/layout-store';
import { effectiveTheme } from '../stores/layout-persist';

/** The theme in effect: the user's choice, or the system's (prefers-color-scheme), kept live. */
export function useTheme(): 'dark' | 'light' {
  const pref = useLayout((s) => s.theme);
  const systemDark = useLayout((s) => s.systemDark);
  const setSystemDark = useLayout((s) => s.setSystemDark);
  useEffect(() => {
    const mq = window.matchMedia('(prefers-color-scheme: dark)');
    setSystemDark(mq.matches);
    const on = (e: MediaQueryListEvent) => setSystemDark(e.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, [setSystemDark]);
  const theme = effectiveTheme(pref, systemDark);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return theme;
}
