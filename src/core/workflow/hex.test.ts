import { describe, expect, it } from 'vitest';
import { LOWER_HEX_64 } from '../encoding/hex';
import { LOWERCASE_UUID } from '../receipt/rules';
import { isLowerHex64, isLowercaseUuid } from './hex';

describe('char-code checks agree with the regexes', () => {
  const hex = '11c3a071051a42cbf5cf4da60a7577b1dffeb0419e6dd8a258b19c4c0d0d108e';
  const uuid = 'e80168eb-a6a1-4ec9-8478-ac108f9397ff';
  const alphabet = '0123456789abcdefABCDEFg-\n /:`@G';

  it('on fixed cases', () => {
    for (const text of [
      hex,
      hex.toUpperCase(),
      hex + '\n',
      hex.slice(1),
      '',
      uuid,
      uuid.toUpperCase(),
      uuid + '\n',
      uuid.replace(/-/g, ''),
    ]) {
      expect(isLowerHex64(text), text).toBe(LOWER_HEX_64.test(text));
      expect(isLowercaseUuid(text), text).toBe(LOWERCASE_UUID.test(text));
    }
  });

  it('on every one-character change', () => {
    for (const base of [hex, uuid]) {
      for (let at = 0; at < base.length; at++) {
        for (const ch of alphabet) {
          const text = base.slice(0, at) + ch + base.slice(at + 1);
          expect(isLowerHex64(text), text).toBe(LOWER_HEX_64.test(text));
          expect(isLowercaseUuid(text), text).toBe(LOWERCASE_UUID.test(text));
        }
      }
    }
  });
});
