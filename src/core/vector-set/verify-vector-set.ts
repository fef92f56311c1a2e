/**
 * A vector set verified: every vector's document through the one pipeline
 * (VerifyContext.verifyInput, as if it had come alone), then compared with what the vector
 * expects — valid or invalid, a part of a failure message, a Merkle root. The set's verdict is
 * the agreement: failed when any vector disagrees, incomplete when any cannot be decided.
 *
 * Where a set's expectation contradicts the format, the row says so in the format's words
 * ("the set expects valid; this verifier finds: canonical_bytes is not valid base64"), never hides it.
 */
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import { bytesToHex } from '../encoding/hex';
import type { MerkleHashing } from '../workflow/merkle/tree';
import type { DetectedDocument } from '../model/document';
import { buildReport } from '../report';
import { type Check, type Report } from '../model/report';
import type { VerifiedReport } from '../report-details';
import type { VectorAgreement, VectorRow, VectorSetDetails } from './details';
import { vectorList } from './members';
import { readVectors, vectorPointer, type SetVector } from './read-set';
import { VECTOR_SET_RULES as R } from './rules';
import { legacyPreimageRoot } from '../workflow/merkle/receipt-id-v0';

const LIMIT =
  'A vector agrees when this verifier reaches the result the set states for its document; that says nothing about the world, only that the two readings of the format meet.';

export function verifyVectorSet(
  doc: DetectedDocument,
  ctx: VerifyContext,
  list: CheckList,
): Report<VectorSetDetails> {
  const root = doc.root;
  const found = root ? vectorList(root) : undefined;
  const vectors = found ? readVectors(found.items, doc.source.text, doc.name) : [];
  const reports = vectors.map((v) => (v.input ? ctx.verifyInput(v.input) : undefined));
  const reading06 = isSetOf06Chains(reports);
  const rows = vectors.map((vector, i) => compare(vector, reports[i], reading06, ctx.hashing));
  const counts: Record<VectorAgreement, number> = { agrees: 0, disagrees: 0, undecided: 0 };
  rows.forEach((row, i) => {
    counts[row.agreement]++;
    const place = vectors[i]!.node;
    const params = { name: row.name, expected: row.expected, note: row.note ?? '' };
    const evidence = { expected: row.expected, found: row.ours, subject: row.name };
    if (row.agreement === 'agrees') list.pass(R.vector, place, { params, ...evidence });
    else if (row.agreement === 'disagrees') list.fail(R.vector, place, { params, ...evidence });
    else list.unavailable(R.vector, place, { params, ...evidence });
  });
  list.info(R.summary, root, {
    params: { ...counts, total: rows.length },
    ...(reading06
      ? {
          detail:
            'Every chain in this set lacks tool in every entry: it is a set of -06 chains, so their expectations are compared with the historical -06 label (the current rules fail every -06 chain).',
        }
      : {}),
  });
  const details: VectorSetDetails = {
    type: 'vector-set',
    list: found?.name ?? 'vectors',
    reading06,
    rows,
    counts,
  };
  const report = buildReport<VectorSetDetails>({
    kind: doc.kind,
    source: doc.name,
    checks: list,
    limits: [LIMIT],
    chainApplies: false,
    details,
  });
  // The set's verdict is the agreement of its vectors, not the dimensions of one record; its
  // vectors carry their own profile lines, and the set has none of its own.
  delete report.profiles;
  // (A failure of the set's own, such as members of another kind beside its list, fails it too.)
  const ownFailure = list.checks.some((c) => c.status === 'fail' && c.rule !== R.vector.id);
  report.verdict =
    counts.disagrees > 0 || ownFailure
      ? 'failed'
      : counts.undecided > 0
        ? 'incomplete'
        : 'verified';
  return report;
}

/** A set whose chains all lack tool in every entry is a set of -06 chains (the kit's chain-vectors.json). */
function isSetOf06Chains(reports: readonly (VerifiedReport | undefined)[]): boolean {
  const chains = reports.filter((r) => r?.details?.type === 'chain');
  return (
    chains.length > 0 &&
    chains.every((r) => r?.details?.type === 'chain' && r.details.historical06 !== undefined)
  );
}

/** One part of an expectation, compared. */
interface Part {
  expected: string;
  ours: string;
  agreement: VectorAgreement;
  note?: string;
}

function firstWith(report: Report, statuses: readonly Check['status'][]): Check | undefined {
  for (const status of statuses) {
    const check = report.checks.find((c) => c.status === status);
    if (check) return check;
  }
  return undefined;
}

function verdictText(report: Report): string {
  const why = firstWith(report, report.verdict === 'failed' ? ['fail'] : ['unavailable']);
  return why ? `${report.verdict}: ${why.message}` : report.verdict;
}

function compareValidity(
  expected: { value: boolean; from: string },
  report: VerifiedReport,
  reading06: boolean,
): Part {
  const want = expected.value ? 'valid' : 'invalid';
  const historical = report.details?.type === 'chain' ? report.details.historical06 : undefined;
  if (reading06 && historical) {
    const under06 = historical.verifiedUnder06;
    const ours = `${verdictText(report)}; under -06 (historical label): ${under06 ? 'would have verified' : 'would not have verified'}`;
    return under06 === expected.value
      ? { expected: want, ours, agreement: 'agrees', note: 'read under -06' }
      : {
          expected: want,
          ours,
          agreement: 'disagrees',
          note: `the set expects ${want} (a -06 chain); under -06 it ${under06 ? 'would have verified' : 'would not have verified'}`,
        };
  }
  const ours = verdictText(report);
  if (report.verdict === 'incomplete')
    return {
      expected: want,
      ours,
      agreement: 'undecided',
      note: `the set expects ${want}; this verifier could not check everything: ${firstWith(report, ['unavailable'])?.message ?? 'incomplete'}`,
    };
  const valid = report.verdict === 'verified';
  if (valid === expected.value) return { expected: want, ours, agreement: 'agrees' };
  return {
    expected: want,
    ours,
    agreement: 'disagrees',
    note: valid
      ? 'the set expects invalid; this verifier finds nothing wrong'
      : `the set expects valid; this verifier finds: ${firstWith(report, ['fail'])?.message ?? 'failed'}`,
  };
}

function compareFailure(expected: { text: string; from: string }, report: VerifiedReport): Part {
  const wanted = `a failure containing "${expected.text}"`;
  const failures = report.checks.filter((c) => c.status === 'fail' || c.status === 'warning');
  const match = failures.find((c) => c.message.includes(expected.text));
  if (match) return { expected: wanted, ours: match.message, agreement: 'agrees' };
  const first = failures[0];
  return {
    expected: wanted,
    ours: first ? first.message : 'no failure',
    agreement: 'disagrees',
    note: `the set expects ${wanted} (${expected.from}); ${first ? `this verifier finds: ${first.message}` : 'this verifier finds nothing wrong'}`,
  };
}

function compareRoot(root: string, notRoot: string | undefined, report: VerifiedReport): Part[] {
  const computed =
    report.details?.type === 'workflow' ? report.details.merkle.computedRoot : undefined;
  if (computed === undefined)
    return [
      {
        expected: `root ${root}`,
        ours: 'no root recomputed',
        agreement: 'undecided',
        note: `the root could not be recomputed: ${firstWith(report, ['fail', 'unavailable'])?.message ?? 'no tree was built'}`,
      },
    ];
  return compareRoots({ root, notRoot }, computed, {
    ours: `root ${computed}`,
    stated: 'root',
    over: "the format's root over these receipt_ids",
  });
}

/**
 * A vector of the legacy construction states the root of its leaf preimages: the same tree over
 * leaves SHA-256("<seq>:<receipt_hash>"), which this verifier knows (it names a workflow root
 * made that way) and so decides. Deciding it accepts nothing: that root is never a workflow's.
 */
function compareLegacyRoot(
  preimages: readonly string[],
  expected: { root: string; notRoot: string | undefined },
  hashing: MerkleHashing,
): Part[] {
  const computed = bytesToHex(legacyPreimageRoot(preimages, hashing));
  return compareRoots(expected, computed, {
    ours: `legacy root ${computed} (leaves SHA-256 of "<seq>:<receipt_hash>"; never accepted as a workflow root)`,
    stated: 'legacy root',
    over: 'the legacy root over these preimages',
  });
}

/** A recomputed root against the root a vector states, and the one it says it must not be. */
function compareRoots(
  { root, notRoot }: { root: string; notRoot: string | undefined },
  computed: string,
  { ours, stated, over }: { ours: string; stated: string; over: string },
): Part[] {
  const parts: Part[] = [
    computed === root
      ? { expected: `${stated} ${root}`, ours, agreement: 'agrees' }
      : {
          expected: `${stated} ${root}`,
          ours,
          agreement: 'disagrees',
          note: `the set expects root ${root}; ${over} is ${computed}`,
        },
  ];
  if (notRoot !== undefined)
    parts.push(
      computed !== notRoot
        ? { expected: `not ${notRoot}`, ours, agreement: 'agrees' }
        : {
            expected: `not ${notRoot}`,
            ours,
            agreement: 'disagrees',
            note: `the set says the root must not be ${notRoot}, and it is`,
          },
    );
  return parts;
}

const ORDER: VectorAgreement[] = ['disagrees', 'undecided', 'agrees'];

function compare(
  vector: SetVector,
  report: VerifiedReport | undefined,
  reading06: boolean,
  hashing: MerkleHashing,
): VectorRow<VerifiedReport> {
  const base = { name: vector.name, pointer: vectorPointer(vector) };
  const parts: Part[] = [];
  const { expect } = vector;
  if (vector.malformed)
    parts.push({
      expected: 'an expectation',
      ours: '—',
      agreement: 'disagrees',
      note: `the set's expectation cannot be read: ${vector.malformed}`,
    });
  if (vector.legacyPreimages && expect.root !== undefined) {
    parts.push(
      ...compareLegacyRoot(
        vector.legacyPreimages,
        { root: expect.root, notRoot: expect.notRoot },
        hashing,
      ),
    );
    // Leaves are no document: a verdict the vector also states cannot be reached from them.
    if (expect.valid || expect.failure)
      parts.push({
        expected: describeExpectation({ ...vector, expect: { ...expect, root: undefined } }),
        ours: 'no document',
        agreement: 'undecided',
        note: 'the vector gives leaves, not a document to verify',
      });
    return rowOf(base, parts);
  }
  if (!report) {
    const stated = describeExpectation(vector);
    return {
      ...base,
      expected: stated,
      ours: 'not verified',
      agreement: parts.length > 0 ? 'disagrees' : 'undecided',
      note: parts[0]?.note ?? vector.unreadable ?? 'no document',
    };
  }
  if (expect.valid) parts.push(compareValidity(expect.valid, report, reading06));
  if (expect.failure) parts.push(compareFailure(expect.failure, report));
  if (expect.root !== undefined && vector.input)
    parts.push(...compareRoot(expect.root, expect.notRoot, report));
  return rowOf(base, parts, report);
}

/** A row from its compared parts: the first disagreement decides, then what is undecided. */
function rowOf(
  base: Pick<VectorRow<VerifiedReport>, 'name' | 'pointer'>,
  parts: readonly Part[],
  report?: VerifiedReport,
): VectorRow<VerifiedReport> {
  const agreement = ORDER.find((a) => parts.some((p) => p.agreement === a)) ?? 'undecided';
  const deciding = parts.find((p) => p.agreement === agreement);
  const row: VectorRow<VerifiedReport> = {
    ...base,
    expected: parts.map((p) => p.expected).join('; '),
    ours: oursText(parts) || (report ? verdictText(report) : '—'),
    agreement,
    ...(report ? { kind: report.kind, report } : {}),
  };
  const note = deciding?.note ?? parts.find((p) => p.note)?.note;
  if (note !== undefined) row.note = note;
  return row;
}

/** What this verifier found, each finding once ("failed: X" already says "X"). */
function oursText(parts: readonly Part[]): string {
  const said: string[] = [];
  for (const { ours } of parts) if (!said.some((s) => s.includes(ours))) said.push(ours);
  return said.join('; ');
}

/** The expectation as stated, for a vector with no document. */
function describeExpectation(vector: SetVector): string {
  const { expect } = vector;
  const parts: string[] = [];
  if (expect.valid) parts.push(expect.valid.value ? 'valid' : 'invalid');
  if (expect.failure) parts.push(`a failure containing "${expect.failure.text}"`);
  if (expect.root !== undefined) parts.push(`root ${expect.root}`);
  return parts.join('; ') || '—';
}
