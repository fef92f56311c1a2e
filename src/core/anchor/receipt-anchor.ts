/**
 * Anchor verification for a per-call receipt (spec §5): the `anchor` member, by shape (log/
 * leaf_hash: the log tier of §5.2; event_id/pubkey: the Nostr anchor of §5.1), then every
 * supplied .ots proof and Nostr event against the receipt's anchored values. The anchors found
 * go to the report as `details.anchors`.
 */
import { ANCHOR_RULES } from './rules';
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import { isDigest, parseDigestBytes } from '../encoding/digest';
import { bytesEqual } from '../encoding/hex';
import { describeType, member, type JsonObject, type JsonValue } from '../json/ast';
import type { ReceiptFacts } from '../receipt/rules';
import {
  checkSuppliedAnchors,
  suppliedHeaders,
  summariseHeaders,
  type AnchoredValue,
} from './check-anchors';
import { emptyAnchorDetails } from './details';
import { checkLogAnchor, leafHashBytes } from './log-anchor';
import { checkNostrAnchor } from './nostr/nostr-anchor';
import { type NostrAnchorResult } from './nostr/types';

export type AnchorProfile = 'log' | 'nostr' | 'unknown' | 'not-object';

/** The profile is decided by shape: log/leaf_hash is the log tier, event_id/pubkey is Nostr. */
export function anchorProfile(anchor: JsonValue): AnchorProfile {
  if (anchor.type !== 'object') return 'not-object';
  if (anchor.byName.has('log') || anchor.byName.has('leaf_hash')) return 'log';
  if (anchor.byName.has('event_id') || anchor.byName.has('pubkey')) return 'nostr';
  return 'unknown';
}

/** The values an anchor of this receipt may commit to. */
export function receiptAnchoredValues(receipt: JsonObject, facts: ReceiptFacts): AnchoredValue[] {
  const declared = member(receipt, 'output_hash');
  const hash =
    declared?.type === 'string' && isDigest(declared.value, 'prefixed')
      ? declared.value
      : facts.computedOutputHash;
  const bytes = hash ? parseDigestBytes(hash, 'prefixed') : undefined;
  return bytes ? [{ label: 'receipt output_hash', member: 'receipt.output_hash', bytes }] : [];
}

export function checkReceiptAnchor(
  receipt: JsonObject,
  facts: ReceiptFacts,
  ctx: VerifyContext,
  list: CheckList,
): void {
  const anchor = member(receipt, 'anchor');
  // No anchor and no supplied proof or event: nothing to check, and nothing to compute the
  // anchored values for (the common case of a batch member; checkSuppliedAnchors would find
  // nothing either).
  if (!anchor && !ctx.supplied.some((d) => d.kind === 'ots-proof' || d.kind === 'nostr-event')) {
    list.notChecked(ANCHOR_RULES.none);
    return;
  }
  const details = emptyAnchorDetails();
  const profile = anchor ? anchorProfile(anchor) : undefined;
  const values = receiptAnchoredValues(receipt, facts);
  const id = member(receipt, 'id');
  const receiptId = id?.type === 'string' ? id.value : undefined;

  let nostr: NostrAnchorResult | undefined;
  if (anchor?.type === 'object' && profile === 'nostr') {
    const outputHash = member(receipt, 'output_hash');
    const evidence = member(receipt, 'evidence_sha256');
    nostr = checkNostrAnchor(
      anchor,
      {
        ...(receiptId !== undefined ? { receiptId } : {}),
        ...(outputHash?.type === 'string' && isDigest(outputHash.value, 'prefixed')
          ? { outputHash: outputHash.value }
          : {}),
        ...(evidence?.type === 'string' ? { evidenceSha256: evidence.value } : {}),
      },
      ctx,
      list,
    );
    details.anchors.push(nostr.entry);
    if (nostr.envelopeDigest)
      values.push({
        label: 'SHA-256 of the Nostr anchor envelope_bytes',
        member: 'receipt.anchor.envelope_bytes',
        bytes: nostr.envelopeDigest,
      });
  }
  if (anchor?.type === 'object' && profile === 'log') {
    const leaf = leafHashBytes(anchor);
    if (leaf && !values.some((v) => bytesEqual(v.bytes, leaf)))
      values.push({ label: 'anchor.leaf_hash', member: 'receipt.anchor.leaf_hash', bytes: leaf });
  }

  const headers = suppliedHeaders(ctx);
  const supplied = checkSuppliedAnchors(
    values,
    ctx,
    list,
    {
      ...(nostr ? { exclude: nostr.consumed } : {}),
      ...(receiptId !== undefined
        ? { identifiers: [{ label: 'receipt id', member: 'receipt.id', text: receiptId }] }
        : {}),
    },
    headers,
  );

  if (anchor?.type === 'object' && profile === 'log') {
    const coveredBy = supplied.anchors
      .filter((a) => a.kind === 'ots' && a.bindsRecord)
      .map((a) => a.source);
    details.anchors.push(
      ...checkLogAnchor(anchor, receipt, facts, ctx, list, { headers, coveredBy, values }),
    );
  } else if (anchor && profile === 'not-object') {
    list.fail(ANCHOR_RULES.object, anchor, {
      expected: 'object',
      found: describeType(anchor),
    });
  } else if (anchor && profile === 'unknown') {
    list.unavailable(ANCHOR_RULES.profile, anchor, {
      found: anchor.type === 'object' ? anchor.members.map((m) => m.name).join(', ') : '',
    });
  }
  details.anchors.push(...supplied.anchors);

  if (!anchor && supplied.anchors.length === 0) {
    list.notChecked(ANCHOR_RULES.none);
    return;
  }
  if (details.anchors.length === 0) return;
  if (headers.length > 0) details.blockHeaders = summariseHeaders(headers);
  facts.details.anchors = details;
}
