/**
 * The self-test (issue #12): every bundled golden vector, run through the one pipeline and
 * compared with the expectation it carries. The CLI (`aer1-verify --self-test`), the
 * `#/conformance` page (in the Worker) and a unit test all use this module, so "N of N as
 * expected" means the same thing everywhere.
 *
 * Vector files arrive as text keyed by their path (bundled-vectors.ts, through the bundler) and
 * are read by the one reader (vector-file.ts), as the unit tests read them from disk. A vector is
 * "as expected" when its report shows everything its `expect` says (vector-file.ts).
 */
import type { Check, Report } from '../core';
import {
  readVectors,
  type ExpectedCheck,
  type VectorCase,
  type VectorFileText,
} from './vector-file';

export type { VectorFileText } from './vector-file';

export type SelfTestCase = VectorCase;

export interface SelfTestResult {
  name: string;
  suite: string;
  description: string;
  expectedVerdict: string;
  actualVerdict: Report['verdict'] | 'error';
  /** The report's first failure (or warning) message, or why it is verified. */
  actualReason: string;
  asExpected: boolean;
  /** What differed, one line each; empty when as expected. */
  differences: string[];
}

/** Every vector among the files, as a case (vector-file.ts reads them). */
export function selfTestCases(files: readonly VectorFileText[]): SelfTestCase[] {
  return readVectors(files);
}

function allChecks(report: Report): Report['checks'] {
  return [...report.checks, ...(report.children ?? []).flatMap(allChecks)];
}

const FIELDS = ['rule', 'subject', 'message', 'path', 'expected', 'found'] as const;

function describeCheck(c: ExpectedCheck | Check): string {
  const words = [c.rule, c.subject, c.message].filter(Boolean);
  if ('messageStartsWith' in c && c.messageStartsWith) words.push(`${c.messageStartsWith}…`);
  const at = c.path !== undefined && c.path !== '' ? ` (at ${c.path})` : '';
  return `${c.status}: ${words.join(' — ')}${at}`;
}

function matches(check: Check, wanted: ExpectedCheck): boolean {
  if (check.status !== wanted.status) return false;
  for (const field of FIELDS)
    if (wanted[field] !== undefined && check[field] !== wanted[field]) return false;
  return (
    wanted.messageStartsWith === undefined || check.message.startsWith(wanted.messageStartsWith)
  );
}

/**
 * Where `found` differs from the part of it `wanted` gives: objects by the members given,
 * arrays item by item and of the same length, anything else by value. Undefined when it agrees.
 */
function detailsDiffer(found: unknown, wanted: unknown, at: string): string | undefined {
  if (Array.isArray(wanted)) {
    if (!Array.isArray(found) || found.length !== wanted.length)
      return `${at}: ${Array.isArray(found) ? `${found.length} items` : 'no list'}, expected ${wanted.length} items`;
    for (let i = 0; i < wanted.length; i++) {
      const differs = detailsDiffer(found[i], wanted[i], `${at}/${i}`);
      if (differs) return differs;
    }
    return undefined;
  }
  if (wanted !== null && typeof wanted === 'object') {
    if (found === null || typeof found !== 'object') return `${at}: absent`;
    for (const [key, value] of Object.entries(wanted)) {
      const differs = detailsDiffer((found as Record<string, unknown>)[key], value, `${at}/${key}`);
      if (differs) return differs;
    }
    return undefined;
  }
  return Object.is(found, wanted)
    ? undefined
    : `${at}: ${JSON.stringify(found)}, expected ${JSON.stringify(wanted)}`;
}

/** The report against everything the vector expects (vector-file.ts says what each part means). */
function differencesOf(testCase: SelfTestCase, report: Report, checks: Check[]): string[] {
  const expect = testCase.expect;
  const differences: string[] = [];
  if (testCase.problem) differences.push(`the vector cannot be run: ${testCase.problem}`);
  if (report.verdict !== expect.verdict)
    differences.push(`verdict ${report.verdict}, expected ${expect.verdict}`);
  if (expect.kind !== undefined && report.kind !== expect.kind)
    differences.push(`kind ${report.kind}, expected ${expect.kind}`);
  const wanted = expect.checks ?? [];
  for (const w of wanted)
    if (!checks.some((c) => matches(c, w))) differences.push(`missing ${describeCheck(w)}`);
  for (const status of expect.complete ?? []) {
    const listed = wanted.filter((w) => w.status === status);
    const found = checks.filter((c) => c.status === status);
    for (const c of found)
      if (!listed.some((w) => matches(c, w))) differences.push(`unexpected ${describeCheck(c)}`);
    if (found.length > listed.length)
      differences.push(`${found.length} ${status} checks, ${listed.length} expected`);
  }
  for (const [rule, statuses] of Object.entries(expect.outcomes ?? {})) {
    const seen = [...new Set(checks.filter((c) => c.rule === rule).map((c) => c.status))].sort();
    const want = [...new Set(statuses)].sort();
    if (seen.join() !== want.join())
      differences.push(`${rule}: ${seen.join(', ') || 'no check'}, expected ${want.join(', ')}`);
  }
  for (const [dimension, status] of Object.entries(expect.dimensions ?? {})) {
    const found = report.dimensions[dimension as keyof Report['dimensions']]?.status;
    if (found !== status) differences.push(`${dimension} ${found}, expected ${status}`);
  }
  for (const [profile, status] of Object.entries(expect.profiles ?? {}))
    if (report.profiles?.find((p) => p.id === profile)?.status !== status)
      differences.push(`missing profile ${profile}: ${status}`);
  for (const words of expect.limits ?? [])
    if (!report.limits.some((limit) => limit.includes(words)))
      differences.push(`no limit says "${words}"`);
  if (expect.details !== undefined) {
    const differs = detailsDiffer(report.details, expect.details, 'details');
    if (differs) differences.push(differs);
  }
  return differences;
}

/** The expectation of one vector, against one report. */
export function compareWithExpectation(testCase: SelfTestCase, report: Report): SelfTestResult {
  const checks = allChecks(report);
  const differences = differencesOf(testCase, report, checks);
  const first =
    checks.find((c) => c.status === 'fail') ??
    checks.find((c) => c.status === 'unavailable' || c.status === 'warning');
  return {
    name: testCase.name,
    suite: testCase.suite,
    description: testCase.description,
    expectedVerdict: testCase.expect.verdict,
    actualVerdict: report.verdict,
    actualReason: first ? first.message : 'no failures',
    asExpected: differences.length === 0,
    differences,
  };
}

export interface SelfTestSummary {
  results: SelfTestResult[];
  asExpected: number;
  total: number;
  ms: number;
}

/** Runs every case through `verifyCase` (the pipeline directly, or the Worker). */
export async function runSelfTest(
  cases: readonly SelfTestCase[],
  verifyCase: (testCase: SelfTestCase) => Promise<Report>,
  onProgress?: (done: number, total: number) => void,
): Promise<SelfTestSummary> {
  const started = Date.now();
  const results: SelfTestResult[] = [];
  for (const testCase of cases) {
    try {
      results.push(compareWithExpectation(testCase, await verifyCase(testCase)));
    } catch (error) {
      results.push({
        name: testCase.name,
        suite: testCase.suite,
        description: testCase.description,
        expectedVerdict: testCase.expect.verdict,
        actualVerdict: 'error',
        actualReason: String(error),
        asExpected: false,
        differences: [`the verifier threw: ${String(error)}`],
      });
    }
    onProgress?.(results.length, cases.length);
  }
  return {
    results,
    asExpected: results.filter((r) => r.asExpected).length,
    total: results.length,
    ms: Date.now() - started,
  };
}

/** "212 of 212 as expected", then one line per difference: the CLI's and the page's summary. */
export function selfTestText(summary: SelfTestSummary): string {
  const lines = [`${summary.asExpected} of ${summary.total} as expected (${summary.ms} ms)`];
  for (const r of summary.results) {
    if (r.asExpected) continue;
    lines.push(
      `DIFFERS ${r.name}: expected ${r.expectedVerdict}, got ${r.actualVerdict} (${r.actualReason})`,
    );
    for (const d of r.differences) lines.push(`    ${d}`);
  }
  return lines.join('\n');
}
