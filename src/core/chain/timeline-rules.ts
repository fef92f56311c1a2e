/**
 * The chain rules of spec §4.3 over one timeline array. Every digest is recomputed from the
 * entry's own members and decoded bytes; stored digests are never trusted. One pass over the
 * entries, constant work per entry, so 100,000-entry timelines stay fast.
 */
import type { CheckList, Place, RuleCheckExtras } from '../checks';
import { decodeBase64Strict, describeBase64Problem } from '../encoding/base64';
import type { Hashing } from '../hash/sha256';
import {
  describeType,
  isIntegerLexeme,
  isIntegralNumber,
  member,
  pointerOf,
  type JsonNumber,
  type JsonObject,
  type JsonValue,
} from '../json/ast';
import { entryDigest, GENESIS_PREV_DIGEST, historical06Digest } from './entry-digest';
import type { RuleParams } from '../rules/rule';
import { FindingTally } from '../rules/tally';
import { CHAIN_NOTES, CHAIN_RULES as R, FAILURE_CAP, type ChainRule, RuleTally } from './rules';
import type { ChainEntrySummary, ChainHistorical06Details } from './types';

/** §4.1 members every entry carries (close is optional), in the order failures are listed. */
export const ENTRY_MEMBERS = [
  'id',
  'job_id',
  'tool',
  'provenance_class',
  'seq',
  'canonical_bytes',
  'prev_digest',
] as const;

/** §4.1: these four are non-empty strings. */
const NON_EMPTY_STRING_MEMBERS = ['id', 'job_id', 'tool', 'provenance_class'] as const;

/** Members some producers add that look like digests; shown as ignored, never used. */
const STORED_DIGEST_MEMBERS = ['output_hash', 'digest', 'entry_digest'];

export interface TimelineFacts {
  /** The timeline is a non-empty array. */
  isList: boolean;
  entryCount: number;
  entries: ChainEntrySummary[];
  /** Recomputed digest per entry; undefined where the entry's members do not allow one. */
  digests: (string | undefined)[];
  /** The first string job_id (the job the timeline is about). */
  jobId?: string;
  finalEntryDigest?: string;
  /** Why the last entry's digest could not be recomputed. */
  finalDigestProblem?: string;
  firstBrokenLink?: number;
  historical06?: ChainHistorical06Details;
}

/** Records a failure about one entry: a check (capped) and the entry's own issue list. */
type EntryFail = (r: ChainRule, place: Place, extras: RuleCheckExtras) => void;

/** What one entry's members allow, gathered once and used by every rule. */
interface EntryReading {
  strings: Partial<Record<(typeof ENTRY_MEMBERS)[number], string>>;
  bytes?: Uint8Array;
  seq?: JsonNumber;
  close?: boolean;
  /** Why the digest cannot be recomputed (first reason). */
  digestProblem?: string;
}

/**
 * Checks a timeline array and returns what the commitment rules and the views need.
 * `timeline` is the array node (or whatever stood where one was expected).
 */
export function checkTimeline(
  timeline: JsonValue | undefined,
  where: Place,
  hashing: Hashing,
  list: CheckList,
): TimelineFacts {
  const tally = new RuleTally(list);
  // Repeated ids are warnings, capped like failures; they are not marked in the entry list.
  const duplicates = new FindingTally(list, { one: 'entry', many: 'entries' }, FAILURE_CAP);
  const facts: TimelineFacts = { isList: false, entryCount: 0, entries: [], digests: [] };
  if (!timeline || timeline.type !== 'array' || timeline.items.length === 0) {
    list.fail(R.list, timeline ?? where, {
      expected: 'a non-empty JSON array of entries',
      found: timeline?.type === 'array' ? 'an empty array' : describeType(timeline),
      ...(timeline?.type === 'object' && timeline.byName.has('prev_digest')
        ? { detail: 'This is a single entry; a timeline is an array of entries.' }
        : {}),
    });
    facts.finalDigestProblem =
      timeline?.type === 'array' ? 'the timeline has no entries' : 'there is no timeline list';
    return facts;
  }
  facts.isList = true;
  const items = timeline.items;
  const n = items.length;
  facts.entryCount = n;
  list.pass(R.list, timeline, { params: { count: n, entries: n === 1 ? 'entry' : 'entries' } });

  const entries = facts.entries;
  const digests = facts.digests;
  const bytesForHistorical: (Uint8Array | undefined)[] = [];
  let everyEntryLacksTool = true;
  const firstIndexOfId = new Map<string, number>();
  let nonIntegerLexemes = 0;
  let firstNonIntegerLexeme: JsonNumber | undefined;
  let storedDigestEntries = 0;

  for (let i = 0; i < n; i++) {
    const node = items[i] as JsonValue;
    const summary: ChainEntrySummary = { index: i, pointer: pointerOf(node), linkOk: undefined };
    entries.push(summary);
    const fail: EntryFail = (r, place, extras) => {
      const message = tally.fail(r, place, { ...extras, params: { i, ...extras.params } });
      (summary.issues ??= []).push(message);
    };

    if (node.type !== 'object') {
      fail(R.entryObject, node, {
        expected: 'object',
        found: describeType(node),
      });
      everyEntryLacksTool = false;
      digests.push(undefined);
      bytesForHistorical.push(undefined);
      const why = `entry ${i} is not an object`;
      tally.unjudged(R.digest, why);
      tally.unjudged(R.seqContiguous, why);
      tally.unjudged(R.job, why);
      tally.unjudged(i === 0 ? R.genesis : R.link, why);
      if (i === n - 1) {
        fail(R.closeLast, node, {
          expected: 'close: true',
          found: describeType(node),
        });
      }
      continue;
    }
    tally.held(R.entryObject);
    const entry = node;
    const reading = readEntry(entry, i, tally, fail);
    if (entry.byName.has('tool')) everyEntryLacksTool = false;
    bytesForHistorical.push(everyEntryLacksTool ? reading.bytes : undefined);
    if (STORED_DIGEST_MEMBERS.some((name) => entry.byName.has(name))) storedDigestEntries++;

    // Summary fields for the timeline view.
    const s = reading.strings;
    if (s.id !== undefined) summary.id = s.id;
    if (s.tool !== undefined) summary.tool = s.tool;
    if (s.provenance_class !== undefined) summary.provenanceClass = s.provenance_class;
    if (s.prev_digest !== undefined) summary.storedPrevDigest = s.prev_digest;
    if (reading.close !== undefined) summary.close = reading.close;
    const seqNode = member(entry, 'seq');
    if (seqNode) summary.seq = seqNode.type === 'number' ? seqNode.raw : describeType(seqNode);

    // seq: an integer (by value: 1.0 counts, §4.2 writes it 1) equal to i + 1.
    if (seqNode) {
      if (reading.seq) {
        tally.held(R.seqInteger);
        if (!isIntegerLexeme(reading.seq)) {
          nonIntegerLexemes++;
          firstNonIntegerLexeme ??= reading.seq;
        }
        if (reading.seq.value === i + 1) tally.held(R.seqContiguous);
        else
          fail(R.seqContiguous, reading.seq, {
            params: { seq: reading.seq.raw, expected: i + 1 },
            expected: String(i + 1),
            found: reading.seq.raw,
          });
      } else {
        fail(R.seqInteger, seqNode, {
          expected: 'an integer',
          found: describeType(seqNode),
        });
      }
    } else {
      tally.unjudged(R.seqContiguous, `entry ${i} missing seq`);
    }

    // One job: every job_id equals the first one seen.
    const jobId = s.job_id;
    if (jobId !== undefined) {
      if (facts.jobId === undefined || facts.jobId === jobId) {
        facts.jobId ??= jobId;
        tally.held(R.job);
      } else {
        fail(R.job, member(entry, 'job_id'), {
          expected: facts.jobId,
          found: jobId,
        });
      }
    } else {
      tally.unjudged(R.job, `entry ${i} has no string job_id`);
    }

    // close: a boolean, true on the last entry only.
    const closeNode = member(entry, 'close');
    if (closeNode) {
      if (closeNode.type === 'boolean') tally.held(R.closeBoolean);
      else
        fail(R.closeBoolean, closeNode, {
          expected: 'true or false',
          found: describeType(closeNode),
        });
    }
    if (i < n - 1) {
      if (reading.close === true)
        fail(R.closeEarly, closeNode, {
          detail: `close:true ends the job, yet ${n - 1 - i} more ${n - 1 - i === 1 ? 'entry follows' : 'entries follow'}.`,
        });
      else tally.held(R.closeEarly);
    } else if (reading.close === true) {
      tally.held(R.closeLast);
    } else {
      fail(R.closeLast, closeNode ?? entry, {
        expected: 'close: true',
        found: closeNode ? describeType(closeNode) : 'no close member',
      });
    }

    // The entry digest (§4.2), recomputed.
    let digest: string | undefined;
    if (reading.digestProblem === undefined) {
      digest = entryDigest(hashing, {
        close: reading.close ?? false,
        id: s.id as string,
        jobId: s.job_id as string,
        outputHash: hashing.sha256Hex(reading.bytes as Uint8Array),
        prevDigest: s.prev_digest as string,
        provenanceClass: s.provenance_class as string,
        seq: seqForDigest(reading.seq as JsonNumber),
        tool: s.tool as string,
      });
      summary.recomputedDigest = digest;
      tally.held(R.digest);
    } else {
      tally.unjudged(R.digest, reading.digestProblem);
    }
    digests.push(digest);

    // Links: genesis is 64 zeros; every later prev_digest is the previous entry's digest.
    const prevNode = member(entry, 'prev_digest');
    const storedPrev = s.prev_digest;
    if (i === 0) {
      if (storedPrev === GENESIS_PREV_DIGEST) {
        tally.held(R.genesis);
        summary.linkOk = true;
      } else {
        fail(R.genesis, prevNode ?? entry, {
          expected: GENESIS_PREV_DIGEST,
          found: storedPrev ?? describeType(prevNode),
        });
        summary.linkOk = false;
      }
    } else {
      const previous = digests[i - 1];
      if (previous === undefined) {
        tally.unjudged(R.link, `entry ${i}: the digest of entry ${i - 1} could not be recomputed`);
      } else if (storedPrev === previous) {
        tally.held(R.link);
        summary.linkOk = true;
      } else {
        fail(R.link, prevNode ?? entry, {
          params: { previous: i - 1 },
          expected: previous,
          found: storedPrev ?? describeType(prevNode),
        });
        summary.linkOk = false;
      }
    }
    if (summary.linkOk === false) facts.firstBrokenLink ??= i;

    if (s.id !== undefined) {
      const first = firstIndexOfId.get(s.id);
      if (first === undefined) firstIndexOfId.set(s.id, i);
      else
        duplicates.record('warning', CHAIN_NOTES.duplicateId, member(entry, 'id'), {
          params: { i, first },
          detail: 'Two entries with one id usually mean a duplicated or replayed entry.',
        });
    }
  }

  const last = digests[n - 1];
  if (last !== undefined) facts.finalEntryDigest = last;
  else
    facts.finalDigestProblem = `the digest of the last entry (entry ${n - 1}) could not be recomputed`;

  // Aggregated passes, "+N more" summaries, and "could not be judged" notes, one per rule.
  const all = (k: number): RuleParams => ({ all: k === n ? `all ${n}` : `${k} of ${n}` });
  tally.finish(R.entryObject, timeline, { pass: all });
  tally.finish(R.members, timeline, { pass: all });
  tally.finish(R.strings, timeline, { pass: all });
  tally.finish(R.base64, timeline, { pass: all });
  tally.finish(R.digest, timeline, { pass: all });
  tally.finish(R.seqInteger, timeline, { pass: all });
  tally.finish(R.seqContiguous, timeline, { pass: () => ({ count: n }) });
  tally.finish(R.job, timeline, { pass: (k) => ({ ...all(k), job_id: facts.jobId ?? '' }) });
  tally.finish(R.genesis, items[0]);
  tally.finish(R.link, timeline, {
    pass: (k) => ({ every: k === n - 1 ? 'every' : `${k} of ${n - 1}` }),
  });
  tally.finish(R.closeBoolean, timeline, {
    pass: (k) => ({
      count: k,
      entries_that_carry: k === 1 ? 'entry that carries' : 'entries that carry',
    }),
  });
  tally.finish(R.closeEarly, timeline);
  tally.finish(R.closeLast, items[n - 1]);

  duplicates.summariseRule(CHAIN_NOTES.duplicateId, timeline);
  if (firstNonIntegerLexeme) {
    list.warning(CHAIN_NOTES.seqLexeme, firstNonIntegerLexeme, {
      params: {
        count: nonIntegerLexemes,
        entries_write: nonIntegerLexemes === 1 ? 'entry writes' : 'entries write',
        pointer: pointerOf(firstNonIntegerLexeme),
        lexeme: firstNonIntegerLexeme.raw,
      },
      detail:
        'Accepted as an integer, as §4.2 says: the digest writes it as a plain integer (1.0 is written 1).',
    });
  }
  if (storedDigestEntries > 0) {
    list.info(CHAIN_NOTES.storedDigests, timeline, {
      params: {
        count: storedDigestEntries,
        entries_carry: storedDigestEntries === 1 ? 'entry carries' : 'entries carry',
      },
    });
  }

  if (everyEntryLacksTool) {
    facts.historical06 = checkHistorical06(entries, bytesForHistorical, hashing, list, timeline);
  }
  return facts;
}

/**
 * Reads the members once: reports presence, types and base64 failures, and notes the first
 * reason the digest cannot be recomputed.
 */
function readEntry(entry: JsonObject, i: number, tally: RuleTally, fail: EntryFail): EntryReading {
  const reading: EntryReading = { strings: {} };
  const problem = (why: string): void => {
    reading.digestProblem ??= why;
  };

  let missing = false;
  for (const name of ENTRY_MEMBERS) {
    if (!entry.byName.has(name)) {
      missing = true;
      fail(R.members, entry, { params: { member: name }, expected: `a ${name} member` });
      problem(`entry ${i} missing ${name}`);
    }
  }
  let mistyped = false;
  for (const name of NON_EMPTY_STRING_MEMBERS) {
    const value = member(entry, name);
    if (!value) continue;
    if (value.type === 'string') reading.strings[name] = value.value;
    else problem(`entry ${i} ${name} is not a string`);
    if (value.type !== 'string' || value.value.length === 0) {
      mistyped = true;
      fail(R.strings, value, {
        params: { member: name, type: 'non-empty string' },
        expected: 'a non-empty string',
        found: describeType(value),
      });
    }
  }
  const prev = member(entry, 'prev_digest');
  if (prev) {
    if (prev.type === 'string') reading.strings.prev_digest = prev.value;
    else {
      mistyped = true;
      fail(R.strings, prev, {
        params: { member: 'prev_digest', type: 'string' },
        expected: 'a string (64 lowercase hex)',
        found: describeType(prev),
      });
      problem(`entry ${i} prev_digest is not a string`);
    }
  }
  // Counted once per entry, so the pass reads "all n entries".
  if (!missing) tally.held(R.members);
  if (!mistyped) tally.held(R.strings);

  const canonical = member(entry, 'canonical_bytes');
  if (canonical) {
    const decoded = canonical.type === 'string' ? decodeBase64Strict(canonical.value) : undefined;
    if (decoded?.ok) {
      reading.bytes = decoded.bytes;
      tally.held(R.base64);
    } else {
      fail(R.base64, canonical, {
        expected: 'strict standard base64',
        ...(decoded
          ? { detail: describeBase64Problem(decoded.problem, decoded.index) }
          : { found: describeType(canonical) }),
      });
      problem(`entry ${i} canonical_bytes is not valid base64`);
    }
  }

  const seq = member(entry, 'seq');
  if (seq) {
    if (isIntegralNumber(seq)) reading.seq = seq;
    else problem(`entry ${i} seq is not an integer`);
  }

  const close = member(entry, 'close');
  if (close?.type === 'boolean') reading.close = close.value;
  else if (close) problem(`entry ${i} close is not a boolean`);
  return reading;
}

/** P_i writes seq as an integer: 1.0 as 1, and integers past 2^53 exactly (Python's int). */
function seqForDigest(seq: JsonNumber): bigint | number {
  if (Number.isSafeInteger(seq.value)) return seq.value;
  // An integer lexeme is exact as written; 1e20 or 1.0e20 is the double's exact integer value.
  return /[.eE]/.test(seq.raw) ? BigInt(seq.value) : BigInt(seq.raw);
}

/**
 * The labelled historical check (§4.4): do genesis and links hold when each digest is
 * SHA-256 of the decoded bytes alone? Info or warning only: it never changes the verdict.
 */
function checkHistorical06(
  entries: ChainEntrySummary[],
  bytes: (Uint8Array | undefined)[],
  hashing: Hashing,
  list: CheckList,
  timeline: JsonValue,
): ChainHistorical06Details {
  const details: ChainHistorical06Details = { linksHold: true };
  let previous: string | undefined = GENESIS_PREV_DIGEST;
  for (let i = 0; i < entries.length; i++) {
    const stored = entries[i]?.storedPrevDigest;
    if (previous === undefined || stored !== previous) {
      details.linksHold = false;
      details.firstBrokenLink = i;
      break;
    }
    const b = bytes[i];
    previous = b ? historical06Digest(hashing, b) : undefined;
  }
  if (details.linksHold && previous !== undefined) details.finalEntryDigest = previous;
  const n = entries.length;
  const why =
    'Shown for reference only: a -06 chain is never valid under the current rules (§4.4), and this check does not change the verdict.';
  if (details.linksHold) {
    list.info(CHAIN_NOTES.historical06, timeline, { params: { links: n - 1 }, detail: why });
  } else {
    list.warning(CHAIN_NOTES.historical06, timeline, {
      params: { i: details.firstBrokenLink ?? 0 },
      detail: why,
    });
  }
  return details;
}
