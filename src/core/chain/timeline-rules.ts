/**
 * The chain rules of spec §4.3 over one timeline array. Every digest is recomputed from the
 * entry's own members and decoded bytes; stored digests are never trusted. One pass over the
 * entries, constant work per entry, so 100,000-entry timelines stay fast.
 */
import { ENTRY_FINDING_CAP } from '../bounds';
import type { CheckList, Place } from '../checks';
import type { Hashing } from '../hash/sha256';
import {
  describeType,
  hasMember,
  member,
  pointerOf,
  type JsonNumber,
  type JsonValue,
} from '../json/ast';
import { numberLexeme } from '../json/parse';
import type { RuleParams } from '../rules/rule';
import { FindingTally } from '../rules/tally';
import { CHAIN_NOTES, CHAIN_RULES as R, RuleTally } from './rules';
import type { ChainEntrySummary, ChainHistorical06Details } from './types';
import { readEntry, type EntryFail } from './entry-reading';
import {
  checkClose,
  checkJob,
  checkLink,
  checkNonObjectEntry,
  checkSeq,
  recomputeDigest,
  type EntryContext,
} from './entry-rules';
import { checkHistorical06 } from './historical-06';

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
  const duplicates = new FindingTally(list, { one: 'entry', many: 'entries' }, ENTRY_FINDING_CAP);
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
  /** The job of the timeline: the first string job_id. */
  const job: { id?: string } = {};

  for (let i = 0; i < n; i++) {
    const node = items[i] as JsonValue;
    const summary: ChainEntrySummary = { index: i, pointer: pointerOf(node), linkOk: undefined };
    entries.push(summary);
    const fail: EntryFail = (r, place, extras) => {
      const message = tally.fail(r, place, { ...extras, params: { i, ...extras.params } });
      (summary.issues ??= []).push(message);
    };

    if (node.type !== 'object') {
      checkNonObjectEntry(node, i, n, tally, fail);
      everyEntryLacksTool = false;
      digests.push(undefined);
      bytesForHistorical.push(undefined);
      continue;
    }
    tally.held(R.entryObject);
    const entry = node;
    const reading = readEntry(entry, i, tally, fail, hashing);
    if (hasMember(entry, 'tool')) everyEntryLacksTool = false;
    bytesForHistorical.push(everyEntryLacksTool ? reading.bytes : undefined);
    if (STORED_DIGEST_MEMBERS.some((name) => hasMember(entry, name))) storedDigestEntries++;

    // Summary fields for the timeline view.
    const s = reading.strings;
    if (s.id !== undefined) summary.id = s.id;
    if (s.tool !== undefined) summary.tool = s.tool;
    if (s.provenance_class !== undefined) summary.provenanceClass = s.provenance_class;
    if (s.prev_digest !== undefined) summary.storedPrevDigest = s.prev_digest;
    if (reading.close !== undefined) summary.close = reading.close;
    const seqLexeme = numberLexeme(entry, 'seq');
    if (seqLexeme !== undefined) summary.seq = seqLexeme;
    else if (hasMember(entry, 'seq')) summary.seq = describeType(member(entry, 'seq'));

    const e: EntryContext = { i, n, entry, reading, summary, tally, fail };
    const lexeme = checkSeq(e);
    if (lexeme) {
      nonIntegerLexemes++;
      firstNonIntegerLexeme ??= lexeme;
    }
    checkJob(e, job);
    checkClose(e);
    digests.push(recomputeDigest(e, hashing));
    checkLink(e, i === 0 ? undefined : digests[i - 1]);
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
  if (job.id !== undefined) facts.jobId = job.id;

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
