import { describe, expect, it } from 'vitest';
import { hasVersion4Digits, isLowercaseUuid, isUuidV4 } from './uuid';

const V4 = 'f9bc7581-7a1c-4a63-8316-c0c4386d80ec';
const V1 = 'f9bc7581-7a1c-1a63-8316-c0c4386d80ec';

describe('UUIDs as receipts write them', () => {
  const cases: [string, boolean, boolean][] = [
    // text, a lowercase UUID (§2.1), and of version 4 with the RFC 4122 variant (§2.2)
    [V4, true, true],
    [V1, true, false],
    ['f9bc7581-7a1c-4a63-c316-c0c4386d80ec', true, false],
    ['f9bc7581-7a1c-4a63-b316-c0c4386d80ec', true, true],
    ['00000000-0000-0000-0000-000000000000', true, false],
    [V4.toUpperCase(), false, false],
    [V4.replace('f9bc', 'F9bc'), false, false],
    [V4.replace(/-/g, ''), false, false],
    [`${V4} `, false, false],
    [` ${V4}`.slice(0, 36), false, false],
    [`{${V4}}`, false, false],
    [V4.replace('7a1c-', '7a1c_'), false, false],
    [V4.replace('-7a1c-', '7-a1c-'), false, false],
    [V4.slice(0, -1) + 'g', false, false],
    [V4.slice(0, -1) + '\uff41', false, false],
    [V4.slice(0, -1), false, false],
    ['', false, false],
  ];
  it.each(cases)('%j', (text, lowercase, v4) => {
    expect(isLowercaseUuid(text)).toBe(lowercase);
    expect(isUuidV4(text)).toBe(v4);
    // The regular expressions these replace, as the spec writes the forms.
    expect(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(text)).toBe(
      lowercase,
    );
    expect(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(text)).toBe(
      v4,
    );
  });

  it('reads the version and variant digits of a lowercase UUID', () => {
    expect(hasVersion4Digits(V4)).toBe(true);
    expect(hasVersion4Digits(V1)).toBe(false);
  });
});
