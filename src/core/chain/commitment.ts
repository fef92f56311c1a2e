/**
 * The external commitment of a job timeline (spec §4.5, -09): its shape, and whether it binds
 * the timeline (job, entry count, final entry digest). A chain alone cannot show truncation
 * (§4.6); a commitment published outside it can, so its bindings report under chain_integrity.
 */
import type { CheckList } from '../checks';
import { LOWER_HEX_64 } from '../encoding/hex';
import { checkRfc3339 } from '../encoding/rfc3339';
import {
  describeType,
  isIntegerLexeme,
  member,
  pointerOf,
  type JsonNumber,
  type JsonObject,
  type JsonValue,
} from '../json/ast';
import { CHAIN_RULES as R, RuleTally } from './rules';
import type { TimelineFacts } from './timeline-rules';
import type { ChainCommitmentDetails } from './types';

/** A commitment's members, each present only when well-formed. */
export interface CommitmentReading {
  node: JsonObject;
  jobId?: string;
  finalEntryDigest?: string;
  entryCount?: JsonNumber;
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
    list.fail(
      R.commitmentObject.dimension,
      R.commitmentObject.id,
      'commitment is not an object',
      node,
      {
        expected: 'an object {job_id, final_entry_digest, entry_count, published_at}',
        found: describeType(node),
      },
    );
    return undefined;
  }
  list.pass(R.commitmentObject.dimension, R.commitmentObject.id, 'commitment is an object', node);
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
    list.pass(
      R.commitmentJobIdShape.dimension,
      R.commitmentJobIdShape.id,
      'commitment job_id is a non-empty string',
      jobId,
    );
  } else {
    list.fail(
      R.commitmentJobIdShape.dimension,
      R.commitmentJobIdShape.id,
      'commitment job_id is not a non-empty string',
      place('job_id'),
      { expected: 'a non-empty string', found: found('job_id') },
    );
  }

  const digest = member(node, 'final_entry_digest');
  if (digest?.type === 'string') details.finalEntryDigest = digest.value;
  if (digest?.type === 'string' && LOWER_HEX_64.test(digest.value)) {
    reading.finalEntryDigest = digest.value;
    list.pass(
      R.commitmentDigestShape.dimension,
      R.commitmentDigestShape.id,
      'commitment final_entry_digest is 64 lowercase hex characters',
      digest,
    );
  } else {
    list.fail(
      R.commitmentDigestShape.dimension,
      R.commitmentDigestShape.id,
      'commitment final_entry_digest is not 64 lowercase hex characters',
      place('final_entry_digest'),
      { expected: '64 lowercase hex characters', found: found('final_entry_digest') },
    );
  }

  // Judged by the lexeme: 5.0 equals 5 in value but is not a JSON integer (§4.5).
  const count = member(node, 'entry_count');
  const integralValue =
    count?.type === 'number' && Number.isInteger(count.value) ? count.raw : undefined;
  if (count?.type === 'number') details.entryCount = count.raw;
  if (isIntegerLexeme(count)) {
    reading.entryCount = count;
    list.pass(
      R.commitmentCountShape.dimension,
      R.commitmentCountShape.id,
      `commitment entry_count is an integer (${count.raw})`,
      count,
    );
  } else {
    list.fail(
      R.commitmentCountShape.dimension,
      R.commitmentCountShape.id,
      'commitment entry_count is not an integer',
      place('entry_count'),
      {
        expected: 'a JSON integer (no fraction, no exponent)',
        found: found('entry_count'),
        ...(integralValue !== undefined
          ? { detail: `${integralValue} has the value of an integer but is not written as one.` }
          : {}),
      },
    );
  }

  const published = member(node, 'published_at');
  if (published?.type === 'string') details.publishedAt = published.value;
  const time = checkRfc3339(published?.type === 'string' ? published.value : undefined);
  if (time.ok) {
    reading.publishedAt = (published as { value: string }).value;
    list.pass(
      R.commitmentPublishedAt.dimension,
      R.commitmentPublishedAt.id,
      'commitment published_at is RFC 3339',
      published,
    );
  } else {
    list.fail(
      R.commitmentPublishedAt.dimension,
      R.commitmentPublishedAt.id,
      'commitment published_at is not RFC 3339',
      place('published_at'),
      {
        expected: 'a calendar-valid RFC 3339 date-time',
        found: found('published_at'),
        detail: published ? time.detail : 'missing',
      },
    );
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
    commitmentList.unavailable(
      R.commitmentJob.dimension,
      R.commitmentJob.id,
      'the entries could not be compared with the commitment job_id: it is not a non-empty string',
      member(node, 'job_id') ?? node,
    );
  } else if (timeline?.type === 'array') {
    const tally = new RuleTally(timelineList);
    timeline.items.forEach((entry, i) => {
      const jobId = entry.type === 'object' ? member(entry, 'job_id') : undefined;
      if (jobId?.type !== 'string') {
        tally.unjudged(R.commitmentJob, `entry ${i} has no string job_id`);
      } else if (jobId.value === reading.jobId) {
        tally.held(R.commitmentJob);
      } else {
        tally.fail(
          R.commitmentJob,
          `entry ${i} job_id does not match the commitment job_id`,
          jobId,
          {
            expected: reading.jobId,
            found: jobId.value,
          },
        );
        const summary = facts.entries[i];
        if (summary)
          (summary.issues ??= []).push(`entry ${i} job_id does not match the commitment job_id`);
      }
    });
    tally.finish(
      R.commitmentJob,
      (k) =>
        `${k === facts.entryCount ? 'every' : `${k} of ${facts.entryCount}`} entry job_id equals the commitment job_id (${reading.jobId ?? ''})`,
      timeline,
    );
    const outcome = tally.outcome(R.commitmentJob);
    details.jobIdMatches = outcome === 'fail' ? false : outcome === 'held' ? true : undefined;
  } else {
    commitmentList.unavailable(
      R.commitmentJob.dimension,
      R.commitmentJob.id,
      'the commitment job_id could not be compared: there is no timeline list',
      member(node, 'job_id') ?? node,
    );
  }

  // entry_count equals the timeline length.
  const countNode = member(node, 'entry_count') ?? node;
  if (reading.entryCount === undefined) {
    commitmentList.unavailable(
      R.commitmentCount.dimension,
      R.commitmentCount.id,
      'the timeline length could not be compared with the commitment entry_count: it is not an integer',
      countNode,
    );
  } else if (timeline?.type !== 'array') {
    commitmentList.unavailable(
      R.commitmentCount.dimension,
      R.commitmentCount.id,
      'the commitment entry_count could not be compared: there is no timeline list',
      countNode,
    );
  } else {
    const m = timeline.items.length;
    // BigInt: an entry_count past 2^53 must not round onto the length.
    if (BigInt(reading.entryCount.raw) === BigInt(m)) {
      details.entryCountMatches = true;
      commitmentList.pass(
        R.commitmentCount.dimension,
        R.commitmentCount.id,
        `commitment entry_count ${reading.entryCount.raw} equals the timeline length`,
        countNode,
      );
    } else {
      details.entryCountMatches = false;
      commitmentList.fail(
        R.commitmentCount.dimension,
        R.commitmentCount.id,
        `commitment entry_count ${reading.entryCount.raw} does not match the timeline length ${m}`,
        countNode,
        {
          expected: String(m),
          found: reading.entryCount.raw,
          detail:
            Number(reading.entryCount.raw) > m
              ? 'The timeline has fewer entries than were committed: it may have been truncated.'
              : 'The timeline has more entries than were committed.',
        },
      );
    }
  }

  // final_entry_digest equals the recomputed digest of the last entry.
  const digestNode = member(node, 'final_entry_digest') ?? node;
  if (reading.finalEntryDigest === undefined) {
    commitmentList.unavailable(
      R.commitmentFinalDigest.dimension,
      R.commitmentFinalDigest.id,
      'the last entry could not be compared with the commitment final_entry_digest: it is not 64 lowercase hex characters',
      digestNode,
    );
  } else if (facts.finalEntryDigest === undefined) {
    commitmentList.unavailable(
      R.commitmentFinalDigest.dimension,
      R.commitmentFinalDigest.id,
      `the commitment final_entry_digest could not be compared: ${facts.finalDigestProblem ?? 'there is no timeline list'}`,
      digestNode,
    );
  } else if (facts.finalEntryDigest === reading.finalEntryDigest) {
    details.finalEntryDigestMatches = true;
    commitmentList.pass(
      R.commitmentFinalDigest.dimension,
      R.commitmentFinalDigest.id,
      'commitment final_entry_digest equals the recomputed digest of the last entry',
      digestNode,
    );
  } else {
    details.finalEntryDigestMatches = false;
    commitmentList.fail(
      R.commitmentFinalDigest.dimension,
      R.commitmentFinalDigest.id,
      'commitment final_entry_digest does not match the recomputed digest of the last entry',
      digestNode,
      { expected: facts.finalEntryDigest, found: reading.finalEntryDigest },
    );
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
