/**
 * OpenTimestamps operations: tags, the length rules the reference implementation enforces, and
 * how each transforms the message. Lengths are checked while parsing (so a hostile proof is
 * rejected before any hashing); values are computed on replay.
 */
import { OTS_MAX_MSG_LENGTH, OTS_MAX_RESULT_LENGTH } from '../../bounds';
import { bytesToHex } from '../../encoding/hex';
import type { Hashing } from '../../hash/sha256';

export type OtsOpName =
  'append' | 'prepend' | 'reverse' | 'hexlify' | 'sha1' | 'ripemd160' | 'sha256' | 'keccak256';

export interface OtsOp {
  name: OtsOpName;
  tag: number;
  /** The argument of append/prepend. */
  arg?: Uint8Array;
  /** Byte offset of the tag in the proof file. */
  offset: number;
}

export const OP_BY_TAG: ReadonlyMap<number, OtsOpName> = new Map<number, OtsOpName>([
  [0xf0, 'append'],
  [0xf1, 'prepend'],
  [0xf2, 'reverse'],
  [0xf3, 'hexlify'],
  [0x02, 'sha1'],
  [0x03, 'ripemd160'],
  [0x08, 'sha256'],
  [0x67, 'keccak256'],
]);

export const DIGEST_LENGTH: Partial<Record<OtsOpName, number>> = {
  sha1: 20,
  ripemd160: 20,
  sha256: 32,
  keccak256: 32,
};

export function isBinaryOp(name: OtsOpName): boolean {
  return name === 'append' || name === 'prepend';
}

/**
 * Length of the result of `op` on a message of `inputLength` bytes, or the reason the reference
 * implementation would refuse it.
 */
export function resultLength(
  op: OtsOp,
  inputLength: number,
): { ok: true; length: number } | { ok: false; reason: string } {
  if (inputLength > OTS_MAX_MSG_LENGTH)
    return {
      ok: false,
      reason: `${op.name} on a ${inputLength}-byte message (limit ${OTS_MAX_MSG_LENGTH})`,
    };
  let length: number;
  switch (op.name) {
    case 'append':
    case 'prepend':
      length = inputLength + (op.arg?.length ?? 0);
      break;
    case 'reverse':
      if (inputLength === 0) return { ok: false, reason: 'reverse of an empty message' };
      length = inputLength;
      break;
    case 'hexlify':
      if (inputLength === 0) return { ok: false, reason: 'hexlify of an empty message' };
      if (inputLength > OTS_MAX_RESULT_LENGTH / 2)
        return {
          ok: false,
          reason: `hexlify of a ${inputLength}-byte message (limit ${OTS_MAX_RESULT_LENGTH / 2})`,
        };
      length = inputLength * 2;
      break;
    default:
      length = DIGEST_LENGTH[op.name] ?? 0;
  }
  if (length > OTS_MAX_RESULT_LENGTH)
    return {
      ok: false,
      reason: `${op.name} would produce ${length} bytes (limit ${OTS_MAX_RESULT_LENGTH})`,
    };
  return { ok: true, length };
}

const encoder = new TextEncoder();

/** Applies one operation. keccak256 is parsed but not computed by this verifier. */
export function applyOp(
  op: OtsOp,
  message: Uint8Array,
  hashing: Hashing,
): { ok: true; value: Uint8Array } | { ok: false; reason: string } {
  switch (op.name) {
    case 'append':
    case 'prepend': {
      const arg = op.arg ?? new Uint8Array(0);
      const out = new Uint8Array(message.length + arg.length);
      if (op.name === 'append') {
        out.set(message, 0);
        out.set(arg, message.length);
      } else {
        out.set(arg, 0);
        out.set(message, arg.length);
      }
      return { ok: true, value: out };
    }
    case 'reverse':
      return { ok: true, value: message.slice().reverse() };
    case 'hexlify':
      return { ok: true, value: encoder.encode(bytesToHex(message)) };
    case 'sha1':
      return { ok: true, value: hashing.sha1(message) };
    case 'ripemd160':
      return { ok: true, value: hashing.ripemd160(message) };
    case 'sha256':
      return { ok: true, value: hashing.sha256(message) };
    case 'keccak256':
      return {
        ok: false,
        reason: `keccak256 (byte ${op.offset}) is not computed by this verifier`,
      };
  }
}
