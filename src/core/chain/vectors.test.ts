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
import { member, type JsonValue } from '../json/ast';
import { parseJson } from '../json/parse';
import type { CheckStatus, Report } from '../report';
import { verify, type InputDocument } from '../verify';
import { CHAIN_RULES } from './rules';
import type { ChainDetails } from './types';

interface ExpectedCheck {
  rule: string;
  status: CheckStatus;
  path?: string;
  expected?: string;
  found?: string;
  subject?: string;
  messageStartsWith?: string;
}

interface VectorExpectation {
  verdict: Report['verdict'];
  kind?: Report['kind'];
  message?: string;
  failures: string[];
  digests?: string[];
  finalEntryDigest?: string;
  firstBrokenLink?: number;
  limitsContain?: string[];
  checks?: ExpectedCheck[];
  dimensions?: Record<string, string>;
  historical06?: Record<string, unknown>;
}

interface Vector {
  name: string;
  description: string;
  document: InputDocument;
  supplied: InputDocument[];
  expect: VectorExpectation;
}

const NOW = Date.parse('2026-10-02T00:00:00Z');

const files = import.meta.glob<string>('./vectors/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The exact text of a value inside the vector file. */
function slice(text: string, node: JsonValue | undefined, what: string): string {
  if (!node) throw new Error(`vector has no ${what}`);
  return text.slice(node.start, node.end);
}

function loadVector(path: string, text: string): Vector {
  const name = path.replace(/^.*\//, '').replace(/\.json$/, '');
  const root = parseJson(text).root;
  if (root.type !== 'object') throw new Error(`${name}: not an object`);
  const plain = JSON.parse(text) as { description: string; expect: VectorExpectation };
  const lines = member(root, 'documentLines');
  const documentText =
    lines?.type === 'array'
      ? lines.items.map((line) => (line.type === 'string' ? line.value : '')).join('\n') + '\n'
      : slice(text, member(root, 'document'), 'document');
  const supplied: InputDocument[] = [];
  const suppliedNode = member(root, 'supplied');
  if (suppliedNode?.type === 'array') {
    for (const item of suppliedNode.items) {
      if (item.type !== 'object') continue;
      const itemName = member(item, 'name');
      supplied.push({
        name: itemName?.type === 'string' ? itemName.value : 'supplied',
        text: slice(text, member(item, 'document'), 'supplied document'),
      });
    }
  }
  return {
    name,
    description: plain.description,
    document: { name: `${name}.json`, text: documentText },
    supplied,
    expect: plain.expect,
  };
}

const vectors = Object.entries(files)
  .map(([path, text]) => loadVector(path, text))
  .sort((a, b) => a.name.localeCompare(b.name));

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

  it('covers every chain rule with a vector where it holds and one where it fails', async () => {
    const seen = new Map<string, Set<CheckStatus>>();
    for (const v of vectors) {
      for (const check of (await reportFor(v)).checks) {
        const statuses = seen.get(check.rule) ?? new Set<CheckStatus>();
        statuses.add(check.status);
        seen.set(check.rule, statuses);
      }
    }
    for (const rule of Object.values(CHAIN_RULES)) {
      const statuses = seen.get(rule.id) ?? new Set<CheckStatus>();
      expect(statuses.has('pass'), `${rule.id} passes somewhere`).toBe(true);
      // Recomputing a digest compares nothing; it can only be impossible (unavailable).
      const failing = rule.id === CHAIN_RULES.digest.id ? 'unavailable' : 'fail';
      expect(statuses.has(failing), `${rule.id} ${failing} somewhere`).toBe(true);
    }
    const historical = seen.get('chain.historical-06') ?? new Set<CheckStatus>();
    expect([...historical].sort()).toEqual(['info', 'warning']);
  });
});
