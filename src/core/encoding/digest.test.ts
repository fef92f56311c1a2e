import { describe, expect, it } from 'vitest';
import {
  isDigest,
  lenientDigestHex,
  parseDigest,
  parseDigestBytes,
  prefixedDigest,
  type DigestForm,
} from './digest';

const HEX = 'c2258bdf9c34813a70166bc0e2d79b167f22f51a0adb67e218b5c868b911dca7';

describe('digest forms', () => {
  const cases: [string, DigestForm, string | undefined][] = [
    [`sha256:${HEX}`, 'prefixed', HEX],
    [HEX, 'prefixed', undefined],
    [`sha256-${HEX}`, 'prefixed', undefined],
    [`SHA256:${HEX}`, 'prefixed', undefined],
    [`sha256:${HEX.toUpperCase()}`, 'prefixed', undefined],
    [`sha256:${HEX}\n`, 'prefixed', undefined],
    [HEX, 'bare', HEX],
    [`sha256:${HEX}`, 'bare', undefined],
    [HEX.slice(1), 'bare', undefined],
    [`sha256-${HEX}`, 'hyphenated', HEX],
    [`sha256:${HEX}`, 'hyphenated', undefined],
    [HEX, 'bare-or-prefixed', HEX],
    [`sha256:${HEX}`, 'bare-or-prefixed', HEX],
    [`sha256-${HEX}`, 'bare-or-prefixed', undefined],
    [`sha256:${HEX}`.slice(0, -1) + 'g', 'prefixed', undefined],
    [`sha256:${HEX.slice(1)}`, 'prefixed', undefined],
    [`sha256:${HEX}0`, 'prefixed', undefined],
    [`xsha256:${HEX}`.slice(1, -1), 'prefixed', undefined],
    [`sha256:sha256:${HEX}`, 'bare-or-prefixed', undefined],
    [HEX.slice(0, -1) + '\uff41', 'bare', undefined],
    [HEX.slice(0, -1) + 'A', 'bare-or-prefixed', undefined],
    [`sha256:${HEX.slice(0, 63)}`, 'bare-or-prefixed', undefined],
    ['', 'bare', undefined],
    ['sha256:', 'prefixed', undefined],
  ];
  it.each(cases)('%s as %s', (text, form, hex) => {
    expect(parseDigest(text, form)).toBe(hex);
    expect(isDigest(text, form)).toBe(hex !== undefined);
    expect(parseDigestBytes(text, form)?.length).toBe(hex === undefined ? undefined : 32);
  });

  it('writes and reads the prefixed form', () => {
    expect(prefixedDigest(HEX)).toBe(`sha256:${HEX}`);
    expect(lenientDigestHex(`SHA256:${HEX.toUpperCase()}`)).toBe(HEX);
  });
});
