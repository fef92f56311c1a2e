/**
 * The chain rules (spec §4.3, §4.5): stable ids, the dimension each one reports under, and how
 * its checks are aggregated. Failures use the reference wording (built where they are found);
 * a rule that holds yields one pass check with a count, never one per entry.
 */
import type { CheckExtras, CheckList, Place } from '../checks';
import type { Dimension } from '../report';

export interface ChainRule {
  id: string;
  dimension: Dimension;
  /** What the rule checks, for the note when it could not be judged everywhere. */
  name: string;
  /** Plural phrase for the "+N more" summary once individual failures are capped. */
  failing: string;
  /** How to say it could not be done, e.g. "could not be recomputed". */
  notDone: string;
}

function rule(
  id: string,
  dimension: Dimension,
  name: string,
  failing: string,
  notDone = 'could not be judged',
): ChainRule {
  return { id, dimension, name, failing, notDone };
}

/**
 * Dimensions: member presence and types are schema_validity; recomputing digests from the
 * carried bytes is byte_integrity; order, links, job and close rules are chain_integrity, and so
 * are the commitment bindings, because they are what detects truncation.
 */
export const CHAIN_RULES = {
  list: rule('chain.timeline.list', 'schema_validity', 'timeline list', 'timelines'),
  entryObject: rule('chain.entry.object', 'schema_validity', 'entry type', 'non-object entries'),
  members: rule('chain.entry.members', 'schema_validity', 'member presence', 'missing members'),
  strings: rule('chain.entry.strings', 'schema_validity', 'member types', 'mistyped members'),
  base64: rule(
    'chain.entry.canonical_bytes',
    'schema_validity',
    'canonical_bytes base64',
    'entries whose canonical_bytes is not valid base64',
  ),
  digest: rule(
    'chain.digest',
    'byte_integrity',
    'the entry digest',
    'entries',
    'could not be recomputed',
  ),
  seqInteger: rule(
    'chain.seq.integer',
    'chain_integrity',
    'seq type',
    'entries whose seq is not an integer',
  ),
  seqContiguous: rule(
    'chain.seq.contiguous',
    'chain_integrity',
    'seq contiguity',
    'entries whose seq breaks contiguity',
  ),
  job: rule('chain.job', 'chain_integrity', 'the single job', 'entries whose job_id mixes jobs'),
  genesis: rule('chain.genesis', 'chain_integrity', 'the genesis prev_digest', 'genesis entries'),
  link: rule(
    'chain.link',
    'chain_integrity',
    'the prev_digest link',
    'entries whose prev_digest does not match the digest of the previous entry',
  ),
  closeBoolean: rule(
    'chain.close.boolean',
    'chain_integrity',
    'close type',
    'entries whose close is not a boolean',
  ),
  closeEarly: rule(
    'chain.close.early',
    'chain_integrity',
    'close placement',
    'entries carrying close:true before the last entry',
  ),
  closeLast: rule('chain.close.last', 'chain_integrity', 'the closing entry', 'timelines'),
  commitmentObject: rule(
    'chain.commitment.object',
    'schema_validity',
    'commitment type',
    'commitments',
  ),
  commitmentJobIdShape: rule(
    'chain.commitment.job_id',
    'schema_validity',
    'commitment job_id',
    'commitments',
  ),
  commitmentDigestShape: rule(
    'chain.commitment.final_entry_digest',
    'schema_validity',
    'commitment final_entry_digest',
    'commitments',
  ),
  commitmentCountShape: rule(
    'chain.commitment.entry_count',
    'schema_validity',
    'commitment entry_count',
    'commitments',
  ),
  commitmentPublishedAt: rule(
    'chain.commitment.published_at',
    'schema_validity',
    'commitment published_at',
    'commitments',
  ),
  commitmentJob: rule(
    'chain.commitment.binds_job',
    'chain_integrity',
    'the commitment job_id',
    'entries whose job_id does not match the commitment job_id',
  ),
  commitmentCount: rule(
    'chain.commitment.binds_count',
    'chain_integrity',
    'the commitment entry_count',
    'commitments',
  ),
  commitmentFinalDigest: rule(
    'chain.commitment.binds_final_digest',
    'chain_integrity',
    'the commitment final_entry_digest',
    'commitments',
  ),
} as const;

/** Not aggregated rules: notes, warnings and the historical check. */
export const CHAIN_NOTES = {
  /** Whether an external commitment was there at all (not_checked when absent). */
  commitmentPresent: 'chain.commitment.present',
  /** A commitment verified on its own needs its timeline (unavailable). */
  commitmentTimeline: 'chain.commitment.timeline',
  historical06: 'chain.historical-06',
  duplicateId: 'chain.entry.id.unique',
  seqLexeme: 'chain.seq.lexeme',
  storedDigests: 'chain.stored-digests',
  issuer: 'chain.issuer',
  anchor: 'chain.anchor',
} as const;

/** Individual failures listed per rule before a "+N more" summary takes over. */
export const FAILURE_CAP = 100;

interface RuleState {
  judged: number;
  failed: number;
  unjudged: number;
  firstUnjudged?: string;
}

/**
 * Counts per rule across all entries: failures are listed individually up to the cap, the rest
 * summarised; a rule with no failures and nothing left unjudged yields a single pass.
 */
export class RuleTally {
  private readonly states = new Map<string, RuleState>();

  constructor(
    private readonly list: CheckList,
    private readonly cap: number = FAILURE_CAP,
  ) {}

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

  fail(r: ChainRule, message: string, place: Place, extras?: CheckExtras): void {
    const s = this.state(r);
    s.judged++;
    s.failed++;
    if (s.failed <= this.cap) this.list.fail(r.dimension, r.id, message, place, extras);
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
   * `passMessage(judged)`) when it held everywhere it was judged and nothing was left
   * unjudged; `unavailable` when nothing failed but some items could not be judged.
   */
  finish(r: ChainRule, passMessage: (judged: number) => string, place: Place): void {
    const s = this.states.get(r.id);
    if (!s) return;
    if (s.failed > this.cap) {
      this.list.fail(
        r.dimension,
        r.id,
        `+${s.failed - this.cap} more ${r.failing} (${s.failed} in all; the first ${this.cap} are listed)`,
        place,
      );
      return;
    }
    if (s.failed > 0) return;
    if (s.unjudged > 0) {
      const n = s.unjudged;
      this.list.unavailable(
        r.dimension,
        r.id,
        `${r.name} ${r.notDone} for ${n} ${n === 1 ? 'entry' : 'entries'} (${n === 1 ? '' : 'first: '}${s.firstUnjudged ?? ''})`,
        place,
      );
      return;
    }
    if (s.judged > 0) this.list.pass(r.dimension, r.id, passMessage(s.judged), place);
  }
}
