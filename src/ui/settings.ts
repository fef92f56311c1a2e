/**
 * Preferences remembered on this device only (theme, resolver, block explorer). Storage can be
 * blocked (private modes, sandboxed frames): then the default applies and nothing is remembered.
 */
export function readSetting(key: string, fallback: string): string {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
}

export function writeSetting(key: string, value: string | undefined): void {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* not remembered */
  }
}
