/**
 * What the anchor checks found, for the report views (`details.anchors` of a receipt report, or
 * the details of an anchor document verified on its own). Pure data, structured-clone safe.
 */
import type { CheckList, Place, RuleCheckExtras } from '../checks';
import type { DetectedDocument } from '../model/document';
import { addDuplicateMemberChecks } from '../duplicate-members';
import type { AnchorKind } from '../model/kinds';
import type { CheckStatus, Dimension } from '../model/report';
import { ruleMessage, type Rule } from '../rules/rule';

export interface AnchorStep {
  label: string;
  status: CheckStatus;
  detail: string;
}

export interface AnchorAttestation {
  /** 'bitcoin', 'pending' or 'unknown' (Litecoin, Ethereum and unregistered tags). */
  type: 'bitcoin' | 'pending' | 'unknown';
  /** Human description: "Bitcoin block 358391", "pending at https://…", "unknown notary (tag …)". */
  description: string;
  /** The 8-byte tag in hex. */
  tag: string;
  height?: number;
  uri?: string;
  /** Hex of the value the replay reached (internal byte order); absent when not computable. */
  value?: string;
  /** Number of operations from the start digest. */
  operations: number;
  status: CheckStatus;
  detail: string;
}

/**
 * A value of a record that an anchor can be shown to bind, as data: decisions (a workflow's
 * "the root is anchored") read these, never the words of `binds`.
 */
export type AnchoredMember =
  | 'receipt.id'
  | 'receipt.output_hash'
  | 'receipt.canonical_bytes'
  | 'receipt.anchor.envelope_bytes'
  | 'receipt.anchor.leaf_hash'
  | 'workflow.merkle_root'
  | 'workflow.output_hash'
  | 'timeline.final_entry_digest'
  | 'supplied.file'
  | 'supplied.record';

export interface AnchorEntry {
  kind: AnchorKind;
  /** What this anchor is bound to, in words, e.g. "receipt output_hash", or "nothing in this record". */
  binds: string;
  /** What this anchor is bound to, as data (empty when it binds nothing shown). */
  bound: AnchoredMember[];
  /** Whether the anchor was shown to commit to this record (its results then count). */
  bindsRecord: boolean;
  /** Where the anchor came from: "receipt anchor member", a supplied file name. */
  source: string;
  steps: AnchorStep[];
  /** Witness time: a Bitcoin block time, or a time claimed by the signer/log (see steps). */
  witnessTime?: string;
  relays?: string[];
  eventId?: string;
  pubkey?: string;
  attestations?: AnchorAttestation[];
  /** OpenTimestamps: hex of the start digest and the file hash operation. */
  startDigest?: string;
  fileHashOp?: string;
}

export interface BlockHeaderSummary {
  source: string;
  hash: string;
  merkleRoot: string;
  time: string;
  bits: string;
  proofOfWork: string;
}

/**
 * A type alias rather than an interface so it is assignable to the report's open
 * `{ type: string; [key: string]: unknown }` details without widening.
 */
export type AnchorDetails = {
  type: 'anchors';
  anchors: AnchorEntry[];
  /** Block headers the user supplied (or the header verified on its own). */
  blockHeaders?: BlockHeaderSummary[];
};

export function emptyAnchorDetails(): AnchorDetails {
  return { type: 'anchors', anchors: [] };
}

/**
 * Records each result twice, as a report check and as a step of its anchor, so the two views can
 * never disagree.
 */
export class AnchorRecorder {
  constructor(
    private readonly list: CheckList,
    readonly entry: AnchorEntry,
    private readonly dimension: Dimension,
    private readonly place: Place,
    private readonly subject?: string,
  ) {}

  /** Duplicate member names in a supplied document this anchor uses (spec §2.2). */
  duplicatesOf(doc: DetectedDocument): void {
    addDuplicateMemberChecks(doc, this.list, doc.name);
  }

  /** The same anchor's recorder for checks about a supplied document. */
  withSubject(subject: string): AnchorRecorder {
    return new AnchorRecorder(this.list, this.entry, this.dimension, undefined, subject);
  }

  /**
   * Records an outcome of a catalogue rule, its message filled from `extras.params`. The
   * dimension is the recorder's unless `extras.dimension` says otherwise: the same event rule
   * reports under anchor_verification for a receipt's anchor and under byte_integrity or
   * issuer_authenticity for an event verified on its own.
   */
  record(
    status: CheckStatus,
    rule: Rule,
    label: string,
    extras: RuleCheckExtras & { place?: Place; dimension?: Dimension } = {},
  ): string {
    const { place, dimension, params, ...checkExtras } = extras;
    // A rule counts only under the dimensions its declaration names (rule.ts aloneDimension).
    const counted = dimension ?? this.dimension;
    if (counted !== rule.dimension && counted !== rule.aloneDimension)
      throw new Error(`rule ${rule.id} declares no dimension ${counted}`);
    const message = ruleMessage(rule, status, params);
    if (this.subject !== undefined && checkExtras.subject === undefined)
      checkExtras.subject = this.subject;
    this.list.add(
      status,
      counted,
      rule.id,
      message,
      place ?? this.place,
      checkExtras,
      rule.profile,
    );
    this.entry.steps.push({
      label,
      status,
      detail: checkExtras.detail ? `${message}. ${checkExtras.detail}` : message,
    });
    return message;
  }
}

declare module '../report-details' {
  interface DetailsByType {
    anchors: AnchorDetails;
  }
}
