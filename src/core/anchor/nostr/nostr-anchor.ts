/**
 * The Nostr anchor of live reference receipts (spec §5.1, `zambo-receipt-anchor/1`):
 * { event_id, pubkey, relays, status, published_at, schema_version, envelope, envelope_bytes }.
 * Offline: envelope_bytes is the key-sorted compact JSON of envelope, and the envelope names this
 * receipt and its output hash. With the event (carried as `anchor.event` or supplied): NIP-01 id,
 * BIP-340 signature, same id/pubkey as the anchor, and the event carries something of the record.
 */
import type { VerifyContext } from '../../context';
import { describeType, member, type JsonObject } from '../../json/ast';
import type { CheckList } from '../../checks';
import { AnchorRecorder, type AnchorEntry } from '../details';
import type { NostrAnchorRecord, NostrAnchorResult } from './types';
import { NOSTR_RULES as N } from './rules';
import { checkAnchorMetadata, hexMember } from './anchor-members';
import { bindingTargets, checkEvents } from './anchor-events';
import { checkEnvelopeBindsReceipt, checkEnvelopeBytes, checkEnvelopeEvidence } from './envelope';

export { EVENT_NOT_SUPPLIED } from './rules';

/** What the anchor is checked against. */

export function checkNostrAnchor(
  anchor: JsonObject,
  record: NostrAnchorRecord,
  ctx: VerifyContext,
  list: CheckList,
): NostrAnchorResult {
  const entry: AnchorEntry = {
    kind: 'nostr',
    binds: 'not established',
    bound: [],
    bindsRecord: false,
    source: 'receipt anchor member',
    steps: [],
  };
  const rec = new AnchorRecorder(list, entry, 'anchor_verification', anchor);
  const result: NostrAnchorResult = { entry, consumed: [] };

  const eventId = hexMember(anchor, 'event_id', rec);
  const pubkey = hexMember(anchor, 'pubkey', rec);
  if (eventId) entry.eventId = eventId;
  if (pubkey) entry.pubkey = pubkey;
  checkAnchorMetadata(anchor, rec, entry);

  const envelope = member(anchor, 'envelope');
  let envelopeBytes: string | undefined;
  if (!envelope) {
    rec.record('info', N.envelope, 'envelope', {
      detail: 'Only the event itself can show what was published.',
    });
  } else if (envelope.type !== 'object') {
    rec.record('fail', N.envelope, 'envelope', {
      place: envelope,
      found: describeType(envelope),
    });
  } else {
    envelopeBytes = checkEnvelopeBytes(anchor, envelope, rec);
    if (checkEnvelopeBindsReceipt(envelope, record, rec)) {
      entry.binds = 'this receipt (its envelope names the receipt id and output_hash)';
      entry.bound = ['receipt.id', 'receipt.output_hash'];
      entry.bindsRecord = true;
    }
    checkEnvelopeEvidence(envelope, record, ctx, rec);
    if (envelopeBytes !== undefined) result.envelopeDigest = ctx.hashing.sha256(envelopeBytes);
  }

  const targets = bindingTargets(envelopeBytes, result.envelopeDigest, record);
  checkEvents(anchor, eventId, pubkey, targets, record, ctx, rec, result);
  return result;
}
