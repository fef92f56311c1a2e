/**
 * OpenTimestamps attestations: an 8-byte tag and a length-prefixed payload. Bitcoin block-header
 * and pending-calendar attestations are understood; every other tag (Litecoin, Ethereum, tags
 * nobody has registered) is kept as "unknown" with its payload, never an error.
 */
import { OTS_MAX_ATTESTATION_PAYLOAD, OTS_MAX_PENDING_URI_LENGTH } from '../../bounds';
import { bytesToHex } from '../../encoding/hex';
import { ByteReader, OtsParseError } from './reader';

export const ATTESTATION_TAGS = {
  bitcoin: '0588960d73d71901',
  pending: '83dfe30d2ef90c8e',
  litecoin: '06869a0d73d71b45',
  ethereum: '30fe8087b5c7ead7',
} as const;

/** Notaries we can name but do not verify (listed as unknown). */
const NAMED_UNVERIFIED: Record<string, string> = {
  [ATTESTATION_TAGS.litecoin]: 'Litecoin block-header attestation',
  [ATTESTATION_TAGS.ethereum]: 'Ethereum attestation',
};

/** PendingAttestation.ALLOWED_URI_CHARS in the reference implementation. */
const ALLOWED_URI = /^[A-Za-z0-9\-._/:]*$/;

export type OtsAttestation =
  | { type: 'bitcoin'; tag: string; height: number }
  | { type: 'pending'; tag: string; uri: string }
  | { type: 'unknown'; tag: string; payload: Uint8Array; notary?: string };

/** Reads tag + payload (the 0x00 marker was already read). */
export function readAttestation(reader: ByteReader): OtsAttestation {
  const tag = bytesToHex(reader.readBytes(8, 'an 8-byte attestation tag'));
  const payload = reader.readVarbytes('attestation payload', OTS_MAX_ATTESTATION_PAYLOAD);
  const payloadOffset = reader.offset - payload.length;
  const inner = new ByteReader(payload, payloadOffset);
  let attestation: OtsAttestation;
  if (tag === ATTESTATION_TAGS.bitcoin) {
    attestation = { type: 'bitcoin', tag, height: inner.readVaruint('Bitcoin block height') };
  } else if (tag === ATTESTATION_TAGS.pending) {
    const uriBytes = inner.readVarbytes('pending calendar URI', OTS_MAX_PENDING_URI_LENGTH);
    const uri = String.fromCharCode(...uriBytes);
    if (!ALLOWED_URI.test(uri)) {
      const at = inner.offset - uriBytes.length;
      throw new OtsParseError(
        `pending calendar URI at byte ${at} has a character outside A-Z a-z 0-9 - . _ / :`,
        at,
      );
    }
    attestation = { type: 'pending', tag, uri };
  } else {
    const notary = NAMED_UNVERIFIED[tag];
    return notary ? { type: 'unknown', tag, payload, notary } : { type: 'unknown', tag, payload };
  }
  if (!inner.atEnd)
    throw new OtsParseError(
      `attestation payload at byte ${payloadOffset} has ${payload.length - inner.pos} unexpected trailing bytes`,
      inner.offset,
    );
  return attestation;
}

/** Short text for people. */
export function describeAttestation(attestation: OtsAttestation): string {
  switch (attestation.type) {
    case 'bitcoin':
      return `Bitcoin block ${attestation.height}`;
    case 'pending':
      return `pending at ${attestation.uri}`;
    case 'unknown':
      return attestation.notary
        ? `${attestation.notary} (tag ${attestation.tag}), not verified by this verifier`
        : `unknown notary (tag ${attestation.tag}, ${attestation.payload.length}-byte payload)`;
  }
}
