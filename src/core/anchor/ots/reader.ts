/**
 * Bounded reader for the OpenTimestamps serialisation. Every read names what it expected, so a
 * short or hostile file gives "truncated at byte N: expected …" instead of an exception from a
 * typed-array access. Offsets are 0-based byte positions in the proof file.
 */
import { OTS_MAX_VARUINT_BYTES } from '../../bounds';

export class OtsParseError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'OtsParseError';
  }
}

export class ByteReader {
  pos = 0;

  /** `base`: file offset of `bytes[0]`, so errors inside a payload name file offsets. */
  constructor(
    readonly bytes: Uint8Array,
    private readonly base = 0,
  ) {}

  /** File offset of the next byte. */
  get offset(): number {
    return this.base + this.pos;
  }

  get atEnd(): boolean {
    return this.pos >= this.bytes.length;
  }

  readByte(what: string): number {
    const value = this.bytes[this.pos];
    if (value === undefined) throw this.truncated(what);
    this.pos++;
    return value;
  }

  readBytes(length: number, what: string): Uint8Array {
    if (this.pos + length > this.bytes.length) throw this.truncated(what);
    const out = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }

  /** Unsigned LEB128, as python-opentimestamps writes it. */
  readVaruint(what: string): number {
    const start = this.offset;
    let value = 0;
    let scale = 1;
    for (let i = 0; i < OTS_MAX_VARUINT_BYTES; i++) {
      const b = this.readByte(what);
      value += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) {
        if (!Number.isSafeInteger(value))
          throw new OtsParseError(`${what} is too large at byte ${start}`, start);
        return value;
      }
      scale *= 128;
    }
    throw new OtsParseError(`${what} is too large at byte ${start}`, start);
  }

  /** Length-prefixed bytes with the reference implementation's bounds. */
  readVarbytes(what: string, maxLength: number, minLength = 0): Uint8Array {
    const start = this.offset;
    const length = this.readVaruint(`length of ${what}`);
    if (length > maxLength)
      throw new OtsParseError(
        `${what} at byte ${start} is ${length} bytes long (limit ${maxLength})`,
        start,
      );
    if (length < minLength)
      throw new OtsParseError(
        `${what} at byte ${start} is ${length} bytes long (at least ${minLength} required)`,
        start,
      );
    return this.readBytes(length, what);
  }

  private truncated(what: string): OtsParseError {
    return new OtsParseError(`truncated at byte ${this.offset}: expected ${what}`, this.offset);
  }
}
