/** Anchor material verified on its own or beside its record (spec §5): Nostr events, .ots proofs, block headers. */
import { verifyAnchorDocument } from '../anchor/verify-anchor-document';
import { OTS_MAGIC, startsWith } from '../anchor/ots/magic';
import { parseOts, startDigestHex } from '../anchor/ots/parse';
import { stringMember } from '../json/ast';
import { objectWithMembers, type KindDescriptor } from './kind';
import { KIND_LABELS } from '../model/kinds';

const NIP01_MEMBERS = ['id', 'pubkey', 'created_at', 'kind', 'tags', 'content', 'sig'];

export const NOSTR_EVENT_KIND: KindDescriptor = {
  kind: 'nostr-event',
  label: KIND_LABELS['nostr-event'],
  accepts: 'a Nostr event',
  recogniseJson: [objectWithMembers(70, NIP01_MEMBERS, 'object with the NIP-01 event members')],
  role: 'material',
  joins: (doc) => {
    const id = doc.root?.type === 'object' ? stringMember(doc.root, 'id') : undefined;
    return id !== undefined ? [`event:${id}`] : [];
  },
  verify: verifyAnchorDocument,
};

export const OTS_PROOF_KIND: KindDescriptor = {
  kind: 'ots-proof',
  label: KIND_LABELS['ots-proof'],
  accepts: 'an OpenTimestamps .ots proof',
  recogniseBytes: (bytes) =>
    startsWith(bytes, OTS_MAGIC) ? 'starts with the OpenTimestamps proof magic' : undefined,
  role: 'material',
  joins: (doc) => {
    const parsed = parseOts(doc.bytes);
    return parsed.ok ? [`anchorable:${startDigestHex(parsed.proof)}`] : [];
  },
  verify: verifyAnchorDocument,
};

export const BLOCK_HEADER_KIND: KindDescriptor = {
  kind: 'block-header',
  label: KIND_LABELS['block-header'],
  accepts: 'an 80-byte Bitcoin block header in hex',
  recogniseText: (trimmed) =>
    /^(0x)?[0-9a-fA-F]{160}$/.test(trimmed) ? '160 hex digits: an 80-byte block header' : undefined,
  role: 'material',
  followsProofs: true,
  verify: verifyAnchorDocument,
};
