import { describe, expect, it } from 'vitest';
import { checkRfc3339 } from '../encoding/rfc3339';
import { fastStepTimeMs, parseStepTime } from './step-time';

describe('parseStepTime agrees with checkRfc3339', () => {
  const fixed = [
    '2026-09-29T10:57:40.911Z',
    '2026-09-29T10:57:40Z',
    '2026-02-30T10:57:40.911Z',
    '2024-02-29T23:59:59.999Z',
    '2023-02-29T00:00:00.000Z',
    '1900-02-29T00:00:00Z',
    '2000-02-29T00:00:00Z',
    '0999-12-31T23:59:59.999Z',
    '0000-01-01T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-00-01T00:00:00Z',
    '2026-01-00T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T00:60:00Z',
    '2026-01-01T00:00:60Z',
    '2026-01-01t00:00:00Z',
    '2026-01-01T00:00:00z',
    '2026-01-01 00:00:00Z',
    '2026-01-01T00:00:00.1Z',
    '2026-01-01T00:00:00.123456Z',
    '2026-01-01T00:00:00.12aZ',
    '2026-01-01T00:00:00+02:00',
    '2026-01-01T00:00:00.000+24:00',
    '2026-1-01T00:00:00.000Z',
    '+026-01-01T00:00:00.000Z',
    '2026-01-01T00:00:00.000ZZ',
    '',
  ];
  it.each(fixed)('%s', (text) => {
    expect(parseStepTime(text)).toEqual(checkRfc3339(text));
  });

  it('on 20,000 random near-valid strings', () => {
    let seed = 42;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = '0123456789-:.TZ+ x';
    for (let k = 0; k < 20_000; k++) {
      const base = new Date(random(4_000_000) * 1_000_000 - 30_000_000_000_000).toISOString();
      let text = random(2) === 0 ? base : base.replace(/\.\d{3}/, '');
      // Mutate up to two characters.
      for (let m = random(3); m > 0; m--) {
        const at = random(text.length);
        text = text.slice(0, at) + alphabet[random(alphabet.length)] + text.slice(at + 1);
      }
      expect(parseStepTime(text), text).toEqual(checkRfc3339(text));
    }
  });
});

describe('fast step times count days as Date.UTC does', () => {
  it('on every day of 1000–1100, 1580–1610, 1890–2110 and 9900–9999, at varied times', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    let checked = 0;
    for (const [from, to] of [
      [1000, 1100],
      [1580, 1610],
      [1890, 2110],
      [9900, 9999],
    ] as const) {
      for (let year = from; year <= to; year++) {
        for (let month = 1; month <= 12; month++) {
          const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
          for (let day = 1; day <= days; day++) {
            const h = (year + day) % 24;
            const m = (month * 7 + day) % 60;
            const s = (year * 3 + day) % 60;
            const ms = (year + month * 31 + day) % 1000;
            const text = `${year}-${two(month)}-${two(day)}T${two(h)}:${two(m)}:${two(s)}.${String(ms).padStart(3, '0')}Z`;
            const expected = Date.UTC(year, month - 1, day, h, m, s, ms);
            const result = parseStepTime(text);
            if (!result.ok || result.epochMs !== expected)
              expect(result, text).toEqual({ ok: true, epochMs: expected });
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(165_454);
  });
});

describe('fastStepTimeMs over a range of a larger text', () => {
  it('reads the same instant as over the time alone, and nothing past the range', () => {
    for (const time of [
      '2026-09-29T10:57:40.911Z',
      '2026-09-29T10:57:40Z',
      '1999-12-31T23:59:59Z',
    ]) {
      const text = `{"started_at": "${time}"}`;
      const from = text.indexOf(time);
      expect(fastStepTimeMs(text, from, from + time.length)).toBe(fastStepTimeMs(time));
      expect(fastStepTimeMs(text, from, from + time.length + 1)).toBeUndefined();
    }
  });
});
