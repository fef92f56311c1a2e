import { describe, expect, it } from 'vitest';
import { checkRfc3339, daysInMonth, isLeapYear } from './rfc3339';

describe('checkRfc3339 accepts real instants', () => {
  it.each([
    // [text, epoch ms]
    ['2026-09-27T09:00:00.000Z', Date.UTC(2026, 8, 27, 9)],
    ['2026-09-27T09:00:00Z', Date.UTC(2026, 8, 27, 9)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['2000-02-29T12:00:00Z', Date.UTC(2000, 1, 29, 12)],
    ['2026-12-31T23:59:59Z', Date.UTC(2026, 11, 31, 23, 59, 59)],
    ['2026-09-27T09:00:00.5Z', Date.UTC(2026, 8, 27, 9, 0, 0, 500)],
    ['2026-09-27T09:00:00.57Z', Date.UTC(2026, 8, 27, 9, 0, 0, 570)],
    ['2026-09-27T09:00:00.123456789Z', Date.UTC(2026, 8, 27, 9, 0, 0, 123)],
    ['2026-09-27T09:00:00.9999Z', Date.UTC(2026, 8, 27, 9, 0, 0, 999)],
    ['2026-09-27T09:00:00+00:00', Date.UTC(2026, 8, 27, 9)],
    ['2026-09-27T09:00:00-00:00', Date.UTC(2026, 8, 27, 9)],
    ['2026-09-27T09:00:00+02:00', Date.UTC(2026, 8, 27, 7)],
    ['2026-09-27T09:00:00-05:30', Date.UTC(2026, 8, 27, 14, 30)],
    ['2026-09-27T09:00:00+23:59', Date.UTC(2026, 8, 26, 9, 1)],
    ['2026-09-27T09:00:00-23:59', Date.UTC(2026, 8, 28, 8, 59)],
    ['2026-01-01T00:30:00+01:00', Date.UTC(2025, 11, 31, 23, 30)],
    ['0001-01-01T00:00:00Z', -62135596800000],
    ['0099-12-31T23:59:59Z', -59011459201000],
    ['9999-12-31T23:59:59.999Z', 253402300799999],
  ])('%s', (text, epochMs) => {
    expect(checkRfc3339(text)).toEqual({ ok: true, epochMs });
  });

  it('agrees with Date.parse wherever Date.parse is right', () => {
    for (const text of [
      '2026-09-23T23:45:20.760Z',
      '1970-01-01T00:00:00Z',
      '1969-12-31T23:59:59.999Z',
      '2026-03-29T02:30:00+01:00',
      '2026-10-01T18:30:00Z',
    ]) {
      const result = checkRfc3339(text);
      expect(result.ok && result.epochMs).toBe(Date.parse(text));
    }
  });
});

describe('checkRfc3339 rejects', () => {
  it.each([
    // [text, problem, detail]
    ['2026-02-30T09:00:00Z', 'calendar', 'invalid day 30 of 2026-02'],
    ['2023-02-29T09:00:00Z', 'calendar', 'invalid day 29 of 2023-02'],
    ['1900-02-29T09:00:00Z', 'calendar', 'invalid day 29 of 1900-02'],
    ['2100-02-29T09:00:00Z', 'calendar', 'invalid day 29 of 2100-02'],
    ['2026-04-31T09:00:00Z', 'calendar', 'invalid day 31 of 2026-04'],
    ['2026-09-00T09:00:00Z', 'calendar', 'invalid day 00 of 2026-09'],
    ['2026-00-10T09:00:00Z', 'calendar', 'invalid month 00'],
    ['2026-13-01T09:00:00Z', 'calendar', 'invalid month 13'],
    ['2026-09-27T24:00:00Z', 'calendar', 'invalid hour 24'],
    ['2026-09-27T09:60:00Z', 'calendar', 'invalid minute 60'],
    ['2026-12-31T23:59:60Z', 'calendar', 'invalid second 60'],
    ['2026-09-27T09:00:00+24:00', 'calendar', 'invalid offset hours 24'],
    ['2026-09-27T09:00:00-00:60', 'calendar', 'invalid offset minutes 60'],
    ['0000-01-01T00:00:00Z', 'calendar', 'invalid year 0000'],
    [
      '0000-02-30T25:61:61+99:99',
      'calendar',
      'invalid year 0000, day 30 of 0000-02, hour 25, minute 61, second 61, offset hours 99, offset minutes 99',
    ],
    ['2026-09-27t09:00:00Z', 'shape', undefined],
    ['2026-09-27T09:00:00z', 'shape', undefined],
    ['2026-09-27 09:00:00Z', 'shape', undefined],
    ['2026-09-27T09:00:00', 'shape', undefined],
    ['2026-09-27T09:00:00.Z', 'shape', undefined],
    ['2026-09-27T09:00Z', 'shape', undefined],
    ['2026-9-27T09:00:00Z', 'shape', undefined],
    ['+2026-09-27T09:00:00Z', 'shape', undefined],
    ['12026-09-27T09:00:00Z', 'shape', undefined],
    ['2026-09-27T09:00:00+0000', 'shape', undefined],
    ['2026-09-27T09:00:00+00', 'shape', undefined],
    ['2026-09-27T09:00:00,5Z', 'shape', undefined],
    ['2026-09-27T09:00:00Z\n', 'shape', undefined],
    [' 2026-09-27T09:00:00Z', 'shape', undefined],
    ['2026-09-27T09:00:00UTC', 'shape', undefined],
    ['２０２６-09-27T09:00:00Z', 'shape', undefined],
    ['', 'shape', undefined],
  ] as const)('%j (%s)', (text, problem, detail) => {
    const result = checkRfc3339(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toBe(problem);
    if (detail !== undefined) expect(result.detail).toBe(detail);
  });

  it('rejects what Date.parse would accept', () => {
    expect(Number.isNaN(Date.parse('2026-02-30T09:00:00Z'))).toBe(false);
    expect(checkRfc3339('2026-02-30T09:00:00Z').ok).toBe(false);
  });

  it.each([[1790499600000], [null], [undefined], [{}], [['2026-09-27T09:00:00Z']]])(
    'non-string %j',
    (value) => {
      expect(checkRfc3339(value)).toEqual({
        ok: false,
        problem: 'not-a-string',
        detail: 'not a string',
      });
    },
  );
});

describe('calendar helpers', () => {
  it('Gregorian leap years', () => {
    expect([1600, 2000, 2024, 2400, 4, 1996].map(isLeapYear)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([1700, 1800, 1900, 2100, 2023, 2026, 1].map(isLeapYear)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('days in each month', () => {
    expect(Array.from({ length: 12 }, (_, i) => daysInMonth(2026, i + 1))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
  });
});
