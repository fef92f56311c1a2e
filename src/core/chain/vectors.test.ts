/**
 * Table runner for the job-timeline vectors in ./vectors: one file per case, named after the
 * tampering it carries, each declaring every failing message it must produce. Adding a case is
 * adding a file (see test/generators/chain-vectors.py, which computes digests independently in
 * Python).
 *
 * Documents are taken from the vector file as their exact source text (not re-serialised), so
 * lexemes such as `5.0` and `1.0` and escapes such as `\ud800` reach the verifier as written.
 */
import { describe, expect, it } from 'vitest';
import type { Report } from '../model/report';
import { verify } from '../verify';
import type { ChainDetails } from './types';
import {
  CHAIN_VECTOR_NOW,
  loadChainVectors,
  type Vector,
} from '../../../test/support/chain-vectors';

const NOW = CHAIN_VECTOR_NOW;
const vectors = loadChainVectors();

const reports = new Map<string, Report>();
async function reportFor(v: Vector): Promise<Report> {
  let report = reports.get(v.name);
  if (!report) {
    report = await verify(v.document, v.supplied, { now: NOW });
    reports.set(v.name, report);
  }
  return report;
}

function chainDetails(report: Report): ChainDetails {
  expect(report.details?.type).toBe('chain');
  return report.details as ChainDetails;
}

describe('job timeline vectors', () => {
  it('finds the vector files', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(30);
  });

  describe.each(vectors)('$name', (v) => {
    it(`verdict ${v.expect.verdict} with exactly the declared failures`, async () => {
      const report = await reportFor(v);
      const failures = report.checks.filter((c) => c.status === 'fail').map((c) => c.message);
      expect([...failures].sort()).toEqual([...v.expect.failures].sort());
      if (v.expect.message !== undefined) expect(failures).toContain(v.expect.message);
      expect(report.verdict).toBe(v.expect.verdict);
      expect(report.kind).toBe(v.expect.kind ?? 'timeline');
    });

    it('points every failure at a JSON pointer inside the document', async () => {
      const report = await reportFor(v);
      for (const check of report.checks.filter((c) => c.status === 'fail')) {
        expect(check.path === '' || check.path.startsWith('/')).toBe(true);
        const entry = /^entry (\d+) /.exec(check.message);
        if (entry && report.kind === 'timeline') {
          const details = chainDetails(report);
          const pointer = details.entries[Number(entry[1])]?.pointer ?? '?';
          expect(check.path === pointer || check.path.startsWith(pointer + '/')).toBe(true);
        }
      }
    });

    it('meets the declared details, checks, dimensions and limits', async () => {
      const report = await reportFor(v);
      const e = v.expect;
      if (e.digests) {
        expect(chainDetails(report).entries.map((entry) => entry.recomputedDigest)).toEqual(
          e.digests,
        );
      }
      if (e.finalEntryDigest) {
        expect(chainDetails(report).finalEntryDigest).toBe(e.finalEntryDigest);
      }
      if (e.firstBrokenLink !== undefined) {
        expect(chainDetails(report).firstBrokenLink).toBe(e.firstBrokenLink);
      }
      if (e.historical06) expect(chainDetails(report).historical06).toMatchObject(e.historical06);
      for (const wanted of e.limitsContain ?? []) {
        expect(report.limits.some((limit) => limit.includes(wanted))).toBe(true);
      }
      for (const [dimension, status] of Object.entries(e.dimensions ?? {})) {
        expect(report.dimensions[dimension as keyof Report['dimensions']].status).toBe(status);
      }
      for (const wanted of e.checks ?? []) {
        const { messageStartsWith, ...fields } = wanted;
        const match = report.checks.find(
          (c) =>
            Object.entries(fields).every(([k, value]) => c[k as keyof typeof c] === value) &&
            (messageStartsWith === undefined || c.message.startsWith(messageStartsWith)),
        );
        expect(match, JSON.stringify(wanted)).toBeDefined();
      }
    });

    it('survives structured cloning (the Worker boundary)', async () => {
      const report = await reportFor(v);
      expect(structuredClone(report)).toEqual(report);
    });
  });
});
