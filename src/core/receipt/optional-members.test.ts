/**
 * canonical_byte_length (spec §2.2): the decoded length, written as an integer. A float of the
 * same value fails too, and says that it is the writing, not the count, that is wrong.
 */
import { describe, expect, it } from 'vitest';
import { verify } from '../verify';
import { MINIMAL_RECEIPT } from '../../../test/support/minimal-receipt';

const NOW = Date.parse('2026-11-29T00:00:00Z');
const length = Buffer.from(MINIMAL_RECEIPT.canonical_bytes, 'base64').length;

async function lengthCheck(lexeme: string) {
  const text = JSON.stringify(MINIMAL_RECEIPT).replace(/}$/, `,"canonical_byte_length":${lexeme}}`);
  const report = await verify({ name: 'r.json', text }, [], { now: NOW });
  return report.checks.find((c) => c.rule === 'receipt.canonical_byte_length');
}

describe('canonical_byte_length', () => {
  it('passes the decoded length written as an integer', async () => {
    expect((await lengthCheck(String(length)))?.status).toBe('pass');
  });

  it('fails another count, expecting the length', async () => {
    expect(await lengthCheck(String(length + 1))).toMatchObject({
      status: 'fail',
      expected: String(length),
      found: `number ${length + 1}`,
    });
  });

  it.each([`${length}.0`, `${length / 10}e1`, `${length}e0`])(
    'fails %s, saying the value is right but not written as an integer',
    async (lexeme) => {
      const check = await lengthCheck(lexeme);
      expect(check).toMatchObject({
        status: 'fail',
        expected: `${length} written as an integer (no fraction or exponent)`,
        found: `number ${lexeme}`,
      });
      expect(check?.detail).toMatch(/not written as an integer/);
    },
  );
});
