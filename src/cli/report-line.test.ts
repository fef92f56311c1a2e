import { describe, expect, it } from 'vitest';
import { verify, verifyRecords, type Report } from '../core';
import { cliReportJson } from './output';
import { compactLine, Utf8Lines } from './report-line';
import { SPEC_MINIMAL_RECEIPT_TEXT } from '../../test/generators/make-receipt-vectors';
import { mutateText, fuzzText, changeCommittedCharacter } from '../../test/support/mutate';
import { prng } from '../../test/support/prng';
import { vectorCases } from '../../test/support/vector-files';

const NOW = Date.parse('2026-11-29');

/** The compact form's definition: the object output.ts makes, as JSON. */
const reference = (report: Report) => JSON.stringify(cliReportJson(report, 'compact'));

/** Records of every outcome: valid, fuzzed, mutated, a changed committed byte. */
function recordTexts(): string[] {
  const random = prng(5);
  const texts: string[] = [];
  for (let i = 0; i < 150; i++) {
    texts.push(SPEC_MINIMAL_RECEIPT_TEXT.replaceAll('\n', ''));
    texts.push(fuzzText(random, SPEC_MINIMAL_RECEIPT_TEXT, i));
    texts.push(mutateText(random, SPEC_MINIMAL_RECEIPT_TEXT, 1 + (i % 6)));
    texts.push(changeCommittedCharacter(random, SPEC_MINIMAL_RECEIPT_TEXT).text);
    if (i % 10 === 0) texts.push('1', '{"a":1,"a":2}', '[1,[2]]', '"\u202e\u0007"', '{');
  }
  return texts;
}

describe('compactLine', () => {
  it('writes every vector report as JSON.stringify of the compact object', async () => {
    for (const testCase of vectorCases()) {
      const report = await verify(testCase.document, testCase.supplied, testCase.options);
      expect(compactLine(report), testCase.name).toBe(reference(report));
    }
  });

  it('writes the records of a stream (lazy passes), in turn and again, as the compact object', async () => {
    const texts = recordTexts();
    const inputs = texts.map((text, i) => ({ name: `s line record ${i + 1}`, text }));
    // Written twice over, each line right after another kind of record and after its own kind:
    // a tail reused must be the tail of this report.
    for (let round = 0; round < 2; round++) {
      const reports = await verifyRecords(inputs, { now: NOW, lazyPasses: true });
      const expected = (await verifyRecords(inputs, { now: NOW })).map(reference);
      reports.forEach((report, i) => expect(compactLine(report), texts[i]).toBe(expected[i]));
    }
  });

  it('tells apart tails whose values are the same in other members', () => {
    const base = {
      kind: 'receipt',
      source: 'a',
      verdict: 'failed',
      dimensions: {},
      limits: [],
    } as unknown as Report;
    const check = {
      rule: 'r',
      dimension: 'schema_validity',
      status: 'fail',
      message: 'm',
      path: '',
    };
    const reports: Report[] = [
      { ...base, checks: [{ ...check, expected: 'v' }] },
      { ...base, checks: [{ ...check, found: 'v' }] },
      { ...base, checks: [{ ...check, subject: 'v' }] },
      { ...base, checks: [{ ...check, found: `"${'\u2028é'.repeat(600)}\ud800` }] },
      { ...base, checks: [{ ...check, range: { line: 1, column: 2 } }] },
      { ...base, checks: [{ ...check, range: { line: 2, column: 1 } }] },
      { ...base, checks: [check, check] },
      {
        ...base,
        checks: [
          { ...check, status: 'pass' },
          { ...check, status: 'pass', path: '/a' },
        ],
      },
      { ...base, checks: [{ ...check, status: 'pass' }], limits: ['r', ''] },
      { ...base, kind: 'unknown', checks: [{ ...check, status: 'pass' }] },
      { ...base, kind: 'unknown', checks: [check] },
      { ...base, kind: 'unknown', checks: [check], children: [{ ...base, checks: [] }] },
    ] as Report[];
    for (const report of [...reports, ...reports.reverse()])
      expect(compactLine(report)).toBe(reference(report));
  });

  it('writes a line as UTF-8 bytes as compactLine writes it, whatever the name', async () => {
    const names = [
      's line record 1',
      'a "quoted" \\ name',
      'caf\u00e9',
      'tab\there',
      '\u2028 \ud83d\ude00',
      '~\u007f',
    ];
    const inputs = names.map((name) => ({ name, text: SPEC_MINIMAL_RECEIPT_TEXT }));
    const reports = await verifyRecords(inputs, { now: NOW, lazyPasses: true });
    const lines = new Utf8Lines(16);
    for (const report of reports) lines.compactLine(report);
    const expected = (await verifyRecords(inputs, { now: NOW })).map(reference);
    expect(new TextDecoder().decode(lines.done())).toBe(
      expected.map((line) => line + '\n').join(''),
    );
  });
});
