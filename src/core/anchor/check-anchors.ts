/**
 * Supplied anchor material checked against any anchored values: each anchor type's material (the
 * OpenTimestamps proofs, the Nostr events the user gave alongside a record), in the order the
 * anchor registry gives. Receipts, workflow roots and chain final digests all come through here,
 * each with its own values.
 */
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import type { DetectedDocument } from '../model/document';
import type { SuppliedAgainst } from './anchor-type';
import { emptyAnchorDetails, type AnchorDetails, type AnchoredMember } from './details';
import type { AnchoredValue, SuppliedHeader } from './ots/verify-ots';
import { SUPPLIED_ANCHORS } from './registry';
import { suppliedFiles, suppliedHeaders, summariseHeaders } from './supplied';

export type { AnchoredValue, SuppliedHeader } from './ots/verify-ots';

export interface CheckAnchorsOptions {
  /** Supplied documents already used (e.g. the event of a receipt's Nostr anchor). */
  exclude?: readonly DetectedDocument[];
  /** Identifiers a Nostr event may name instead of a digest (a receipt id): weaker binding. */
  identifiers?: { label: string; member: AnchoredMember; text: string }[];
  /**
   * A supplied proof or event that binds none of the values: 'fail' (default; the user supplied
   * it for this record) or 'info' (the caller hands the same supplied list to several records,
   * e.g. a workflow and its step receipts).
   */
  unmatched?: 'fail' | 'info';
  /** Block headers given directly (80 bytes each), besides supplied 'block-header' documents. */
  headers?: Uint8Array[];
}

/**
 * Checks every supplied .ots proof and Nostr event against `values`. Adds no check when nothing
 * was supplied (the caller says "no anchor" in its own words). Returns the anchors for the
 * report details.
 */
export function checkAnchorsFor(
  values: AnchoredValue[],
  ctx: VerifyContext,
  list: CheckList,
  options: CheckAnchorsOptions = {},
): AnchorDetails {
  const headers = suppliedHeaders(ctx, options.headers);
  const details = checkSuppliedAnchors(values, ctx, list, options, headers);
  if (details.anchors.length > 0 && headers.length > 0)
    details.blockHeaders = summariseHeaders(headers);
  return details;
}

/** checkAnchorsFor with the block headers already analysed (no header summary added). */
export function checkSuppliedAnchors(
  values: AnchoredValue[],
  ctx: VerifyContext,
  list: CheckList,
  options: CheckAnchorsOptions,
  headers: SuppliedHeader[],
): AnchorDetails {
  const details = emptyAnchorDetails();
  const excluded = new Set(options.exclude ?? []);
  const material = SUPPLIED_ANCHORS.map((type) =>
    ctx.supplied.filter((d) => d.kind === type.kind && !excluded.has(d)),
  );
  if (material.every((docs) => docs.length === 0)) return details;
  const against: SuppliedAgainst = {
    values,
    identifiers: options.identifiers ?? [],
    files: suppliedFiles(ctx),
    unmatched: options.unmatched ?? 'fail',
    headers,
  };
  SUPPLIED_ANCHORS.forEach((type, i) => {
    for (const doc of material[i]!) details.anchors.push(type.check(doc, against, ctx, list));
  });
  return details;
}
