/**
 * Every anchor type, once (anchor-type.ts). A receipt's anchor member, the material supplied
 * beside a record, the anchor kinds of the kind registry, the code loaded on demand and the rule
 * catalogue all loop over it; the Record type makes a type named in model/kinds.ts without a
 * descriptor a type error.
 */
import type { KindDescriptor } from '../kinds/kind';
import type { AnchorKind, DocumentKind } from '../model/kinds';
import type { AnchorDescriptor, SuppliedAnchor } from './anchor-type';
import { LOG_ANCHOR } from './log-anchor';
import { NOSTR_ANCHOR } from './nostr/nostr-type';
import { OTS_ANCHOR } from './ots/ots-type';

export const ANCHORS: Readonly<Record<AnchorKind, AnchorDescriptor>> = {
  log: LOG_ANCHOR,
  nostr: NOSTR_ANCHOR,
  ots: OTS_ANCHOR,
};

export const ANCHOR_LIST: readonly AnchorDescriptor[] = Object.values(ANCHORS);

/** The types a receipt's anchor member may be, in the order they are tried. */
export const MEMBER_ANCHORS = ANCHOR_LIST.filter((a) => a.member).sort(
  (a, b) => a.member!.rank - b.member!.rank,
);

/** Supplied material of every type, in the order it is checked. */
export const SUPPLIED_ANCHORS: readonly SuppliedAnchor[] = ANCHOR_LIST.flatMap((a) =>
  a.supplied ? [a.supplied] : [],
).sort((a, b) => a.rank - b.rank);

/** The kinds of supplied material the anchor types check beside a record (proofs, events). */
export const SUPPLIED_ANCHOR_KINDS: ReadonlySet<DocumentKind> = new Set(
  SUPPLIED_ANCHORS.map((s) => s.kind),
);

/** The document kinds of every anchor type, in registry order. */
export const ANCHOR_KINDS: Partial<Record<DocumentKind, KindDescriptor>> = Object.assign(
  {},
  ...ANCHOR_LIST.map((a) => a.kinds),
) as Partial<Record<DocumentKind, KindDescriptor>>;
