/**
 * Supplied anchor material checked against any anchored values: OpenTimestamps proofs and Nostr
 * events the user gave alongside a record. Receipts, workflow roots and chain final digests all
 * come through here, each with its own values.
 */
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import type { DetectedDocument } from '../model/document';
import { ANCHOR_MATERIAL_KINDS } from '../model/kinds';
import { bytesToHex } from '../encoding/hex';
import { member, pointerOf, type JsonValue } from '../json/ast';
import {
  AnchorRecorder,
  emptyAnchorDetails,
  type AnchorDetails,
  type AnchoredMember,
  type AnchorEntry,
  type BlockHeaderSummary,
} from './details';
import { containsTarget, type BindingTarget } from './nostr/binding';
import { readEventRecording, recordEventBinding, recordEventIntegrity } from './nostr/verify-event';
import { parseDigestBytes } from '../encoding/digest';
import { unixToIso } from './formats';
import { analyseBlockHeader, describeWork, parseBlockHeaderHex } from './ots/bitcoin-header';
import { parseOts } from './ots/parse';
import { checkOtsProof } from './ots/verifier';
import type { AnchoredValue, SuppliedHeader } from './ots/verify-ots';
import { isReceiptKind, receiptObjectOf } from '../receipt/node';

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

/** Block headers among the supplied documents (plus explicit ones), analysed once. */
export function suppliedHeaders(ctx: VerifyContext, explicit: Uint8Array[] = []): SuppliedHeader[] {
  const out: SuppliedHeader[] = [];
  for (const doc of ctx.supplied) {
    if (doc.kind !== 'block-header') continue;
    const parsed = parseBlockHeaderHex(doc.source.text);
    if (parsed.ok)
      out.push({ source: doc.name, header: analyseBlockHeader(parsed.bytes, ctx.hashing) });
  }
  explicit.forEach((bytes, i) => {
    if (bytes.length === 80)
      out.push({ source: `header ${i + 1}`, header: analyseBlockHeader(bytes, ctx.hashing) });
  });
  return out;
}

export function summariseHeaders(headers: SuppliedHeader[]): BlockHeaderSummary[] {
  return headers.map(({ source, header }) => ({
    source,
    hash: header.hash,
    merkleRoot: bytesToHex(header.merkleRoot),
    time: header.timeIso,
    bits: `0x${header.bits.toString(16).padStart(8, '0')}`,
    proofOfWork: header.proofOfWork.valid
      ? `valid (difficulty ${Math.round(header.proofOfWork.difficulty)}, ${describeWork(header.proofOfWork.workBits)})`
      : `invalid: ${header.proofOfWork.reason}`,
  }));
}

/** Supplied files that are not anchor material: a proof may timestamp one of them. */
export function suppliedFiles(ctx: VerifyContext): { name: string; bytes: Uint8Array }[] {
  return ctx.supplied
    .filter((doc) => !ANCHOR_MATERIAL_KINDS.has(doc.kind))
    .map((doc) => ({ name: doc.name, bytes: doc.bytes }));
}

/**
 * Digests that supplied records declare (a receipt's output_hash, a workflow's merkle_root, a
 * commitment's final_entry_digest): what a proof or event verified on its own may be about.
 * These are the records' declared values; the records themselves are verified separately.
 */
export function suppliedRecordValues(ctx: VerifyContext): AnchoredValue[] {
  const out: AnchoredValue[] = [];
  const add = (label: string, node: JsonValue | undefined): void => {
    const bytes =
      node?.type === 'string' ? parseDigestBytes(node.value, 'bare-or-prefixed') : undefined;
    if (bytes) out.push({ label, member: 'supplied.record', bytes });
  };
  for (const doc of ctx.supplied) {
    const root = doc.root;
    if (root?.type !== 'object') continue;
    const commitment = member(root, 'commitment');
    const receipt = isReceiptKind(doc.kind) ? receiptObjectOf(root, doc.kind) : undefined;
    if (receipt) add(`output_hash of supplied receipt ${doc.name}`, member(receipt, 'output_hash'));
    if (doc.kind === 'workflow')
      add(`merkle_root of supplied workflow ${doc.name}`, member(root, 'merkle_root'));
    if (doc.kind === 'commitment')
      add(
        `final_entry_digest of supplied commitment ${doc.name}`,
        member(root, 'final_entry_digest'),
      );
    if (doc.kind === 'timeline' && commitment?.type === 'object')
      add(
        `final_entry_digest of supplied timeline ${doc.name}`,
        member(commitment, 'final_entry_digest'),
      );
  }
  return out;
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
  const proofs = ctx.supplied.filter((d) => d.kind === 'ots-proof' && !excluded.has(d));
  const events = ctx.supplied.filter((d) => d.kind === 'nostr-event' && !excluded.has(d));
  if (proofs.length === 0 && events.length === 0) return details;

  const files = suppliedFiles(ctx);
  const unmatched = options.unmatched ?? 'fail';
  for (const doc of proofs) {
    details.anchors.push(
      checkOtsProof(
        parseOts(doc.bytes),
        { source: doc.name, candidates: values, files, unmatched, headers, subject: doc.name },
        ctx.hashing,
        list,
      ),
    );
  }
  const targets: BindingTarget[] = [
    ...values.map((v) => containsTarget(`the ${v.label}`, v.member, [bytesToHex(v.bytes)])),
    ...(options.identifiers ?? []).map((i) =>
      containsTarget(`the ${i.label}`, i.member, [i.text], false),
    ),
  ];
  for (const doc of events)
    details.anchors.push(checkSuppliedEvent(doc, targets, unmatched, ctx, list));
  return details;
}

function checkSuppliedEvent(
  doc: DetectedDocument,
  targets: BindingTarget[],
  unmatched: 'fail' | 'info',
  ctx: VerifyContext,
  list: CheckList,
): AnchorEntry {
  const entry: AnchorEntry = {
    kind: 'nostr',
    binds: 'nothing in this record',
    bound: [],
    bindsRecord: false,
    source: doc.name,
    steps: [],
  };
  const rec = new AnchorRecorder(list, entry, 'anchor_verification', { pointer: '' }, doc.name);
  if (!doc.root) return entry;
  rec.duplicatesOf(doc);
  const placeOf = (node: JsonValue) => ({ pointer: pointerOf(node) });
  const event = readEventRecording(doc.root, rec, placeOf, 'anchor_verification');
  if (!event) return entry;
  entry.eventId = event.id;
  entry.pubkey = event.pubkey;
  const place = { pointer: '' };
  // Binding first: an event about something else says nothing about this record, so its
  // id and signature results are shown as information only.
  const binding = recordEventBinding(event, targets, rec, { unmatched, place });
  if (binding) {
    entry.bindsRecord = true;
    entry.binds = binding.target.label.replace(/^the /, '');
    entry.bound = [binding.target.member];
    const time = unixToIso(event.created_at);
    if (time) entry.witnessTime = time;
  }
  recordEventIntegrity(event, ctx.hashing, rec, {
    idDimension: 'anchor_verification',
    signatureDimension: 'anchor_verification',
    counts: binding !== undefined,
    place,
  });
  return entry;
}
