/**
 * A small serialiser for OpenTimestamps proofs, used to build test vectors (hostile and edge
 * cases the public examples do not cover). Mirrors the parser's layout.
 */
import { OTS_MAGIC } from '../../src/core/detect';
import { hexToBytes } from '../../src/core/encoding/hex';
import { ATTESTATION_TAGS } from '../../src/core/anchor/ots/attestations';

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
  return Array.from(hexToBytes(hex) as Uint8Array);
}

export function bitcoinAttestation(height: number): number[] {
  return [0x00, ...tag(ATTESTATION_TAGS.bitcoin), ...varbytes(varuint(height))];
}

export function pendingAttestation(uri: string): number[] {
  return [
    0x00,
    ...tag(ATTESTATION_TAGS.pending),
    ...varbytes(varbytes(new TextEncoder().encode(uri))),
  ];
}

export function attestation(tagHex: string, payload: ArrayLike<number>): number[] {
  return [0x00, ...tag(tagHex), ...varbytes(payload)];
}

export function proofBytes(...parts: number[][]): Uint8Array {
  return new Uint8Array(parts.flat());
}
