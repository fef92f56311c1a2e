/**
 * The per-entry chain rules of spec §4.3, one function each: seq, the single job, close, the
 * recomputed entry digest (§4.2) and the genesis/prev_digest links. checkTimeline calls them in
 * this order for every entry; failures go through the entry's `fail` (capped check + issue).
 */
import type { Hashing } from '../hash/sha256';
import {
  describeType,
  hasMember,
  member,
  type JsonNumber,
  type JsonObject,
  type JsonValue,
} from '../json/ast';
import { isIntegerText } from '../json/integer-lexeme';
import { scalarMember } from '../json/parse';
import { entryDigest, GENESIS_PREV_DIGEST } from './entry-digest';
import { seqForDigest, type EntryFail, type EntryReading } from './entry-reading';
import { CHAIN_RULES as R, type RuleTally } from './rules';
import type { ChainEntrySummary } from './types';

/** One object entry as the rules see it. */
export interface EntryContext {
  /** The entry's 0-based index. */
  i: number;
  /** How many entries the timeline has. */
  n: number;
  entry: JsonObject;
  reading: EntryReading;
  summary: ChainEntrySummary;
  tally: RuleTally;
  fail: EntryFail;
}

/** An entry that is not an object: it fails that rule, and no other rule can judge it. */
export function checkNonObjectEntry(
  node: JsonValue,
  i: number,
  n: number,
  tally: RuleTally,
  fail: EntryFail,
): void {
  fail(R.entryObject, node, { expected: 'object', found: describeType(node) });
  const why = `entry ${i} is not an object`;
  tally.unjudged(R.digest, why);
  tally.unjudged(R.seqContiguous, why);
  tally.unjudged(R.job, why);
  tally.unjudged(i === 0 ? R.genesis : R.link, why);
  if (i === n - 1) fail(R.closeLast, node, { expected: 'close: true', found: describeType(node) });
}

/**
 * seq: an integer (by its lexeme: 1.0 counts, §4.2 writes it 1; 0.99999999999999999 does not)
 * equal to i + 1. Returns the seq when it is written other than as an integer lexeme, for the
 * lexeme note.
 */
export function checkSeq(e: EntryContext): JsonNumber | undefined {
  // Nodes only for a place: the reading has the value and lexeme (see readEntry).
  const seqNode = (): JsonValue => member(e.entry, 'seq')!;
  if (!hasMember(e.entry, 'seq')) {
    e.tally.unjudged(R.seqContiguous, `entry ${e.i} missing seq`);
    return undefined;
  }
  const seq = e.reading.seq;
  if (!seq) {
    const node = seqNode();
    e.fail(R.seqInteger, node, {
      expected: 'an integer, written exactly (1 or 1.0; not a number that only rounds to one)',
      found: describeType(node),
    });
    return undefined;
  }
  e.tally.held(R.seqInteger);
  if (seq.integer === String(e.i + 1)) e.tally.held(R.seqContiguous);
  else
    e.fail(R.seqContiguous, seqNode(), {
      params: { seq: seq.raw, expected: e.i + 1 },
      expected: String(e.i + 1),
      found: seq.raw,
    });
  return isIntegerText(seq.raw) ? undefined : (seqNode() as JsonNumber);
}

/** One job: every job_id equals the first one seen (kept in `job.id`). */
export function checkJob(e: EntryContext, job: { id?: string }): void {
  const jobId = e.reading.strings.job_id;
  if (jobId === undefined) {
    e.tally.unjudged(R.job, `entry ${e.i} has no string job_id`);
  } else if (job.id === undefined || job.id === jobId) {
    job.id ??= jobId;
    e.tally.held(R.job);
  } else {
    e.fail(R.job, member(e.entry, 'job_id'), { expected: job.id, found: jobId });
  }
}

/** close: a boolean, true on the last entry only. */
export function checkClose(e: EntryContext): void {
  const { i, n, entry, reading } = e;
  const close = scalarMember(entry, 'close');
  // The node only for a failure's place (see readEntry).
  const closeNode = (): JsonValue | undefined => member(entry, 'close');
  if (close !== undefined) {
    if (typeof close === 'boolean') e.tally.held(R.closeBoolean);
    else
      e.fail(R.closeBoolean, closeNode()!, {
        expected: 'true or false',
        found: describeType(closeNode()),
      });
  }
  if (i < n - 1) {
    if (reading.close === true)
      e.fail(R.closeEarly, closeNode(), {
        detail: `close:true ends the job, yet ${n - 1 - i} more ${n - 1 - i === 1 ? 'entry follows' : 'entries follow'}.`,
      });
    else e.tally.held(R.closeEarly);
  } else if (reading.close === true) {
    e.tally.held(R.closeLast);
  } else {
    const node = closeNode();
    e.fail(R.closeLast, node ?? entry, {
      expected: 'close: true',
      found: node ? describeType(node) : 'no close member',
    });
  }
}

/** The entry digest (§4.2), recomputed from the members and decoded bytes; never the stored one. */
export function recomputeDigest(e: EntryContext, hashing: Hashing): string | undefined {
  const { reading } = e;
  if (reading.digestProblem !== undefined) {
    e.tally.unjudged(R.digest, reading.digestProblem);
    return undefined;
  }
  const s = reading.strings;
  const digest = entryDigest(hashing, {
    close: reading.close ?? false,
    id: s.id as string,
    jobId: s.job_id as string,
    outputHash: hashing.sha256Hex(reading.bytes as Uint8Array),
    prevDigest: s.prev_digest as string,
    provenanceClass: s.provenance_class as string,
    seq: seqForDigest(reading.seq!),
    tool: s.tool as string,
  });
  e.summary.recomputedDigest = digest;
  e.tally.held(R.digest);
  return digest;
}

/**
 * Links: genesis is 64 zeros; every later prev_digest is the recomputed digest of the entry
 * before (`previous`, undefined when it could not be recomputed).
 */
export function checkLink(e: EntryContext, previous: string | undefined): void {
  const { i, entry, summary } = e;
  // The node only for a failure's place (see readEntry).
  const prevNode = (): JsonValue | undefined => member(entry, 'prev_digest');
  const storedPrev = e.reading.strings.prev_digest;
  if (i === 0) {
    if (storedPrev === GENESIS_PREV_DIGEST) {
      e.tally.held(R.genesis);
      summary.linkOk = true;
    } else {
      e.fail(R.genesis, prevNode() ?? entry, {
        expected: GENESIS_PREV_DIGEST,
        found: storedPrev ?? describeType(prevNode()),
      });
      summary.linkOk = false;
    }
    return;
  }
  if (previous === undefined) {
    e.tally.unjudged(R.link, `entry ${i}: the digest of entry ${i - 1} could not be recomputed`);
  } else if (storedPrev === previous) {
    e.tally.held(R.link);
    summary.linkOk = true;
  } else {
    e.fail(R.link, prevNode() ?? entry, {
      params: { previous: i - 1 },
      expected: previous,
      found: storedPrev ?? describeType(prevNode()),
    });
    summary.linkOk = false;
  }
}
