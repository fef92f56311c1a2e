/**
 * The --jsonl line written straight from a report (compactJsonLine) is the compact form's
 * object serialised, byte for byte, for every vector's report, a batch with its members, and
 * reports whose strings need escaping.
 */
import { describe, expect, it } from 'vitest';
import { verify } from '../core';
import { selfTestCases } from '../conformance/self-test';
import { vectorFiles } from '../../test/support/report-cases';
import { buildBatchText } from '../../bench/batch';
import { cliReportJson, compactJsonLine } from './output';

const NOW = Date.parse('2026-11-29T00:00:00Z');

describe('the compact --jsonl line', () => {
  it('is the compact form serialised, for every vector', async () => {
    for (const testCase of selfTestCases(vectorFiles())) {
      const report = await verify(testCase.document, testCase.supplied, testCase.options);
      expect(compactJsonLine(report), testCase.name).toBe(
        JSON.stringify(cliReportJson(report, 'compact')),
      );
    }
  });

  it('is the compact form serialised for a batch with its members and for odd strings', async () => {
    const texts = [
      buildBatchText(5),
      '[1, {"a":1,"a":2}, "\\u202e\\u0007\\ud800"]',
      '{"id":"\\u0000\\"\\\\","receipt_schema_version":"é€😀","created_at":1}',
      'not json at all\u001b[2J',
      '[]',
    ];
    for (const text of texts) {
      const report = await verify({ name: 'odd "name"\n.json', text }, [], { now: NOW });
      expect(compactJsonLine(report), text).toBe(JSON.stringify(cliReportJson(report, 'compact')));
    }
  });
});
