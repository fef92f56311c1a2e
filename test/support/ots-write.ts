/**
 * A small serialiser for OpenTimestamps proofs, used to build test vectors (hostile and edge
 * cases the public examples do not cover). The format's constants are written out here from
 * the OpenTimestamps format (python-opentimestamps), not imported from the parser under test.
 */

/** The file header magic: "\0OpenTimestamps\0\0Proof\0" and eight fixed bytes. */
const OTS_MAGIC = [
  0x00, 0x4f, 0x70, 0x65, 0x6e, 0x54, 0x69, 0x6d, 0x65, 0x73, 0x74, 0x61, 0x6d, 0x70, 0x73, 0x00,
  0x00, 0x50, 0x72, 0x6f, 0x6f, 0x66, 0x00, 0xbf, 0x89, 0xe2, 0xe8, 0x84, 0xe8, 0x92, 0x94,
];

/** Attestation tags (8 bytes each) of the Bitcoin block-header and pending-calendar notaries. */
const BITCOIN_TAG = '0588960d73d71901';
const PENDING_TAG = '83dfe30d2ef90c8e';

export function varuint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  do {
    let b = v % 128;
    v = Math.floor(v / 128);
    if (v > 0) b |= 0x80;
    out.push(b);
  } while (v > 0);
  return out;
}

export function varbytes(bytes: ArrayLike<number>): number[] {
  return [...varuint(bytes.length), ...Array.from(bytes)];
}

/** Magic, version 1, file hash op (sha256 by default) and the start digest. */
export function otsHeader(startDigest: Uint8Array, fileHashTag = 0x08): number[] {
  return [...OTS_MAGIC, 0x01, fileHashTag, ...startDigest];
}

export function append(arg: ArrayLike<number>): number[] {
  return [0xf0, ...varbytes(arg)];
}

export function prepend(arg: ArrayLike<number>): number[] {
  return [0xf1, ...varbytes(arg)];
}

function tag(hex: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
  return bytes;
}

export function bitcoinAttestation(height: number): number[] {
  return [0x00, ...tag(BITCOIN_TAG), ...varbytes(varuint(height))];
}

export function pendingAttestation(uri: string): number[] {
  return [0x00, ...tag(PENDING_TAG), ...varbytes(varbytes(new TextEncoder().encode(uri)))];
}

export function attestation(tagHex: string, payload: ArrayLike<number>): number[] {
  return [0x00, ...tag(tagHex), ...varbytes(payload)];
}

export function proofBytes(...parts: number[][]): Uint8Array {
  return new Uint8Array(parts.flat());
}
