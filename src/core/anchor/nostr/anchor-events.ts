/**
 * The anchor's event (spec §5.1), carried as anchor.event or supplied: NIP-01 id, BIP-340
 * signature, the same id and pubkey as the anchor, and something of the record in its content or
 * tags (never a contradicting envelope).
 */
import type { Place } from '../../checks';
import type { VerifyContext } from '../../context';
import type { DetectedDocument } from '../../model/document';
import { SHA256_PREFIX } from '../../encoding/digest';
import { bytesToHex } from '../../encoding/hex';
import { member, pointerOf, type JsonObject, type JsonValue } from '../../json/ast';
import { AnchorRecorder } from '../details';
import { containsTarget, envelopeTarget, type BindingTarget } from './binding';
import { unixToIso } from '../formats';
import { checkEventIntegrity, computeEventId, readNostrEvent } from './event';
import { NOSTR_RULES as N } from './rules';
import {
  eventMemberPlaces,
  readEventRecording,
  recordEventBinding,
  recordEventIntegrity,
} from './verify-event';

import type { NostrAnchorRecord, NostrAnchorResult } from './types';

/** Strongest first: the published bytes, their digest, the output hash, then the bare id. */
export function bindingTargets(
  envelopeBytes: string | undefined,
  envelopeDigest: Uint8Array | undefined,
  record: NostrAnchorRecord,
): BindingTarget[] {
  const targets: BindingTarget[] = [];
  if (envelopeBytes !== undefined)
    targets.push(envelopeTarget("the anchor's envelope_bytes", envelopeBytes));
  if (envelopeDigest)
    targets.push(
      containsTarget('the SHA-256 of envelope_bytes', 'receipt.anchor.envelope_bytes', [
        bytesToHex(envelopeDigest),
      ]),
    );
  if (record.outputHash)
    targets.push(
      containsTarget('the receipt output_hash', 'receipt.output_hash', [
        record.outputHash.slice(SHA256_PREFIX.length),
      ]),
    );
  if (record.receiptId)
    targets.push(containsTarget('the receipt id', 'receipt.id', [record.receiptId], false));
  return targets;
}

interface EventCandidate {
  node: JsonValue;
  source: string;
  /** Supplied document (absent for anchor.event). */
  doc?: DetectedDocument;
}

/** Why a relay's answer is not the event asked for, verified; undefined when it is. */
function relayAnswerProblem(
  doc: DetectedDocument,
  eventId: string,
  ctx: VerifyContext,
): string | undefined {
  if (doc.kind !== 'nostr-event' || !doc.root) return 'the answer is not a Nostr event';
  const read = readNostrEvent(doc.root);
  if (!read.ok) return `the answer is not a NIP-01 event (${read.problems[0]?.message ?? 'shape'})`;
  if (read.event.id !== eventId) return `it carries id ${read.event.id}, not the id asked for`;
  const integrity = checkEventIntegrity(read.event, ctx.hashing);
  if (!integrity.idMatches)
    return 'its id is not the NIP-01 hash of its content (the event was changed)';
  if (!integrity.signatureValid) return 'its signature does not verify';
  return undefined;
}

export function checkEvents(
  anchor: JsonObject,
  eventId: string | undefined,
  pubkey: string | undefined,
  targets: BindingTarget[],
  record: NostrAnchorRecord,
  ctx: VerifyContext,
  rec: AnchorRecorder,
  result: NostrAnchorResult,
): void {
  const candidates: EventCandidate[] = [];
  const carried = member(anchor, 'event');
  if (carried) candidates.push({ node: carried, source: 'anchor.event' });
  const others: string[] = [];
  for (const doc of ctx.supplied) {
    if (eventId !== undefined && doc.fromRelay?.eventId === eventId) {
      // What a relay sent when asked for this event: used only if it is that event, verified.
      result.consumed.push(doc);
      const problem = relayAnswerProblem(doc, eventId, ctx);
      if (problem === undefined) {
        candidates.push({ node: doc.root!, source: doc.name, doc });
        rec.duplicatesOf(doc);
      } else
        rec.withSubject(doc.name).record('unavailable', N.eventFromRelay, 'event from a relay', {
          params: { relay: doc.fromRelay.relay, problem },
          detail:
            'A relay can send anything: an answer that is not the signed event asked for is the relay’s misbehaviour and says nothing about this record. The event stays unavailable; ask another relay or supply the event JSON.',
        });
      continue;
    }
    if (doc.kind !== 'nostr-event' || !doc.root) continue;
    // An event belongs to this anchor when its declared or its recomputed id is the anchor's.
    const read = readNostrEvent(doc.root);
    const declared = read.ok ? read.event.id : undefined;
    const computed = read.ok ? computeEventId(read.event, ctx.hashing) : undefined;
    if (eventId !== undefined && (declared === eventId || computed === eventId)) {
      candidates.push({ node: doc.root, source: doc.name, doc });
      result.consumed.push(doc);
      rec.duplicatesOf(doc);
    } else {
      others.push(`${doc.name}${declared ? ` (id ${declared})` : ''}`);
    }
  }
  if (candidates.length === 0) {
    const relays = result.entry.relays?.length
      ? ` Relays named by the anchor: ${result.entry.relays.join(', ')}.`
      : '';
    rec.record('unavailable', N.event, 'event', {
      detail: `The receipt carries only event_id and pubkey, so the signature cannot be checked offline; a missing event is not evidence of forgery.${relays}${others.length ? ` Supplied events with other ids: ${others.join(', ')}.` : ''}`,
    });
    return;
  }
  for (const candidate of candidates) {
    const placeOf = (node: JsonValue): Place =>
      candidate.doc ? { pointer: pointerOf(node) } : node;
    const subject = candidate.doc?.name;
    const sub = subject === undefined ? rec : rec.withSubject(subject);
    const event = readEventRecording(candidate.node, sub, placeOf, 'anchor_verification');
    if (!event) continue;
    const place = placeOf(candidate.node);
    recordEventIntegrity(event, ctx.hashing, sub, {
      idDimension: 'anchor_verification',
      signatureDimension: 'anchor_verification',
      counts: true,
      placeOf: eventMemberPlaces(candidate.node, placeOf),
    });
    // The event must be the one the anchor names, by id and by key.
    for (const [field, actual, expected] of [
      ['event_id', event.id, eventId],
      ['pubkey', event.pubkey, pubkey],
    ] as const) {
      if (expected === undefined) continue;
      const what = field === 'event_id' ? 'event id' : 'event pubkey';
      sub.record(
        actual === expected ? 'pass' : 'fail',
        field === 'event_id' ? N.eventMatchesAnchor : N.eventPubkey,
        `${what} = anchor`,
        { place, expected, found: actual },
      );
    }
    const binding = recordEventBinding(event, targets, sub, {
      unmatched: 'fail',
      place,
      receipt: {
        ...(record.receiptId !== undefined ? { receiptId: record.receiptId } : {}),
        ...(record.outputHash !== undefined
          ? { outputHashHex: record.outputHash.slice(SHA256_PREFIX.length) }
          : {}),
      },
    });
    if (binding) {
      result.entry.binds = `this receipt (the signed event carries ${binding.target.label})`;
      result.entry.bound = [binding.target.member];
      result.entry.bindsRecord = true;
    }
    const time = unixToIso(event.created_at);
    if (time) result.entry.witnessTime = time;
  }
}
