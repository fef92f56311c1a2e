/**
 * The chain rules (spec §4.3, §4.5): stable ids, the dimension each one reports under, its
 * message templates, and how its checks are aggregated. Failures use the reference wording;
 * a rule that holds yields one pass check with a count, never one per entry.
 *
 * Placeholders used throughout: `<i>` an entry's 0-based index, `<all>` "all n" or "k of n",
 * and for the "could not be judged" notes `<count> <entries> (<reasons>)`.
 */
import { ENTRY_FINDING_CAP } from '../bounds';
import type { CheckList, Place, RuleCheckExtras } from '../checks';

import { defineRules, ruleMessage, type Rule, type RuleParams } from '../rules/rule';
import { ENTRY_UNIT, FindingTally } from '../rules/tally';
import { STANDING_LIMITS } from '../limits';

/** A chain rule is a catalogue rule; the tally below aggregates it over the entries. */
export type ChainRule = Rule;

/**
 * Dimensions: member presence and types are schema_validity; recomputing digests from the
 * carried bytes is byte_integrity; order, links, job and close rules are chain_integrity, and so
 * are the commitment bindings, because they are what detects truncation.
 */
export const CHAIN_RULES = defineRules({
  list: {
    id: 'chain.timeline.list',
    dimension: 'schema_validity',
    section: '§7',
    revision: '-06',
    reference: '§4.1',
    pass: 'timeline is a non-empty list of <count> <entries>',
    fail: 'timeline is not a non-empty list',
  },
  entryObject: {
    id: 'chain.entry.object',
    dimension: 'schema_validity',
    section: '§7',
    revision: '-06',
    reference: '§4.1',
    pass: '<all> entries are objects',
    fail: 'entry <i> is not an object',
  },
  members: {
    id: 'chain.entry.members',
    dimension: 'schema_validity',
    section: '§7',
    revision: '-07',
    reference: '§4.1',
    pass: '<all> entries carry id, job_id, tool, provenance_class, seq, canonical_bytes, prev_digest',
    fail: 'entry <i> missing <member>',
  },
  strings: {
    id: 'chain.entry.strings',
    dimension: 'schema_validity',
    section: '§7',
    revision: '-07',
    reference: '§4.1',
    pass: 'members present have their types in <all> entries (id, job_id, tool, provenance_class: non-empty strings; prev_digest: a string)',
    // <type>: "non-empty string" for id, job_id, tool, provenance_class; "string" for prev_digest.
    fail: 'entry <i> <member> is not a <type>',
  },
  base64: {
    id: 'chain.entry.canonical_bytes',
    dimension: 'schema_validity',
    section: '§7',
    revision: '-06',
    reference: '§4.1',
    pass: 'canonical_bytes is strict base64 in <all> entries',
    fail: 'entry <i> canonical_bytes is not valid base64',
  },
  digest: {
    id: 'chain.digest',
    dimension: 'byte_integrity',
    section: '§7.1',
    revision: '-07',
    reference: '§4.2',
    pass: 'recomputed the digest of <all> entries from their members and decoded canonical_bytes (stored digests are never trusted)',
    // Recomputing compares nothing, so it cannot fail; the links and the commitment compare.
    unavailable: 'the entry digest could not be recomputed for <count> <entries> (<reasons>)',
  },
  seqInteger: {
    id: 'chain.seq.integer',
    dimension: 'chain_integrity',
    section: '§7',
    revision: '-07',
    reference: '§4.3',
    pass: 'seq is an integer in <all> entries',
    fail: 'entry <i> seq is not an integer',
  },
  seqContiguous: {
    id: 'chain.seq.contiguous',
    dimension: 'chain_integrity',
    section: '§7',
    revision: '-07',
    reference: '§4.3',
    pass: 'seq runs 1..<count> with no gap (seq = i + 1)',
    fail: 'entry <i> seq <seq> breaks contiguity (expected <expected>)',
    unavailable: 'seq contiguity could not be judged for <count> <entries> (<reasons>)',
  },
  job: {
    id: 'chain.job',
    dimension: 'chain_integrity',
    section: '§7',
    revision: '-07',
    reference: '§4.3',
    pass: '<all> entries belong to one job (<job_id>)',
    fail: 'entry <i> job_id mixes jobs',
    unavailable: 'the single job could not be judged for <count> <entries> (<reasons>)',
  },
  genesis: {
    id: 'chain.genesis',
    dimension: 'chain_integrity',
    section: '§7',
    revision: '-06',
    reference: '§4.3',
    pass: 'entry 0 prev_digest is 64 zero characters',
    fail: 'entry 0 prev_digest is not 64 zero characters',
    unavailable: 'the genesis prev_digest could not be judged for <count> <entries> (<reasons>)',
  },
  link: {
    id: 'chain.link',
    dimension: 'chain_integrity',
    section: '§7',
    revision: '-06',
    reference: '§4.3',
    pass: '<every> prev_digest after entry 0 equals the recomputed digest of the entry before it',
    fail: 'entry <i> prev_digest does not match the digest of entry <previous>',
    unavailable: 'the prev_digest link could not be judged for <count> <entries> (<reasons>)',
  },
  closeBoolean: {
    id: 'chain.close.boolean',
    dimension: 'chain_integrity',
    section: '§7',
    revision: '-07',
    reference: '§4.3',
    pass: 'close is a boolean in the <count> <entries_that_carry> it',
    fail: 'entry <i> close is not a boolean',
  },
  closeEarly: {
    id: 'chain.close.early',
    dimension: 'chain_integrity',
    section: '§7',
    revision: '-07',
    reference: '§4.3',
    pass: 'no entry before the last carries close:true',
    fail: 'entry <i> carries close:true before the last entry',
  },
  closeLast: {
    id: 'chain.close.last',
    dimension: 'chain_integrity',
    section: '§7',
    revision: '-06',
    reference: '§4.3',
    pass: 'the last entry carries close: true',
    fail: 'last entry does not carry close: true',
  },
  commitmentObject: {
    id: 'chain.commitment.object',
    dimension: 'schema_validity',
    section: '§7.3',
    revision: '-09',
    reference: '§4.5',
    pass: 'commitment is an object',
    fail: 'commitment is not an object',
  },
  commitmentJobIdShape: {
    id: 'chain.commitment.job_id',
    dimension: 'schema_validity',
    section: '§7.3',
    revision: '-09',
    reference: '§4.5',
    pass: 'commitment job_id is a non-empty string',
    fail: 'commitment job_id is not a non-empty string',
  },
  commitmentDigestShape: {
    id: 'chain.commitment.final_entry_digest',
    dimension: 'schema_validity',
    section: '§7.3',
    revision: '-09',
    reference: '§4.5',
    pass: 'commitment final_entry_digest is 64 lowercase hex characters',
    fail: 'commitment final_entry_digest is not 64 lowercase hex characters',
  },
  commitmentCountShape: {
    id: 'chain.commitment.entry_count',
    dimension: 'schema_validity',
    section: '§7.3',
    revision: '-09',
    reference: '§4.5',
    pass: 'commitment entry_count is an integer (<count>)',
    fail: 'commitment entry_count is not an integer',
  },
  commitmentPublishedAt: {
    id: 'chain.commitment.published_at',
    dimension: 'schema_validity',
    section: '§7.3',
    revision: '-09',
    reference: '§4.5',
    pass: 'commitment published_at is RFC 3339',
    fail: 'commitment published_at is not RFC 3339',
  },
  commitmentJob: {
    id: 'chain.commitment.binds_job',
    dimension: 'chain_integrity',
    section: '§7.3',
    revision: '-09',
    reference: '§4.5',
    pass: '<every> entry job_id equals the commitment job_id (<job_id>)',
    fail: 'entry <i> job_id does not match the commitment job_id',
    // <reason>: the commitment's job_id is malformed, there is no timeline list, or some
    // entries carry no string job_id ("the commitment job_id could not be judged for ...").
    unavailable: '<reason>',
  },
  commitmentCount: {
    id: 'chain.commitment.binds_count',
    dimension: 'chain_integrity',
    section: '§7.3',
    revision: '-09',
    reference: '§4.5',
    pass: 'commitment entry_count <count> equals the timeline length',
    fail: 'commitment entry_count <count> does not match the timeline length <length>',
    // <reason>: which side could not be read ("... could not be compared: <why>").
    unavailable: '<reason>',
  },
  commitmentFinalDigest: {
    id: 'chain.commitment.binds_final_digest',
    dimension: 'chain_integrity',
    section: '§7.3',
    revision: '-09',
    reference: '§4.5',
    pass: 'commitment final_entry_digest equals the recomputed digest of the last entry',
    fail: 'commitment final_entry_digest does not match the recomputed digest of the last entry',
    // <reason>: which side could not be read ("... could not be compared: <why>").
    unavailable: '<reason>',
  },
});

/** Rules checked once per document: notes, warnings and the historical check. */
export const CHAIN_NOTES = defineRules({
  /** Whether an external commitment was there at all (not_checked when absent). */
  commitmentPresent: {
    id: 'chain.commitment.present',
    dimension: 'chain_integrity',
    section: '§7.3',
    revision: '-09',
    reference: '§4.5',
    not_checked: 'no external commitment was supplied: truncation of this chain cannot be detected',
  },
  /** A commitment verified on its own needs its timeline (unavailable). */
  commitmentTimeline: {
    id: 'chain.commitment.timeline',
    dimension: 'chain_integrity',
    section: '§7.3',
    revision: '-09',
    reference: '§4.5',
    unavailable:
      'the commitment could not be checked against its timeline: no job timeline was supplied',
  },
  historical06: {
    id: 'chain.historical-06',
    dimension: 'chain_integrity',
    section: '§7',
    revision: '-06',
    origin: 'verifier',
    reference: '§4.4',
    info: 'historical (-06) construction: no entry carries tool; it would have verified under -06: genesis and all <links> links hold when each digest is SHA-256 of the decoded canonical_bytes alone, and the last entry carries close: true',
    // <reasons>: "first break at entry <i>" and/or "the last entry does not carry close: true".
    warning:
      'historical (-06) construction: no entry carries tool, and the chain would not have verified under -06 either: <reasons>',
  },
  duplicateId: {
    id: 'chain.entry.id.unique',
    dimension: 'chain_integrity',
    section: '§7',
    revision: '-07',
    origin: 'verifier',
    reference: '§4.3',
    warning: 'entry <i> id repeats the id of entry <first>',
  },
  seqLexeme: {
    id: 'chain.seq.lexeme',
    dimension: 'schema_validity',
    section: '§7.1',
    revision: '-07',
    origin: 'verifier',
    reference: '§4.2',
    warning:
      '<count> <entries_write> seq as an integral number that is not an integer lexeme (first: <pointer> is <lexeme>)',
  },
  storedDigests: {
    id: 'chain.stored-digests',
    dimension: 'byte_integrity',
    section: '§7.1',
    revision: '-07',
    origin: 'verifier',
    reference: '§4.2',
    info: '<count> <entries_carry> its own output_hash or digest member; ignored: every digest was recomputed from the entry members and decoded canonical_bytes',
  },
  issuer: {
    id: 'chain.issuer',
    dimension: 'issuer_authenticity',
    section: '§7',
    revision: '-06',
    reference: '§4.6',
    not_checked: STANDING_LIMITS.unsigned,
  },
  anchor: {
    id: 'chain.anchor',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-12',
    reference: '§4.5',
    not_checked:
      'no anchor was checked here (a final entry digest can be anchored, e.g. with OpenTimestamps)',
  },
});

interface RuleState {
  judged: number;
  failed: number;
  unjudged: number;
  firstUnjudged?: string;
}

/**
 * Counts per rule across all entries: failures are listed individually up to the cap, the rest
 * summarised (the shared FindingTally, which says it the way the workflow steps do); a rule with
 * no failures and nothing left unjudged yields a single pass.
 */
export class RuleTally {
  private readonly states = new Map<string, RuleState>();
  private readonly findings: FindingTally;

  constructor(
    private readonly list: CheckList,
    cap: number = ENTRY_FINDING_CAP,
  ) {
    // Every failing entry's message is also kept in its issues (the timeline's entry list).
    this.findings = new FindingTally(list, ENTRY_UNIT, cap);
  }

  private state(r: ChainRule): RuleState {
    let s = this.states.get(r.id);
    if (!s) {
      s = { judged: 0, failed: 0, unjudged: 0 };
      this.states.set(r.id, s);
    }
    return s;
  }

  /** The rule held for one more item. */
  held(r: ChainRule): void {
    this.state(r).judged++;
  }

  /** The rule failed for one item: listed while under the cap. Returns the failure message. */
  fail(r: ChainRule, place: Place, extras: RuleCheckExtras = {}): string {
    const s = this.state(r);
    s.judged++;
    s.failed++;
    this.findings.record('fail', r, place, extras);
    return ruleMessage(r, 'fail', extras.params);
  }

  /** The rule could not be judged for one item (say why, for the first one). */
  unjudged(r: ChainRule, reason: string): void {
    const s = this.state(r);
    s.unjudged++;
    s.firstUnjudged ??= reason;
  }

  /** How the rule came out so far: any failure, else anything unjudged, else held. */
  outcome(r: ChainRule): 'fail' | 'unjudged' | 'held' | 'none' {
    const s = this.states.get(r.id);
    if (!s) return 'none';
    if (s.failed > 0) return 'fail';
    if (s.unjudged > 0) return 'unjudged';
    return s.judged > 0 ? 'held' : 'none';
  }

  /**
   * Closes a rule: the "+N more" summary when failures were capped; otherwise one pass (with
   * `params.pass(judged)` for its template) when it held everywhere it was judged and nothing
   * was left unjudged; `unavailable` when nothing failed but some items could not be judged.
   */
  finish(r: ChainRule, place: Place, params: FinishParams = {}): void {
    const s = this.states.get(r.id);
    if (!s) return;
    if (s.failed > 0) {
      this.findings.summariseRule(r, place);
      return;
    }
    if (s.unjudged > 0) {
      const unjudged = params.unjudged ?? unjudgedParams;
      this.list.unavailable(r, place, { params: unjudged(s.unjudged, s.firstUnjudged ?? '') });
      return;
    }
    if (s.judged > 0) this.list.pass(r, place, { params: params.pass?.(s.judged) ?? {} });
  }
}

/** Placeholder values for the templates a RuleTally fills when it closes a rule. */
export interface FinishParams {
  /** For the pass template, from the number of items the rule held for. */
  pass?: (judged: number) => RuleParams;
  /** For the unavailable template; by default `<count> <entries> (<reasons>)`. */
  unjudged?: (count: number, firstReason: string) => RuleParams;
}

/** `<count> <entries> (<reasons>)` of a "could not be judged" note. */
export function unjudgedParams(count: number, firstReason: string): RuleParams {
  return {
    count,
    entries: count === 1 ? 'entry' : 'entries',
    reasons: `${count === 1 ? '' : 'first: '}${firstReason}`,
  };
}
