import { describe, expect, it } from 'vitest';
import { prng } from '../../../test/support/prng';
import { decodeUtf8Strict, encodeUtf8, firstInvalidUtf8Offset, utf8Length } from './utf8';

/** Node's view: valid UTF-8 is exactly what survives a decode/encode round trip unchanged. */
function nodeSaysValid(bytes: Uint8Array): boolean {
  return Buffer.from(Buffer.from(bytes).toString('utf8'), 'utf8').equals(Buffer.from(bytes));
}

describe('decodeUtf8Strict', () => {
  it.each([
    ['ASCII', [0x41, 0x42], 'AB'],
    ['two-byte é', [0xc3, 0xa9], 'é'],
    ['three-byte €', [0xe2, 0x82, 0xac], '€'],
    ['four-byte 😀', [0xf0, 0x9f, 0x98, 0x80], '😀'],
    ['last before the surrogates U+D7FF', [0xed, 0x9f, 0xbf], '\ud7ff'],
    ['first after the surrogates U+E000', [0xee, 0x80, 0x80], '\ue000'],
    ['last code point U+10FFFF', [0xf4, 0x8f, 0xbf, 0xbf], '\u{10ffff}'],
    ['smallest two-byte U+0080', [0xc2, 0x80], '\u0080'],
    ['smallest three-byte U+0800', [0xe0, 0xa0, 0x80], '\u0800'],
    ['smallest four-byte U+10000', [0xf0, 0x90, 0x80, 0x80], '\u{10000}'],
    ['a BOM is kept, not stripped', [0xef, 0xbb, 0xbf, 0x41], '\ufeffA'],
    ['NUL', [0x00], '\u0000'],
    ['empty', [], ''],
  ] as const)('accepts %s', (_name, bytes, text) => {
    const input = new Uint8Array(bytes);
    expect(decodeUtf8Strict(input)).toEqual({ ok: true, text });
    expect(firstInvalidUtf8Offset(input)).toBe(input.length);
    expect(encodeUtf8(text)).toEqual(input);
  });

  it.each([
    ['lone continuation byte', [0x80], 0],
    ['0xFF', [0xff], 0],
    ['0xFE', [0x41, 0xfe], 1],
    ['C0 lead (always overlong)', [0x41, 0xc0, 0xaf], 1],
    ['C1 lead (always overlong)', [0xc1, 0xbf], 0],
    ['overlong three-byte "/"', [0xe0, 0x80, 0xaf], 0],
    ['overlong three-byte U+07FF', [0x41, 0x41, 0xe0, 0x9f, 0xbf], 2],
    ['overlong four-byte', [0xf0, 0x80, 0x80, 0xaf], 0],
    ['overlong four-byte U+FFFF', [0xf0, 0x8f, 0xbf, 0xbf], 0],
    ['high surrogate U+D800', [0x41, 0xed, 0xa0, 0x80], 1],
    ['low surrogate U+DFFF', [0xed, 0xbf, 0xbf], 0],
    ['CESU-8 surrogate pair', [0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80], 0],
    ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['F5 lead', [0xf5, 0x80, 0x80, 0x80], 0],
    ['truncated at the end', [0x41, 0x42, 0xe2, 0x82], 2],
    ['two-byte lead at the end', [0xc2], 0],
    ['continuation missing mid-text', [0x41, 0xc2, 0x41], 1],
    ['bad second byte', [0xe2, 0x28, 0xa1], 0],
    ['bad third byte', [0x61, 0xe2, 0x82, 0x28], 1],
    ['bad fourth byte', [0xf0, 0x9f, 0x98, 0x41], 0],
    ['valid text then one bad byte', [0xe2, 0x82, 0xac, 0xc3, 0xa9, 0x80], 5],
  ] as const)('rejects %s at offset %i', (_name, bytes, offset) => {
    const input = new Uint8Array(bytes);
    expect(decodeUtf8Strict(input)).toEqual({ ok: false, offset });
    expect(firstInvalidUtf8Offset(input)).toBe(offset);
    expect(nodeSaysValid(input)).toBe(false);
  });

  it('agrees with Node on random byte strings, and the prefix before the offset is valid', () => {
    const random = prng(0x07f8);
    const int = (n: number): number => Math.floor(random() * n);
    // Mostly well-formed UTF-8 of mixed widths, with occasional damage.
    const pieces = ['A', 'é', '€', '😀', '\ud7ff', '\ue000', '\u{10ffff}', '\u0080'];
    let invalid = 0;
    for (let i = 0; i < 10_000; i++) {
      const parts: number[] = [];
      const count = int(8);
      for (let k = 0; k < count; k++)
        parts.push(...encodeUtf8(pieces[int(pieces.length)] as string));
      const damage = int(3);
      for (let k = 0; k < damage; k++) {
        const at = int(parts.length + 1);
        if (random() < 0.5) parts.splice(at, 1);
        else parts.splice(at, 0, int(256));
      }
      const bytes = new Uint8Array(parts);
      const result = decodeUtf8Strict(bytes);
      const offset = firstInvalidUtf8Offset(bytes);
      expect(result.ok, Buffer.from(bytes).toString('hex')).toBe(nodeSaysValid(bytes));
      expect(offset === bytes.length).toBe(result.ok);
      if (!result.ok) {
        invalid++;
        expect(result.offset).toBe(offset);
        expect(decodeUtf8Strict(bytes.subarray(0, offset)).ok).toBe(true);
        // Node replaces the first bad sequence with U+FFFD at that place.
        const before = Buffer.from(bytes.subarray(0, offset)).toString('utf8');
        expect(
          Buffer.from(bytes)
            .toString('utf8')
            .startsWith(before + '\ufffd'),
        ).toBe(true);
      }
    }
    expect(invalid).toBeGreaterThan(1000);
  });
});

describe('utf8Length', () => {
  it('is the length TextEncoder writes, for any slice of any text (lone surrogates included)', () => {
    const random = prng(7);
    const alphabet = [
      'a',
      '\u007f',
      '\u0080',
      'é',
      '\u07ff',
      '\u0800',
      '€',
      '\uffff',
      '😀',
      '\ud800',
      '\udc00',
    ];
    for (let n = 0; n < 500; n++) {
      let text = '';
      const length = Math.floor(random() * 12);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      const start = Math.floor(random() * (text.length + 1));
      const end = start + Math.floor(random() * (text.length - start + 1));
      expect(utf8Length(text, start, end), JSON.stringify([text, start, end])).toBe(
        encodeUtf8(text.slice(start, end)).length,
      );
    }
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('😀', 0, 1)).toBe(3);
  });

  it('a whole text, ASCII or not, and whole texts of the random alphabet', () => {
    expect(utf8Length('x'.repeat(100_000))).toBe(100_000);
    expect(utf8Length('x'.repeat(100_000) + '\u007f')).toBe(100_001);
    expect(utf8Length('x'.repeat(100_000) + '\u0080')).toBe(100_002);
    expect(utf8Length('\ud800' + 'x'.repeat(10))).toBe(13);
    expect(utf8Length('')).toBe(0);
  });
});
