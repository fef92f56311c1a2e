import { useEffect, useState } from 'react';
import { readSetting, writeSetting } from './settings';

export type ThemeChoice = 'light' | 'dark' | 'system';
const KEY = 'aer1-theme';
const media = () => window.matchMedia('(prefers-color-scheme: dark)');

function readChoice(): ThemeChoice {
  const saved = readSetting(KEY, 'system');
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

function apply(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && media().matches);
  document.documentElement.classList.toggle('dark', dark);
}

/** The user's theme choice, applied to <html> and remembered on this device only. */
export function useTheme(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoice] = useState<ThemeChoice>(readChoice);
  useEffect(() => {
    apply(choice);
    writeSetting(KEY, choice === 'system' ? undefined : choice);
    if (choice !== 'system') return;
    const query = media();
    const onChange = () => apply('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [choice]);
  return [choice, setChoice];
}
