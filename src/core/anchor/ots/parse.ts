/**
 * Parser for detached OpenTimestamps proofs (`.ots`), written here because the npm packages need
 * Node built-ins. Layout (python-opentimestamps `DetachedTimestampFile`):
 *   magic (31 bytes) | varuint major version (1) | file hash op tag | start digest |
 *   timestamp := (0xff branch)* branch,  branch := 0x00 attestation | op timestamp
 * The parser only reads structure and tracks message lengths; hashing happens on replay. Every
 * size, the nesting depth and the number of operations are bounded, so a hostile file can
 * neither hang the verifier nor blow the stack; problems come back as values, never thrown.
 */
import { OTS_MAGIC } from './magic';
import {
  OTS_MAX_ATTESTATIONS,
  OTS_MAX_DEPTH,
  OTS_MAX_OPERATIONS,
  OTS_MAX_RESULT_LENGTH,
  OTS_PROOF_MAX_BYTES,
} from '../../bounds';
import { bytesToHex } from '../../encoding/hex';
import { readAttestation, type OtsAttestation } from './attestations';
import { DIGEST_LENGTH, isBinaryOp, OP_BY_TAG, resultLength, type OtsOp } from './ops';
import { ByteReader, OtsParseError } from './reader';

export type FileHashOp = 'sha256' | 'sha1' | 'ripemd160';
const FILE_HASH_OPS: ReadonlyMap<number, FileHashOp> = new Map<number, FileHashOp>([
  [0x08, 'sha256'],
  [0x02, 'sha1'],
  [0x03, 'ripemd160'],
]);

export interface OtsAttestationAt {
  attestation: OtsAttestation;
  /** Byte offset of the 0x00 marker. */
  offset: number;
}

export interface OtsTimestamp {
  attestations: OtsAttestationAt[];
  branches: { op: OtsOp; next: OtsTimestamp }[];
}

export interface OtsProof {
  version: number;
  fileHashOp: FileHashOp;
  startDigest: Uint8Array;
  timestamp: OtsTimestamp;
  opCount: number;
  attestationCount: number;
  byteLength: number;
}

export type OtsParseResult =
  { ok: true; proof: OtsProof } | { ok: false; message: string; offset: number };

export function parseOts(bytes: Uint8Array): OtsParseResult {
  try {
    return { ok: true, proof: new OtsParser(bytes).parse() };
  } catch (error) {
    if (error instanceof OtsParseError)
      return { ok: false, message: error.message, offset: error.offset };
    throw error;
  }
}

class OtsParser {
  private readonly reader: ByteReader;
  private opCount = 0;
  private attestationCount = 0;

  constructor(private readonly bytes: Uint8Array) {
    this.reader = new ByteReader(bytes);
  }

  parse(): OtsProof {
    const { bytes, reader } = this;
    if (bytes.length > OTS_PROOF_MAX_BYTES)
      throw new OtsParseError(`proof is ${bytes.length} bytes (limit ${OTS_PROOF_MAX_BYTES})`, 0);
    for (let i = 0; i < OTS_MAGIC.length; i++) {
      if (bytes[i] === undefined)
        throw new OtsParseError(
          `truncated at byte ${i}: expected the OpenTimestamps magic header`,
          i,
        );
      if (bytes[i] !== OTS_MAGIC[i])
        throw new OtsParseError(
          `bad magic: byte ${i} is not the OpenTimestamps proof header (not an .ots proof)`,
          i,
        );
    }
    reader.pos = OTS_MAGIC.length;
    const versionAt = reader.offset;
    const version = reader.readVaruint('the major version');
    if (version !== 1)
      throw new OtsParseError(
        `unsupported proof version ${version} at byte ${versionAt} (only version 1 is defined)`,
        versionAt,
      );
    const hashAt = reader.offset;
    const hashTag = reader.readByte('the file hash operation');
    const fileHashOp = FILE_HASH_OPS.get(hashTag);
    if (!fileHashOp) {
      const known = OP_BY_TAG.get(hashTag);
      throw new OtsParseError(
        known
          ? `file hash operation ${known} (0x${hex2(hashTag)}) at byte ${hashAt} is not supported (sha256, sha1, ripemd160 are)`
          : `unknown file hash operation 0x${hex2(hashTag)} at byte ${hashAt}`,
        hashAt,
      );
    }
    const digestLength = DIGEST_LENGTH[fileHashOp] as number;
    const startDigest = reader.readBytes(digestLength, `the ${digestLength}-byte start digest`);
    const timestamp = this.parseTimestamp(digestLength, 0);
    if (!reader.atEnd)
      throw new OtsParseError(
        `unexpected data after the end of the proof at byte ${reader.offset}`,
        reader.offset,
      );
    return {
      version,
      fileHashOp,
      startDigest,
      timestamp,
      opCount: this.opCount,
      attestationCount: this.attestationCount,
      byteLength: bytes.length,
    };
  }

  private parseTimestamp(messageLength: number, depth: number): OtsTimestamp {
    if (depth > OTS_MAX_DEPTH)
      throw new OtsParseError(
        `proof nests deeper than ${OTS_MAX_DEPTH} operations at byte ${this.reader.offset}`,
        this.reader.offset,
      );
    const timestamp: OtsTimestamp = { attestations: [], branches: [] };
    let tagAt = this.reader.offset;
    let tag = this.reader.readByte('an operation or attestation tag');
    while (tag === 0xff) {
      this.parseBranch(timestamp, messageLength, depth, this.reader.offset, this.readTag());
      tagAt = this.reader.offset;
      tag = this.readTag();
    }
    this.parseBranch(timestamp, messageLength, depth, tagAt, tag);
    return timestamp;
  }

  private readTag(): number {
    return this.reader.readByte('an operation or attestation tag');
  }

  private parseBranch(
    timestamp: OtsTimestamp,
    messageLength: number,
    depth: number,
    tagAt: number,
    tag: number,
  ): void {
    if (tag === 0x00) {
      if (++this.attestationCount > OTS_MAX_ATTESTATIONS)
        throw new OtsParseError(
          `more than ${OTS_MAX_ATTESTATIONS} attestations (at byte ${tagAt})`,
          tagAt,
        );
      timestamp.attestations.push({ attestation: readAttestation(this.reader), offset: tagAt });
      return;
    }
    const name = OP_BY_TAG.get(tag);
    if (!name)
      throw new OtsParseError(`unknown operation tag 0x${hex2(tag)} at byte ${tagAt}`, tagAt);
    if (++this.opCount > OTS_MAX_OPERATIONS)
      throw new OtsParseError(
        `more than ${OTS_MAX_OPERATIONS} operations (at byte ${tagAt})`,
        tagAt,
      );
    const op: OtsOp = { name, tag, offset: tagAt };
    if (isBinaryOp(name))
      op.arg = this.reader.readVarbytes(`${name} argument`, OTS_MAX_RESULT_LENGTH, 1);
    const length = resultLength(op, messageLength);
    if (!length.ok)
      throw new OtsParseError(`operation at byte ${tagAt} is refused: ${length.reason}`, tagAt);
    timestamp.branches.push({ op, next: this.parseTimestamp(length.length, depth + 1) });
  }
}

function hex2(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}

/** Hex of the start digest, for messages. */
export function startDigestHex(proof: OtsProof): string {
  return bytesToHex(proof.startDigest);
}
