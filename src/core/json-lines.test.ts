import { describe, expect, it } from 'vitest';
import { MINIMAL_RECEIPT } from '../../test/support/minimal-receipt';
import { verifyAll, verifyRecords } from './verify';

const NOW = Date.parse('2026-11-01T00:00:00Z');
const good = JSON.stringify(MINIMAL_RECEIPT);

describe('a byte order mark in JSON Lines', () => {
  it('is tolerated at the start of a file only: a record after it reports it as the whole file does', async () => {
    const { results } = await verifyAll([{ name: 'f.jsonl', text: `${good}\n\ufeff${good}` }], {
      now: NOW,
    });
    const whole = results[0]!.report.checks.find((c) => c.status === 'fail');
    expect(whole).toMatchObject({ rule: 'json.syntax', range: { line: 2, column: 1 } });
    expect(whole?.message).toMatch(/^Unexpected character '\ufeff'/);

    const [first, later] = await verifyRecords(
      [
        { name: 'f.jsonl line record 1', text: `\ufeff${good}` },
        { name: 'f.jsonl line record 2', text: `\ufeff${good}`, midFile: true },
      ],
      { now: NOW },
    );
    expect(first?.verdict).toBe('verified');
    expect(later?.verdict).toBe('failed');
    expect(later?.checks[0]).toMatchObject({ rule: 'json.syntax', range: { line: 1, column: 1 } });
    expect(later?.checks[0]?.message).toMatch(/^Unexpected character '\ufeff'/);
  });
});
