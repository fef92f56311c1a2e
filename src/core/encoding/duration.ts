/**
 * Durations for people and for options: "3 years", "5 minutes" (the distance a future-dated
 * created_at is shown with), and "90d", "5m", "1y" (the CLI's --max-age / --max-future).
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A mean Gregorian year and month: distances are shown to their largest whole unit. */
const YEAR = 365.2425 * DAY;
const MONTH = YEAR / 12;

const UNITS: [number, string][] = [
  [YEAR, 'year'],
  [MONTH, 'month'],
  [DAY, 'day'],
  [HOUR, 'hour'],
  [MINUTE, 'minute'],
  [SECOND, 'second'],
];

/** The largest whole unit: 94,670,856,000 ms is "3 years"; under a second, "less than a second". */
export function formatDuration(ms: number): string {
  for (const [size, name] of UNITS) {
    const n = Math.floor(ms / size);
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'}`;
  }
  return 'less than a second';
}

const SUFFIX: Record<string, number> = {
  s: SECOND,
  m: MINUTE,
  h: HOUR,
  d: DAY,
  w: 7 * DAY,
  y: YEAR,
};

/** "90d", "5m", "12h", "1y", "30s", "2w" (a whole number and one unit); undefined otherwise. */
export function parseDuration(text: string): number | undefined {
  const m = /^(\d{1,9})([smhdwy])$/.exec(text.trim());
  if (!m?.[1] || !m[2]) return undefined;
  return Number(m[1]) * (SUFFIX[m[2]] ?? NaN);
}
