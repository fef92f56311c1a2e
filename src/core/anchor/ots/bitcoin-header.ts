/**
 * Bitcoin block headers (80 bytes): version u32le | previous hash | merkle root | time u32le |
 * bits u32le | nonce u32le. The block hash is double SHA-256, compared and printed the way
 * explorers do (byte-reversed). Proof of work: the hash read as a little-endian integer must be
 * at most the target encoded by `bits`, and that target must not exceed mainnet's limit: a header
 * with a regtest-style target (bits 0x207fffff) costs nothing to forge.
 */
import { MIN_EVIDENCE_WORK_BITS } from '../../bounds';
import { bytesToHex, hexToBytes } from '../../encoding/hex';
import type { Hashing } from '../../hash/sha256';
import { unixToIso } from '../formats';

export const BLOCK_HEADER_LENGTH = 80;
/** Mainnet proof-of-work limit (bits 0x1d00ffff, difficulty 1). */
export const MAINNET_POW_LIMIT = 0xffffn << 208n;

/** log2 of the expected hashes per block at the end of each year (mainnet difficulty × 2^32). */
const WORK_BITS_BY_YEAR: readonly (readonly [number, number])[] = [
  [2009, 32],
  [2010, 46],
  [2011, 52],
  [2012, 53.5],
  [2013, 62],
  [2014, 67],
  [2015, 68.5],
  [2016, 70],
  [2017, 72.7],
  [2018, 74.4],
  [2019, 75.6],
  [2020, 76],
  [2021, 76.5],
  [2022, 77],
  [2023, 78],
  [2024, 78.6],
  [2025, 79],
];

/** log2 of the expected number of hashes to meet `target`: 2^256 / (target + 1). */
export function workBits(target: bigint): number {
  return 256 - Math.log2(Number(target + 1n));
}

/**
 * "about 2^76 hashes (≈ what mining one real block cost in 2020)", or, below
 * MIN_EVIDENCE_WORK_BITS, "about 2^32 hashes (trivially cheap — not evidence)".
 */
export function describeWork(bits: number): string {
  const amount = `about 2^${Math.floor(bits)} hashes`;
  if (bits < MIN_EVIDENCE_WORK_BITS) return `${amount} (trivially cheap — not evidence)`;
  let year = WORK_BITS_BY_YEAR[0]![0];
  for (const [y, b] of WORK_BITS_BY_YEAR) if (b <= bits) year = y;
  return `${amount} (≈ what mining one real block cost in ${year})`;
}

export interface BlockHeader {
  bytes: Uint8Array;
  version: number;
  /** Previous block hash as explorers print it. */
  previousHash: string;
  /** Merkle root in internal byte order (bytes 36..68), which OpenTimestamps compares. */
  merkleRoot: Uint8Array;
  time: number;
  /** Block time as RFC 3339 UTC without fraction, e.g. 2015-05-28T15:41:18Z. */
  timeIso: string;
  bits: number;
  nonce: number;
  /** Block hash as explorers print it (reversed double SHA-256). */
  hash: string;
  proofOfWork:
    | { valid: true; target: bigint; difficulty: number; workBits: number }
    | { valid: false; reason: string; target?: bigint };
}

/** 160 hex digits (optional 0x, surrounding whitespace) to 80 bytes. */
export function parseBlockHeaderHex(
  text: string,
): { ok: true; bytes: Uint8Array } | { ok: false; problem: string } {
  const hex = text.trim().replace(/^0x/i, '');
  if (hex.length !== BLOCK_HEADER_LENGTH * 2)
    return {
      ok: false,
      problem: `a block header is 160 hex digits (80 bytes); found ${hex.length} characters`,
    };
  const bytes = hexToBytes(hex);
  if (!bytes) return { ok: false, problem: 'a block header must be hex digits only' };
  return { ok: true, bytes };
}

/** Target from the compact `bits` encoding; the sign bit and zero targets are invalid. */
export function targetFromBits(
  bits: number,
): { ok: true; target: bigint } | { ok: false; reason: string } {
  const exponent = bits >>> 24;
  const mantissa = bits & 0x007fffff;
  if (bits & 0x00800000)
    return { ok: false, reason: `bits 0x${hex8(bits)} encode a negative target` };
  const target =
    exponent <= 3
      ? BigInt(mantissa) >> BigInt(8 * (3 - exponent))
      : BigInt(mantissa) << BigInt(8 * (exponent - 3));
  if (target === 0n) return { ok: false, reason: `bits 0x${hex8(bits)} encode a zero target` };
  return { ok: true, target };
}

export function analyseBlockHeader(bytes: Uint8Array, hashing: Hashing): BlockHeader {
  if (bytes.length !== BLOCK_HEADER_LENGTH)
    throw new RangeError(`a block header is 80 bytes, not ${bytes.length}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bits = view.getUint32(72, true);
  const time = view.getUint32(68, true);
  const hashInternal = hashing.sha256(hashing.sha256(bytes));
  const header: BlockHeader = {
    bytes,
    version: view.getInt32(0, true),
    previousHash: reversedHex(bytes.subarray(4, 36)),
    merkleRoot: bytes.slice(36, 68),
    time,
    timeIso: unixToIso(time) as string,
    bits,
    nonce: view.getUint32(76, true),
    hash: reversedHex(hashInternal),
    proofOfWork: { valid: false, reason: '' },
  };
  const target = targetFromBits(bits);
  if (!target.ok) {
    header.proofOfWork = { valid: false, reason: target.reason };
  } else if (target.target > MAINNET_POW_LIMIT) {
    header.proofOfWork = {
      valid: false,
      reason: `bits 0x${hex8(bits)} give a target above the Bitcoin mainnet limit (difficulty below 1)`,
      target: target.target,
    };
  } else {
    const hashValue = BigInt('0x' + header.hash);
    header.proofOfWork =
      hashValue <= target.target
        ? {
            valid: true,
            target: target.target,
            difficulty: Number(MAINNET_POW_LIMIT) / Number(target.target),
            workBits: workBits(target.target),
          }
        : {
            valid: false,
            reason: `block hash ${header.hash} is above the target ${target.target.toString(16).padStart(64, '0')} set by bits 0x${hex8(bits)}`,
            target: target.target,
          };
  }
  return header;
}

function reversedHex(bytes: Uint8Array): string {
  return bytesToHex(bytes.slice().reverse());
}

function hex8(value: number): string {
  return value.toString(16).padStart(8, '0');
}
