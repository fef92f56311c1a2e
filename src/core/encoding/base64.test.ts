import { describe, expect, it } from 'vitest';
import { prng, randomBytes } from '../../../test/support/prng';
import {
  decodeBase64Carefully,
  decodeBase64Strict,
  decodeValidBase64,
  decodeWithNodeBuffer,
  describeBase64Problem,
  encodeBase64,
  type Base64Problem,
} from './base64';

/** Node's view, independent of our code: standard alphabet, and canonical (round-trips). */
function nodeAcceptsStrictly(text: string): boolean {
  return (
    /^[A-Za-z0-9+/]*={0,2}$/.test(text) &&
    text.length % 4 === 0 &&
    Buffer.from(text, 'base64').toString('base64') === text
  );
}

describe('encodeBase64 / decodeBase64Strict against Node Buffer', () => {
  it('agree with Buffer on random bytes of every length 0..300', () => {
    const random = prng(64);
    for (let length = 0; length <= 300; length++) {
      const bytes = randomBytes(random, length);
      const expected = Buffer.from(bytes).toString('base64');
      expect(encodeBase64(bytes)).toBe(expected);
      const decoded = decodeBase64Strict(expected);
      expect(decoded.ok).toBe(true);
      if (decoded.ok) expect(Buffer.from(decoded.bytes).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('accept exactly the texts that are standard and canonical for Node, on damaged input', () => {
    const random = prng(0xb64);
    const int = (n: number): number => Math.floor(random() * n);
    const noise = 'AQw+/=-_ \n\t.é';
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) {
      let text = Buffer.from(randomBytes(random, int(12))).toString('base64');
      const edits = int(3);
      for (let k = 0; k < edits; k++) {
        const at = int(text.length + 1);
        const r = random();
        if (r < 0.4) text = text.slice(0, at) + text.slice(at + 1);
        else if (r < 0.8) text = text.slice(0, at) + noise[int(noise.length)] + text.slice(at);
        else text = text.slice(0, at) + noise[int(noise.length)] + text.slice(at + 1);
      }
      const ours = decodeBase64Strict(text);
      expect(ours.ok, JSON.stringify(text)).toBe(nodeAcceptsStrictly(text));
      if (ours.ok) {
        accepted++;
        expect(Buffer.from(ours.bytes).equals(Buffer.from(text, 'base64'))).toBe(true);
        expect(encodeBase64(ours.bytes)).toBe(text);
      }
    }
    expect(accepted).toBeGreaterThan(1000);
  });
});

describe('decodeBase64Strict problems', () => {
  it.each([
    // [input, problem, index]
    ['QUJ', 'not-a-multiple-of-4', 3],
    ['QUJDRA=', 'not-a-multiple-of-4', 7],
    ['QUJDRA', 'not-a-multiple-of-4', 6],
    ['Q', 'not-a-multiple-of-4', 1],
    ['QU-D', 'invalid-character', 2],
    ['QU_D', 'invalid-character', 2],
    ['QU D', 'invalid-character', 2],
    ['QUJD\n', 'invalid-character', 4],
    ['QUJD\r\nRA==', 'invalid-character', 4],
    ['QUJé', 'invalid-character', 3],
    ['{"a"', 'invalid-character', 0],
    ['QUJD.', 'invalid-character', 4],
    ['QU=D', 'misplaced-padding', 2],
    ['=QUJ', 'misplaced-padding', 0],
    ['Q===', 'misplaced-padding', 1],
    ['====', 'misplaced-padding', 0],
    ['QQ==QUJD', 'misplaced-padding', 2],
    ['QR==', 'non-canonical-padding-bits', 1],
    ['QUJ=', 'non-canonical-padding-bits', 2],
    ['QUJDRB==', 'non-canonical-padding-bits', 5],
  ] as const)('%j: %s at %i', (input, problem: Base64Problem, index) => {
    expect(decodeBase64Strict(input)).toEqual({ ok: false, problem, index });
    expect(nodeAcceptsStrictly(input)).toBe(false);
  });

  it.each([
    ['', []],
    ['QQ==', [0x41]],
    ['QUI=', [0x41, 0x42]],
    ['QUJD', [0x41, 0x42, 0x43]],
    ['+/+/', [0xfb, 0xff, 0xbf]],
    ['/w==', [0xff]],
    ['AAAA', [0, 0, 0]],
  ] as const)('%j decodes', (input, bytes) => {
    expect(decodeBase64Strict(input)).toEqual({ ok: true, bytes: new Uint8Array(bytes) });
  });

  it('lenient decoders accept what the strict one rejects (why we decode by hand)', () => {
    expect(Buffer.from('QR==', 'base64')).toEqual(Buffer.from('QQ==', 'base64'));
    expect(Buffer.from('QUJD\n', 'base64').toString()).toBe('ABC');
    expect(Buffer.from('QU-D', 'base64').length).toBe(3);
    expect(atob('QUI')).toBe('AB');
  });

  it('describes each problem for people', () => {
    expect(describeBase64Problem('not-a-multiple-of-4', 122)).toBe(
      'length 122 is not a multiple of 4 (padding stripped?)',
    );
    expect(describeBase64Problem('invalid-character', 3)).toBe(
      'character at index 3 is not in the standard base64 alphabet',
    );
    expect(describeBase64Problem('misplaced-padding', 2)).toBe("'=' at index 2 is not at the end");
    expect(describeBase64Problem('non-canonical-padding-bits', 1)).toBe(
      'unused bits of the last symbol (index 1) are not zero, so re-encoding differs',
    );
  });
});

/** A short text over the base64 alphabet with the odd stray character and padding. */
function almostBase64(random: () => number): string {
  const symbols = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const strays = ['=', '=', '-', '_', ' ', '\n', 'é', '\u2028'];
  const length = Math.floor(random() * 14);
  let text = '';
  for (let i = 0; i < length; i++)
    text +=
      random() < 0.08
        ? strays[Math.floor(random() * strays.length)]!
        : symbols[Math.floor(random() * symbols.length)]!;
  if (random() < 0.3) text += random() < 0.5 ? '=' : '==';
  return text;
}

/** Each fast decoder's answer in the careful decoder's form (undefined: it leaves the text to that one). */
const FAST_DECODERS = {
  'Node Buffer': decodeWithNodeBuffer,
  'four symbols at a time': decodeValidBase64,
};

describe('fast and careful base64 decoders agree', () => {
  it.each(Object.entries(FAST_DECODERS))(
    '%s: decodes exactly what the careful decoder accepts, to the same bytes',
    (_name, decode) => {
      const random = prng(66);
      let decoded = 0;
      for (let round = 0; round < 20000; round++) {
        const text = almostBase64(random);
        const careful = decodeBase64Carefully(text);
        const fast = decode(text);
        expect(fast !== undefined, JSON.stringify(text)).toBe(careful.ok);
        if (fast && careful.ok) {
          decoded++;
          expect([...fast]).toEqual([...careful.bytes]);
        }
      }
      expect(decoded).toBeGreaterThan(1000);
    },
  );

  it('the Node Buffer decoder leaves long texts to the others', () => {
    const text = encodeBase64(new Uint8Array(4000));
    expect(text.length).toBeGreaterThan(4096);
    expect(decodeWithNodeBuffer(text)).toBeUndefined();
    expect(decodeBase64Strict(text)).toEqual({ ok: true, bytes: new Uint8Array(4000) });
  });

  it('on random texts over the alphabet, padding and strays', () => {
    const random = prng(64);
    for (let round = 0; round < 20000; round++) {
      const text = almostBase64(random);
      expect(decodeBase64Strict(text)).toEqual(decodeBase64Carefully(text));
    }
  });
  it('on the encodings of random bytes', () => {
    const random = prng(65);
    for (let round = 0; round < 2000; round++) {
      const bytes = new Uint8Array(Math.floor(random() * 40)).map(() => Math.floor(random() * 256));
      const text = encodeBase64(bytes);
      expect(decodeBase64Strict(text)).toEqual({ ok: true, bytes });
      expect(decodeBase64Carefully(text)).toEqual({ ok: true, bytes });
    }
  });
});
