/**
 * RFC 3339 date-time as AER-1 uses it: uppercase T and Z, fraction of one or more digits,
 * and a real calendar instant. Date.parse is not used: it accepts 2026-02-30.
 */
const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|([+-])(\d{2}):(\d{2}))$/;

export type Rfc3339Result =
  | { ok: true; epochMs: number }
  | { ok: false; problem: 'not-a-string' | 'shape' | 'calendar'; detail: string };

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in each month of a common year, January at index 1. */
const MONTH_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return MONTH_DAYS[month] ?? 31;
}

export function checkRfc3339(value: unknown): Rfc3339Result {
  if (typeof value !== 'string')
    return { ok: false, problem: 'not-a-string', detail: 'not a string' };
  const m = RFC3339.exec(value);
  if (!m) {
    return {
      ok: false,
      problem: 'shape',
      detail: 'expected YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)',
    };
  }
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const problems: string[] = [];
  if (year < 1) problems.push('year 0000');
  if (month < 1 || month > 12) problems.push(`month ${m[2]}`);
  else if (day < 1 || day > daysInMonth(year, month))
    problems.push(`day ${m[3]} of ${m[1]}-${m[2]}`);
  if (hour > 23) problems.push(`hour ${m[4]}`);
  if (minute > 59) problems.push(`minute ${m[5]}`);
  if (second > 59) problems.push(`second ${m[6]}`);
  let offsetMinutes = 0;
  if (m[8] !== 'Z') {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23) problems.push(`offset hours ${m[10]}`);
    if (om > 59) problems.push(`offset minutes ${m[11]}`);
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  if (problems.length > 0)
    return { ok: false, problem: 'calendar', detail: `invalid ${problems.join(', ')}` };
  const fractionMs = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, fractionMs);
  return { ok: true, epochMs: utc.getTime() - offsetMinutes * 60_000 };
}
