/**
 * One descriptor per anchor type (spec §5): how it is recognised as a receipt's `anchor` member
 * and as documents of its own (its kinds, with what links them to other documents), how it is
 * checked there and as material supplied beside a record, the code it loads on demand, its rules,
 * what it does not prove, and its vectors. The receipt's anchor checks, the supplied-material
 * checks, the kind registry, code loading and the rule catalogue loop over the registry
 * (registry.ts); adding a type means adding one module, its entry there and its name to
 * ANCHOR_TYPES.
 */
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import type { JsonObject } from '../json/ast';
import type { KindDescriptor } from '../kinds/kind';
import type { RuleTable } from '../rules/rule';
import type { DetectedDocument } from '../model/document';
import type { AnchorKind, DocumentKind } from '../model/kinds';
import type { ReceiptFacts } from '../receipt/rules';
import type { CodeOnDemand } from '../on-demand';
import type { AnchoredMember, AnchorEntry } from './details';
import type { AnchoredValue, SuppliedHeader } from './ots/verify-ots';

export interface AnchorDescriptor {
  name: AnchorKind;
  /** The document kinds that are its material (named in model/kinds.ts ANCHOR_TYPES). */
  kinds: Partial<Record<DocumentKind, KindDescriptor>>;
  /** As a receipt's `anchor` member. */
  member?: MemberAnchor;
  /** As material supplied beside a record: checked against the record's anchored values. */
  supplied?: SuppliedAnchor;
  /** What an anchor of this type does not prove: a report that shows one lists it. */
  limit?: {
    text: string;
    /** Whether an anchor found says enough for the limit to apply (default: any anchor does). */
    appliesTo?: (entry: AnchorEntry) => boolean;
  };
  /**
   * Code its checks need that loads on demand (on-demand.ts), each with which documents may need
   * it: decided on what detection found, so that it never misses one (load-code.ts).
   */
  code?: readonly AnchorCode[];
  /**
   * The rule tables its checks record that the Worker carries with its descriptor (its kinds'
   * included). Tables only code loaded on demand records are listed under its name in
   * rules/catalogue.ts instead (kinds/kind.ts says why).
   */
  rules?: readonly RuleTable[];
  /** Its vectors folder, under src/core. */
  vectors: string;
}

/** Code an anchor type loads on demand, and which documents may need it. */
type AnchorCode = CodeOnDemand & { mayNeed: (doc: DetectedDocument) => boolean };

/** The receipt an anchor member is checked for. */
export interface AnchoredReceipt {
  receipt: JsonObject;
  facts: ReceiptFacts;
  ctx: VerifyContext;
  list: CheckList;
}

export interface MemberAnchor {
  /** Tried in rank order, lowest first: the first that recognises the member decides its type. */
  rank: number;
  recognise: (anchor: JsonObject) => boolean;
  /**
   * Checked before the supplied material: its own checks, and the values it anchors (added to
   * `values`, which supplied proofs and events are checked against); the supplied documents it
   * used are left out of that check.
   */
  before?: (
    anchor: JsonObject,
    receipt: AnchoredReceipt,
    values: AnchoredValue[],
  ) => { entries: AnchorEntry[]; consumed?: readonly DetectedDocument[] };
  /** Checked after the supplied material, with what it showed. */
  after?: (
    anchor: JsonObject,
    receipt: AnchoredReceipt,
    found: { headers: SuppliedHeader[]; supplied: AnchorEntry[]; values: AnchoredValue[] },
  ) => AnchorEntry[];
}

/** What supplied material is checked against. */
export interface SuppliedAgainst {
  values: AnchoredValue[];
  /** Identifiers a Nostr event may name instead of a digest (a receipt id): weaker binding. */
  identifiers: { label: string; member: AnchoredMember; text: string }[];
  /** Supplied files that are not anchor material: a proof may timestamp one of them. */
  files: { name: string; bytes: Uint8Array }[];
  /** A supplied document that binds none of the values: failed, or information only. */
  unmatched: 'fail' | 'info';
  headers: SuppliedHeader[];
}

export interface SuppliedAnchor {
  /** Checked in rank order, lowest first. */
  rank: number;
  /** The kind of the documents it checks. */
  kind: DocumentKind;
  check: (
    doc: DetectedDocument,
    against: SuppliedAgainst,
    ctx: VerifyContext,
    list: CheckList,
  ) => AnchorEntry;
}
