/**
 * The external commitment of a job timeline (spec §4.5, -09): its shape, and whether it binds
 * the timeline (job, entry count, final entry digest). A chain alone cannot show truncation
 * (§4.6); a commitment published outside it can, so its bindings report under chain_integrity.
 */
import type { CheckList } from '../checks';
import { isDigest } from '../encoding/digest';
import { checkRfc3339 } from '../encoding/rfc3339';
import {
  describeType,
  member,
  pointerOf,
  type JsonNumber,
  type JsonObject,
  type JsonValue,
} from '../json/ast';
import { exactIntegerText, integerOf } from '../json/integer-lexeme';
import { CHAIN_RULES as R, RuleTally, unjudgedParams } from './rules';
import type { TimelineFacts } from './timeline-rules';
import type { ChainCommitmentDetails } from './types';

/** A commitment's members, each present only when well-formed. */
export interface CommitmentReading {
  node: JsonObject;
  jobId?: string;
  finalEntryDigest?: string;
  /** entry_count when it is a JSON integer: its node, and the integer in plain digits. */
  entryCount?: { node: JsonNumber; integer: string };
  publishedAt?: string;
}

/**
 * Checks the four members (schema_validity). Returns undefined when the commitment is not an
 * object; `details` is filled either way.
 */
export function checkCommitmentShape(
  node: JsonValue,
  list: CheckList,
  details: ChainCommitmentDetails,
): CommitmentReading | undefined {
  if (node.type !== 'object') {
    list.fail(R.commitmentObject, node, {
      expected: 'an object {job_id, final_entry_digest, entry_count, published_at}',
      found: describeType(node),
    });
    return undefined;
  }
  list.pass(R.commitmentObject, node);
  const reading: CommitmentReading = { node };
  const place = (name: string): JsonValue => member(node, name) ?? node;
  const found = (name: string): string => {
    const value = member(node, name);
    return value ? describeType(value) : `no ${name} member`;
  };

  const jobId = member(node, 'job_id');
  if (jobId?.type === 'string') details.jobId = jobId.value;
  if (jobId?.type === 'string' && jobId.value.length > 0) {
    reading.jobId = jobId.value;
    list.pass(R.commitmentJobIdShape, jobId);
  } else {
    list.fail(R.commitmentJobIdShape, place('job_id'), {
      expected: 'a non-empty string',
      found: found('job_id'),
    });
  }

  const digest = member(node, 'final_entry_digest');
  if (digest?.type === 'string') details.finalEntryDigest = digest.value;
  if (digest?.type === 'string' && isDigest(digest.value, 'bare')) {
    reading.finalEntryDigest = digest.value;
    list.pass(R.commitmentDigestShape, digest);
  } else {
    list.fail(R.commitmentDigestShape, place('final_entry_digest'), {
      expected: '64 lowercase hex characters',
      found: found('final_entry_digest'),
    });
  }

  // Judged by the lexeme: 5.0 equals 5 in value but is not a JSON integer (§4.5).
  const count = member(node, 'entry_count');
  const integer = integerOf(count, 'integer-lexeme');
  const integralValue =
    count?.type === 'number' && exactIntegerText(count.raw, 'integral') !== undefined
      ? count.raw
      : undefined;
  if (count?.type === 'number') details.entryCount = count.raw;
  if (count?.type === 'number' && integer !== undefined) {
    reading.entryCount = { node: count, integer };
    list.pass(R.commitmentCountShape, count, { params: { count: count.raw } });
  } else {
    list.fail(R.commitmentCountShape, place('entry_count'), {
      expected: 'a JSON integer (no fraction, no exponent)',
      found: found('entry_count'),
      ...(integralValue !== undefined
        ? { detail: `${integralValue} has the value of an integer but is not written as one.` }
        : {}),
    });
  }

  const published = member(node, 'published_at');
  if (published?.type === 'string') details.publishedAt = published.value;
  const time = checkRfc3339(published?.type === 'string' ? published.value : undefined);
  if (time.ok) {
    reading.publishedAt = (published as { value: string }).value;
    list.pass(R.commitmentPublishedAt, published);
  } else {
    list.fail(R.commitmentPublishedAt, place('published_at'), {
      expected: 'a calendar-valid RFC 3339 date-time',
      found: found('published_at'),
      detail: published ? time.detail : 'missing',
    });
  }
  details.shapeOk =
    reading.jobId !== undefined &&
    reading.finalEntryDigest !== undefined &&
    reading.entryCount !== undefined &&
    reading.publishedAt !== undefined;
  return reading;
}

/**
 * Whether the commitment binds the timeline (chain_integrity). Entry-level failures go to the
 * timeline's check list, commitment-level ones to the commitment's (they may be different
 * documents). A binding whose commitment member is malformed is reported as not judged.
 */
export function checkCommitmentBinding(
  reading: CommitmentReading,
  timeline: JsonValue | undefined,
  facts: TimelineFacts,
  timelineList: CheckList,
  commitmentList: CheckList,
  details: ChainCommitmentDetails,
): void {
  const node = reading.node;

  // Every entry's job_id equals the commitment's.
  if (reading.jobId === undefined) {
    commitmentList.unavailable(R.commitmentJob, member(node, 'job_id') ?? node, {
      params: {
        reason:
          'the entries could not be compared with the commitment job_id: it is not a non-empty string',
      },
    });
  } else if (timeline?.type === 'array') {
    const tally = new RuleTally(timelineList);
    timeline.items.forEach((entry, i) => {
      const jobId = entry.type === 'object' ? member(entry, 'job_id') : undefined;
      if (jobId?.type !== 'string') {
        tally.unjudged(R.commitmentJob, `entry ${i} has no string job_id`);
      } else if (jobId.value === reading.jobId) {
        tally.held(R.commitmentJob);
      } else {
        const message = tally.fail(R.commitmentJob, jobId, {
          params: { i },
          expected: reading.jobId,
          found: jobId.value,
        });
        const summary = facts.entries[i];
        if (summary) (summary.issues ??= []).push(message);
      }
    });
    tally.finish(R.commitmentJob, timeline, {
      pass: (k) => ({
        every: k === facts.entryCount ? 'every' : `${k} of ${facts.entryCount}`,
        job_id: reading.jobId ?? '',
      }),
      unjudged: (count, firstReason) => {
        const p = unjudgedParams(count, firstReason);
        return {
          reason: `the commitment job_id could not be judged for ${p.count} ${p.entries} (${p.reasons})`,
        };
      },
    });
    const outcome = tally.outcome(R.commitmentJob);
    details.jobIdMatches = outcome === 'fail' ? false : outcome === 'held' ? true : undefined;
  } else {
    commitmentList.unavailable(R.commitmentJob, member(node, 'job_id') ?? node, {
      params: { reason: 'the commitment job_id could not be compared: there is no timeline list' },
    });
  }

  // entry_count equals the timeline length.
  const countNode = member(node, 'entry_count') ?? node;
  if (reading.entryCount === undefined) {
    commitmentList.unavailable(R.commitmentCount, countNode, {
      params: {
        reason:
          'the timeline length could not be compared with the commitment entry_count: it is not an integer',
      },
    });
  } else if (timeline?.type !== 'array') {
    commitmentList.unavailable(R.commitmentCount, countNode, {
      params: {
        reason: 'the commitment entry_count could not be compared: there is no timeline list',
      },
    });
  } else {
    const m = timeline.items.length;
    // As digits: an entry_count past 2^53 must not round onto the length.
    if (reading.entryCount.integer === String(m)) {
      details.entryCountMatches = true;
      commitmentList.pass(R.commitmentCount, countNode, {
        params: { count: reading.entryCount.node.raw },
      });
    } else {
      details.entryCountMatches = false;
      commitmentList.fail(R.commitmentCount, countNode, {
        params: { count: reading.entryCount.node.raw, length: m },
        expected: String(m),
        found: reading.entryCount.node.raw,
        detail:
          Number(reading.entryCount.node.raw) > m
            ? 'The timeline has fewer entries than were committed: it may have been truncated.'
            : 'The timeline has more entries than were committed.',
      });
    }
  }

  // final_entry_digest equals the recomputed digest of the last entry.
  const digestNode = member(node, 'final_entry_digest') ?? node;
  if (reading.finalEntryDigest === undefined) {
    commitmentList.unavailable(R.commitmentFinalDigest, digestNode, {
      params: {
        reason:
          'the last entry could not be compared with the commitment final_entry_digest: it is not 64 lowercase hex characters',
      },
    });
  } else if (facts.finalEntryDigest === undefined) {
    commitmentList.unavailable(R.commitmentFinalDigest, digestNode, {
      params: {
        reason: `the commitment final_entry_digest could not be compared: ${facts.finalDigestProblem ?? 'there is no timeline list'}`,
      },
    });
  } else if (facts.finalEntryDigest === reading.finalEntryDigest) {
    details.finalEntryDigestMatches = true;
    commitmentList.pass(R.commitmentFinalDigest, digestNode);
  } else {
    details.finalEntryDigestMatches = false;
    commitmentList.fail(R.commitmentFinalDigest, digestNode, {
      expected: facts.finalEntryDigest,
      found: reading.finalEntryDigest,
    });
  }

  details.binds =
    details.jobIdMatches === true &&
    details.entryCountMatches === true &&
    details.finalEntryDigestMatches === true;
}

/** Empty details for a commitment at `node`, filled by the checks. */
export function newCommitmentDetails(
  node: JsonValue,
  origin: ChainCommitmentDetails['origin'],
  subject?: string,
): ChainCommitmentDetails {
  const details: ChainCommitmentDetails = {
    origin,
    pointer: pointerOf(node),
    shapeOk: false,
    jobIdMatches: undefined,
    entryCountMatches: undefined,
    finalEntryDigestMatches: undefined,
    binds: false,
  };
  if (subject !== undefined) details.subject = subject;
  return details;
}
