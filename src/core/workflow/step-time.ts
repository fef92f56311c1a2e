/**
 * Fast path for step times. A 100,000-step workflow carries 200,000 timestamps, nearly all in
 * the producers' `YYYY-MM-DDTHH:MM:SS(.mmm)?Z` shape; those are read with char codes and
 * counted in days from the civil date (daysFromCivil). Anything else, and anything the fast
 * path doubts (invalid calendar values, years before 1000), goes to checkRfc3339, which stays
 * the single source of truth for messages. step-time.test.ts checks the two agree.
 */
import { checkRfc3339, daysInMonth, type Rfc3339Result } from '../encoding/rfc3339';

function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

/**
 * Days from 1970-01-01 to a proleptic Gregorian date (month 1–12), the civil-to-days
 * algorithm of H. Hinnant's "chrono-compatible low-level date algorithms". Same answer as
 * Date.UTC(year, month - 1, day) / 86,400,000 (step-time.test.ts checks every day of several
 * centuries), and cheaper, which counts on the fast path that runs for every step time.
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/**
 * Epoch ms of a time in the common shape, or undefined when the fast path cannot decide
 * (other shapes, invalid values, years before 1000). Allocates nothing.
 */
export function fastStepTimeMs(text: string, from = 0, to = text.length): number | undefined {
  const n = to - from;
  const at = from;
  if (
    (n !== 20 && n !== 24) ||
    text.charCodeAt(to - 1) !== 0x5a || // Z
    text.charCodeAt(at + 4) !== 0x2d || // -
    text.charCodeAt(at + 7) !== 0x2d ||
    text.charCodeAt(at + 10) !== 0x54 || // T
    text.charCodeAt(at + 13) !== 0x3a || // :
    text.charCodeAt(at + 16) !== 0x3a ||
    (n === 24 && text.charCodeAt(at + 19) !== 0x2e) // .
  ) {
    return undefined;
  }
  const year = digits(text, at, 4);
  const month = digits(text, at + 5, 2);
  const day = digits(text, at + 8, 2);
  const hour = digits(text, at + 11, 2);
  const minute = digits(text, at + 14, 2);
  const second = digits(text, at + 17, 2);
  const ms = n === 24 ? digits(text, at + 20, 3) : 0;
  if (
    year >= 1000 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour >= 0 &&
    hour <= 23 &&
    minute >= 0 &&
    minute <= 59 &&
    second >= 0 &&
    second <= 59 &&
    ms >= 0
  ) {
    return (
      daysFromCivil(year, month, day) * 86_400_000 +
      hour * 3_600_000 +
      minute * 60_000 +
      second * 1000 +
      ms
    );
  }
  return undefined;
}

/** Same answer as checkRfc3339, faster for the common shape. */
export function parseStepTime(text: string): Rfc3339Result {
  const fast = fastStepTimeMs(text);
  return fast === undefined ? checkRfc3339(text) : { ok: true, epochMs: fast };
}
