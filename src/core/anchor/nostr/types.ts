/** What a receipt's Nostr anchor is checked against, and what checking it found. */
import type { DetectedDocument } from '../../model/document';
import type { AnchorEntry } from '../details';

export interface NostrAnchorRecord {
  /** The receipt `id` string, when it is a string. */
  receiptId?: string;
  /** The receipt's declared `output_hash` ("sha256:<hex>"), when well formed. */
  outputHash?: string;
  /** The receipt's `evidence_sha256` ("sha256:<hex>"), when present. */
  evidenceSha256?: string;
}

export interface NostrAnchorResult {
  entry: AnchorEntry;
  /** Supplied event documents this anchor used (not to be checked again). */
  consumed: DetectedDocument[];
  /** SHA-256 of the envelope bytes, a value an OpenTimestamps proof may timestamp. */
  envelopeDigest?: Uint8Array;
}
