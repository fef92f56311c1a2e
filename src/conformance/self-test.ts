/**
 * The self-test (issue #12): every bundled golden vector, run through the one pipeline and
 * compared with the expectation it carries. The CLI (`aer1-verify --self-test`), the
 * `#/conformance` page (in the Worker) and a unit test all use this module, so "N of N as
 * expected" means the same thing everywhere.
 *
 * Vector files arrive as text keyed by their path (bundled-vectors.ts, through the bundler);
 * this module reads the suites' formats (receipt, workflow, chain, anchor, vector-set), so it needs no
 * file system. A vector is "as expected" when its verdict is the one declared and every check the
 * file names (a failure's message or rule, a warning, a profile line, a vector set's row) is among
 * the report's.
 */
import {
  decodeBase64Strict,
  parseJson,
  type InputDocument,
  type Report,
  type VerifyOptions,
} from '../core';

export type Suite = 'receipt' | 'workflow' | 'chain' | 'anchor' | 'vector-set';

/** What a vector says must be found among the report's checks (or its profile lines). */
export interface ExpectedFinding {
  status: string;
  rule?: string;
  message?: string;
  /** For a profile line: its id (status is the line's status). */
  profile?: string;
  /** The check's subject: a supplied document, or a vector set's vector. */
  subject?: string;
}

export interface SelfTestCase {
  /** `receipt/created_at-future.json` */
  name: string;
  suite: Suite;
  description: string;
  document: InputDocument;
  supplied: InputDocument[];
  options: Pick<VerifyOptions, 'now' | 'maxFutureMs' | 'maxAgeMs'>;
  expected: { verdict: Report['verdict']; findings: ExpectedFinding[] };
}

export interface SelfTestResult {
  name: string;
  suite: Suite;
  description: string;
  expectedVerdict: Report['verdict'];
  actualVerdict: Report['verdict'] | 'error';
  /** The report's first failure (or warning) message, or why it is verified. */
  actualReason: string;
  asExpected: boolean;
  /** What differed, one line each; empty when as expected. */
  differences: string[];
}

/** Each suite's fixed clock (the vectors' "now"), as their own test loaders use. */
export const SUITE_NOW: Record<Suite, number> = {
  receipt: Date.parse('2026-11-29T00:00:00Z'),
  workflow: Date.parse('2026-11-01T00:00:00Z'),
  chain: Date.parse('2026-10-02T00:00:00Z'),
  anchor: Date.parse('2026-10-02T00:00:00Z'),
  'vector-set': Date.parse('2026-11-29T00:00:00Z'),
};

/** A bundled file: its path under src/core and its text (a binary one: its bytes, text ''). */
export interface VectorFileText {
  path: string;
  text: string;
  bytes?: Uint8Array;
}

/** The expectations of the binary OpenTimestamps vectors (one case per entry). */
export const OTS_PROOFS_PATH = 'src/conformance/ots-proofs.json';

interface OtsProofEntry {
  proof: string;
  description?: string;
  supplied?: string[];
  /** Supply the attested block's header (the manifest's `header_358391`). */
  header?: boolean;
  expect: Plain;
}

/**
 * The binary proofs' cases, from ots-proofs.json and the files' bytes. A proof or supplied file
 * the manifest names but the bundle lacks is a case too: it cannot pass (its file is empty).
 */
function otsProofCases(manifestText: string, files: readonly VectorFileText[]): SelfTestCase[] {
  const manifest = JSON.parse(manifestText) as { header_358391?: string; proofs?: OtsProofEntry[] };
  const bytesByName = new Map<string, Uint8Array>();
  for (const f of files) if (f.bytes) bytesByName.set(baseName(f.path), f.bytes);
  const doc = (name: string): InputDocument => ({
    name,
    bytes: bytesByName.get(name) ?? new Uint8Array(),
  });
  const seen = new Map<string, number>();
  return (manifest.proofs ?? []).map((entry) => {
    const supplied = (entry.supplied ?? []).map(doc);
    if (entry.header && manifest.header_358391)
      supplied.push({ name: 'block-358391-header.txt', text: manifest.header_358391 });
    // One proof may have several cases: name them by what is supplied with it.
    const variant = [...(entry.supplied ?? []), ...(entry.header ? ['header'] : [])];
    let name = `anchor/ots/${entry.proof}${variant.length > 0 ? ` + ${variant.join(' + ')}` : ' alone'}`;
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    if (count > 1) name += ` (${count})`;
    return {
      name,
      suite: 'anchor' as const,
      description: entry.description ?? '',
      document: doc(entry.proof),
      supplied,
      options: { now: SUITE_NOW.anchor },
      expected: {
        verdict: entry.expect.verdict as Report['verdict'],
        findings: findingsOf(entry.expect),
      },
    };
  });
}

type Plain = Record<string, unknown>;
type Node = ReturnType<typeof parseJson>['root'];

function slice(text: string, node: Node | undefined): string | undefined {
  return node ? text.slice(node.start, node.end) : undefined;
}

function memberOf(node: Node, name: string): Node | undefined {
  return node.type === 'object' ? node.byName.get(name) : undefined;
}

function suiteOf(path: string): Suite | undefined {
  const m = /(?:^|\/)(receipt|workflow|chain|anchor|vector-set)\/vectors\//.exec(path);
  return m?.[1] as Suite | undefined;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** One document as the suites write it: `{name, text | base64 | document, role?, fromRelay?}`. */
function inputOf(text: string, item: Node): InputDocument {
  const name = memberOf(item, 'name');
  const label = name?.type === 'string' ? name.value : 'supplied';
  const base64 = memberOf(item, 'base64');
  if (base64?.type === 'string') {
    const decoded = decodeBase64Strict(base64.value);
    return { name: label, bytes: decoded.ok ? decoded.bytes : new Uint8Array() };
  }
  const textNode = memberOf(item, 'text');
  const doc: InputDocument = {
    name: label,
    text:
      textNode?.type === 'string'
        ? textNode.value
        : (slice(text, memberOf(item, 'document')) ?? ''),
  };
  const role = memberOf(item, 'role');
  if (role?.type === 'string' && role.value === 'final-answer') doc.role = 'final-answer';
  const fromRelay = memberOf(item, 'fromRelay');
  const relay = fromRelay && memberOf(fromRelay, 'relay');
  const eventId = fromRelay && memberOf(fromRelay, 'eventId');
  if (relay?.type === 'string' && eventId?.type === 'string')
    doc.fromRelay = { relay: relay.value, eventId: eventId.value };
  return doc;
}

function suppliedOf(text: string, root: Node): InputDocument[] {
  const node = memberOf(root, 'supplied');
  return node?.type === 'array' ? node.items.map((item) => inputOf(text, item)) : [];
}

function documentOf(text: string, suite: Suite, root: Node, name: string): InputDocument {
  const input = memberOf(root, 'input');
  if (input?.type === 'string') return { name, text: input.value };
  const lines = memberOf(root, 'documentLines');
  if (lines?.type === 'array')
    return {
      name,
      text: lines.items.map((l) => (l.type === 'string' ? l.value : '')).join('\n') + '\n',
    };
  const doc = memberOf(root, 'document');
  // The anchor suite's document is `{name, text | base64}`; the others embed it as JSON.
  if (suite === 'anchor' && doc) return inputOf(text, doc);
  return { name, text: slice(text, doc) ?? text };
}

const ROW_STATUS: Record<string, string> = {
  agrees: 'pass',
  disagrees: 'fail',
  undecided: 'unavailable',
};

/** The findings a vector file names, whatever its suite's expectation format. */
function findingsOf(expect: Plain): ExpectedFinding[] {
  const out: ExpectedFinding[] = [];
  const push = (status: string, item: unknown): void => {
    if (typeof item === 'string') out.push({ status, message: item });
    else if (item && typeof item === 'object') {
      const { rule, message, subject } = item as {
        rule?: unknown;
        message?: unknown;
        subject?: unknown;
      };
      out.push({
        status,
        ...(typeof rule === 'string' ? { rule } : {}),
        ...(typeof message === 'string' ? { message } : {}),
        ...(typeof subject === 'string' ? { subject } : {}),
      });
    }
  };
  for (const f of (expect.failures as unknown[] | undefined) ?? []) push('fail', f);
  for (const w of (expect.warnings as unknown[] | undefined) ?? []) push('warning', w);
  for (const c of (expect.checks as unknown[] | undefined) ?? []) {
    const { status } = c as { status?: unknown };
    if (typeof status === 'string') push(status, c);
  }
  for (const [profile, status] of Object.entries((expect.profiles as Plain | undefined) ?? {}))
    out.push({ status: String(status), profile });
  // A vector set's rows: each vector's agreement, as the check the set's report makes for it.
  for (const [subject, agreement] of Object.entries((expect.rows as Plain | undefined) ?? {}))
    out.push({
      status: ROW_STATUS[String(agreement)] ?? String(agreement),
      rule: 'vector-set.vector',
      subject,
    });
  return out;
}

/** Every vector among the files, as a case (files without an expectation are not vectors). */
export function selfTestCases(files: readonly VectorFileText[]): SelfTestCase[] {
  const cases: SelfTestCase[] = [];
  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    if (file.path === OTS_PROOFS_PATH) {
      cases.push(...otsProofCases(file.text, files));
      continue;
    }
    const suite = suiteOf(file.path);
    if (!suite) continue;
    const name = `${suite}/${file.path.slice(file.path.indexOf('/vectors/') + 9)}`;
    // The workflow suite's worked example is the spec's §3.4 document itself: it must verify.
    if (suite === 'workflow' && baseName(file.path) === 'worked-example.json') {
      cases.push({
        name,
        suite,
        description: "the spec's §3.4 worked example",
        document: { name: baseName(file.path), text: file.text },
        supplied: [],
        options: { now: SUITE_NOW.workflow },
        expected: { verdict: 'verified', findings: [] },
      });
      continue;
    }
    let plain: Plain;
    let root: Node;
    try {
      plain = JSON.parse(file.text) as Plain;
      root = parseJson(file.text).root;
    } catch {
      continue;
    }
    const expect = plain.expect as Plain | undefined;
    if (!expect || typeof expect.verdict !== 'string') continue;
    const policy = (plain.policy as Pick<VerifyOptions, 'maxFutureMs' | 'maxAgeMs'>) ?? {};
    // A receipt vector fetched by id (spec §2.4 step 1) says the id it was asked for.
    const retrieved =
      typeof plain.retrieved_as === 'string' ? { expectedReceiptId: plain.retrieved_as } : {};
    cases.push({
      name,
      suite,
      description: typeof plain.description === 'string' ? plain.description : '',
      document: documentOf(file.text, suite, root, baseName(file.path)),
      supplied: suppliedOf(file.text, root),
      options: { now: SUITE_NOW[suite], ...policy, ...retrieved },
      expected: { verdict: expect.verdict as Report['verdict'], findings: findingsOf(expect) },
    });
  }
  return cases;
}

function allChecks(report: Report): Report['checks'] {
  return [...report.checks, ...(report.children ?? []).flatMap(allChecks)];
}

function describeFinding(f: ExpectedFinding): string {
  if (f.profile) return `profile ${f.profile}: ${f.status}`;
  return `${f.status}: ${[f.rule, f.subject, f.message].filter(Boolean).join(' — ')}`;
}

/** The expected verdict and every named finding, against one report. */
export function compareWithExpectation(testCase: SelfTestCase, report: Report): SelfTestResult {
  const checks = allChecks(report);
  const differences: string[] = [];
  if (report.verdict !== testCase.expected.verdict)
    differences.push(`verdict ${report.verdict}, expected ${testCase.expected.verdict}`);
  for (const f of testCase.expected.findings) {
    const found = f.profile
      ? report.profiles?.find((p) => p.id === f.profile)?.status === f.status
      : checks.some(
          (c) =>
            c.status === f.status &&
            (f.rule === undefined || c.rule === f.rule) &&
            (f.message === undefined || c.message === f.message) &&
            (f.subject === undefined || c.subject === f.subject),
        );
    if (!found) differences.push(`missing ${describeFinding(f)}`);
  }
  const first =
    checks.find((c) => c.status === 'fail') ??
    checks.find((c) => c.status === 'unavailable' || c.status === 'warning');
  return {
    name: testCase.name,
    suite: testCase.suite,
    description: testCase.description,
    expectedVerdict: testCase.expected.verdict,
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
        expectedVerdict: testCase.expected.verdict,
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
