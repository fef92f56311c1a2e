/**
 * The Nostr anchor type's checks (nostr-type.ts holds its descriptor): an event verified on its
 * own, an event supplied beside a record, and a receipt's Nostr anchor member. A chunk of their
 * own, loaded with secp256k1's verifier for an input that may need them (load-code.ts), so that
 * the first verdict of a receipt without a Nostr anchor does not carry them.
 */
import type { CheckList } from '../../checks';
import type { VerifyContext } from '../../context';
import { bytesToHex } from '../../encoding/hex';
import { isDigest } from '../../encoding/digest';
import { member, pointerOf, type JsonObject, type JsonValue } from '../../json/ast';
import type { DetectedDocument } from '../../model/document';
import { isReceiptKind, receiptObjectOf } from '../../receipt/node';
import type { AnchoredReceipt, SuppliedAgainst } from '../anchor-type';
import { AnchorRecorder, type AnchorEntry } from '../details';
import { unixToIso } from '../formats';
import type { AnchoredValue } from '../ots/verify-ots';
import { fileDigest } from '../ots/file-digest';
import { suppliedRecordValues } from '../supplied';
import { containsTarget, type BindingTarget, type EnvelopeRecord } from './binding';
import { checkNostrAnchor } from './nostr-anchor';
import { NOSTR_RULES } from './rules';
import {
  eventMemberPlaces,
  readEventRecording,
  recordEventBinding,
  recordEventIntegrity,
} from './verify-event';

/** A Nostr event verified on its own: its id, its signature, and what it binds among the supplied. */
export function checkEventDocument(
  doc: DetectedDocument,
  ctx: VerifyContext,
  list: CheckList,
): AnchorEntry {
  const entry: AnchorEntry = {
    kind: 'nostr',
    binds: 'nothing checked',
    bound: [],
    bindsRecord: false,
    source: doc.name,
    steps: [],
  };
  const rec = new AnchorRecorder(list, entry, 'anchor_verification', doc.root);
  if (!doc.root) return entry;
  const event = readEventRecording(doc.root, rec, (node) => node, 'schema_validity');
  if (!event) return entry;
  rec.record('pass', NOSTR_RULES.eventShape, 'event shape', { dimension: 'schema_validity' });
  entry.eventId = event.id;
  entry.pubkey = event.pubkey;
  const time = unixToIso(event.created_at);
  if (time) entry.witnessTime = time;
  recordEventIntegrity(event, ctx.hashing, rec, {
    idDimension: 'byte_integrity',
    signatureDimension: 'issuer_authenticity',
    counts: true,
    placeOf: eventMemberPlaces(doc.root),
  });

  // What the event may bind among the other supplied documents: their SHA-256, the digests
  // supplied records declare, and (weakly) a supplied receipt's id.
  const targets: BindingTarget[] = [
    ...ctx.supplied.map((other) =>
      containsTarget(`the SHA-256 of supplied file ${other.name}`, 'supplied.file', [
        bytesToHex(fileDigest('sha256', other.bytes, ctx.hashing)),
      ]),
    ),
    ...suppliedRecordValues(ctx).map((v) =>
      containsTarget(`the ${v.label}`, v.member, [bytesToHex(v.bytes)]),
    ),
  ];
  for (const other of ctx.supplied) {
    const receipt = isReceiptKind(other.kind) ? receiptObjectOf(other.root, other.kind) : undefined;
    const id = receipt ? member(receipt, 'id') : undefined;
    if (id?.type === 'string')
      targets.push(
        containsTarget(
          `the id of supplied receipt ${other.name}`,
          'supplied.record',
          [id.value],
          false,
        ),
      );
  }
  if (targets.length === 0) {
    rec.record('not_checked', NOSTR_RULES.eventBinding, 'binding', {
      detail:
        'An event on its own shows who published it (its key), not that it anchors any particular record.',
    });
  } else {
    const binding = recordEventBinding(event, targets, rec, { unmatched: 'fail', place: doc.root });
    if (binding) {
      entry.binds = binding.target.label.replace(/^the /, '');
      entry.bound = [binding.target.member];
      entry.bindsRecord = true;
    }
  }
  return entry;
}

/** An event supplied beside a record: what of the record it binds, then its id and signature. */
function checkSuppliedEvent(
  doc: DetectedDocument,
  targets: BindingTarget[],
  receipt: EnvelopeRecord,
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
  const event = readEventRecording(doc.root, rec, placeOf, 'anchor_verification', unmatched);
  if (!event) return entry;
  entry.eventId = event.id;
  entry.pubkey = event.pubkey;
  const place = { pointer: '' };
  // Binding first: an event about something else says nothing about this record, so its
  // id and signature results are shown as information only.
  const binding = recordEventBinding(event, targets, rec, { unmatched, place, receipt });
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
    placeOf: eventMemberPlaces(doc.root, placeOf),
  });
  return entry;
}

/** A receipt's Nostr anchor member (its envelope, its event): the values it anchors join `values`. */
export function checkMemberAnchor(
  anchor: JsonObject,
  { receipt, ctx, list }: AnchoredReceipt,
  values: AnchoredValue[],
): { entries: AnchorEntry[]; consumed?: readonly DetectedDocument[] } {
  const id = member(receipt, 'id');
  const outputHash = member(receipt, 'output_hash');
  const evidence = member(receipt, 'evidence_sha256');
  const nostr = checkNostrAnchor(
    anchor,
    {
      ...(id?.type === 'string' ? { receiptId: id.value } : {}),
      ...(outputHash?.type === 'string' && isDigest(outputHash.value, 'prefixed')
        ? { outputHash: outputHash.value }
        : {}),
      ...(evidence?.type === 'string' ? { evidenceSha256: evidence.value } : {}),
    },
    ctx,
    list,
  );
  if (nostr.envelopeDigest)
    values.push({
      label: 'SHA-256 of the Nostr anchor envelope_bytes',
      member: 'receipt.anchor.envelope_bytes',
      bytes: nostr.envelopeDigest,
    });
  return { entries: [nostr.entry], consumed: nostr.consumed };
}

/** An event supplied beside a record, checked against what the record anchors. */
export function checkSuppliedNostrEvent(
  doc: DetectedDocument,
  against: SuppliedAgainst,
  ctx: VerifyContext,
  list: CheckList,
): AnchorEntry {
  const targets: BindingTarget[] = [
    ...against.values.map((v) => containsTarget(`the ${v.label}`, v.member, [bytesToHex(v.bytes)])),
    ...against.identifiers.map((i) => containsTarget(`the ${i.label}`, i.member, [i.text], false)),
  ];
  // The receipt it is checked for, if any: an envelope for another receipt contradicts it.
  const id = against.identifiers.find((i) => i.member === 'receipt.id');
  const output = against.values.find((v) => v.member === 'receipt.output_hash');
  const receipt: EnvelopeRecord = {
    ...(id ? { receiptId: id.text } : {}),
    ...(output ? { outputHashHex: bytesToHex(output.bytes) } : {}),
  };
  return checkSuppliedEvent(doc, targets, receipt, against.unmatched, ctx, list);
}
