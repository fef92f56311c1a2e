/**
 * Does a Nostr event bind a record? Its content or one of its tag values must carry something
 * of the record: the envelope bytes, a digest, the receipt id. The first target found (targets
 * are given strongest first) is reported, with where it was found.
 */
import { withoutPrefix } from '../../encoding/digest';
import { NOSTR_ENVELOPE_MAX_DEPTH } from '../../bounds';
import { parseJson } from '../../json/parse';
import { sortedCompactJsonOfNode } from '../../encoding/sorted-json';
import type { AnchoredMember } from '../details';
import type { NostrEvent } from './event';

export interface BindingTarget {
  /** e.g. "the anchor's envelope_bytes", "the receipt output_hash". */
  label: string;
  /** The same, as data. */
  member: AnchoredMember;
  matches(text: string): boolean;
  /** False for identifiers that do not commit to the bytes (a receipt id). */
  commitsToBytes: boolean;
}

export interface EventBinding {
  target: BindingTarget;
  /** "content" or "tag d" etc. */
  where: string;
}

/** Matches a text carrying `value` anywhere (hex digests, ids). */
export function containsTarget(
  label: string,
  member: AnchoredMember,
  values: string[],
  commitsToBytes = true,
): BindingTarget {
  const wanted = values.filter((v) => v.length > 0);
  return {
    label,
    member,
    commitsToBytes,
    matches: (text) => wanted.some((v) => text.includes(v)),
  };
}

/** Matches the envelope bytes verbatim, or a JSON text whose key-sorted compact form equals them. */
export function envelopeTarget(label: string, envelopeBytes: string): BindingTarget {
  return {
    label,
    member: 'receipt.anchor.envelope_bytes',
    commitsToBytes: true,
    matches: (text) => {
      if (envelopeBytes.length === 0) return false;
      if (text.includes(envelopeBytes)) return true;
      const trimmed = text.trim();
      if (!trimmed.startsWith('{')) return false;
      try {
        const root = parseJson(trimmed, { maxDepth: NOSTR_ENVELOPE_MAX_DEPTH }).root;
        return (
          sortedCompactJsonOfNode(root, 'ascii') === envelopeBytes ||
          sortedCompactJsonOfNode(root, 'utf8') === envelopeBytes
        );
      } catch {
        return false;
      }
    },
  };
}

export function findEventBinding(
  event: NostrEvent,
  targets: BindingTarget[],
): EventBinding | undefined {
  for (const target of targets) {
    if (target.matches(event.content)) return { target, where: 'content' };
    for (const tag of event.tags) {
      if (tag.slice(1).some((value) => target.matches(value)))
        return { target, where: `tag ${JSON.stringify(tag[0] ?? '')}` };
    }
  }
  return undefined;
}

/** What of a receipt an anchor envelope names: its id, and its output_hash without the prefix. */
export interface EnvelopeRecord {
  receiptId?: string;
  outputHashHex?: string;
}

/**
 * Counter-evidence: an event whose content is an anchor envelope for another record (a different
 * receipt_uuid or output_sha256) does not witness this one, whatever else it names.
 */
export function findEnvelopeContradiction(
  event: NostrEvent,
  record: EnvelopeRecord,
): string | undefined {
  const trimmed = event.content.trim();
  if (!trimmed.startsWith('{')) return undefined;
  let root;
  try {
    root = parseJson(trimmed, { maxDepth: NOSTR_ENVELOPE_MAX_DEPTH }).root;
  } catch {
    return undefined;
  }
  if (root.type !== 'object') return undefined;
  // Every occurrence of a name written twice: a parser keeping the first would read the other.
  const members = root.members;
  const written = (name: string) =>
    members.flatMap((m) => (m.name === name && m.value.type === 'string' ? [m.value.value] : []));
  const { receiptId, outputHashHex } = record;
  const otherId = written('receipt_uuid').find((id) => receiptId !== undefined && id !== receiptId);
  if (otherId !== undefined)
    return `its content is an envelope for receipt ${otherId}, not ${receiptId}`;
  // Compared as carried (minus the prefix): any other text here is a contradiction too.
  const otherOutput = written('output_sha256')
    .map(withoutPrefix)
    .find((hex) => outputHashHex !== undefined && hex !== outputHashHex);
  if (otherOutput !== undefined)
    return `its content commits to output_sha256 ${otherOutput}, not this receipt's ${outputHashHex}`;
  return undefined;
}
