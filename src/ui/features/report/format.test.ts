import { describe, expect, it } from 'vitest';
import { formatBytes, hexDump, prettyJson } from './format';

describe('byte presentation', () => {
  it('dumps offset, hex and printable ASCII', () => {
    const dump = hexDump(new TextEncoder().encode('{"a":1}\n\u00ff'));
    expect(dump).toBe('00000000  7b 22 61 22 3a 31 7d 0a c3 bf                    {"a":1}...');
  });
  it('says how many bytes were left out', () => {
    expect(hexDump(new Uint8Array(40), 32).split('\n').pop()).toBe('… 8 more bytes');
  });
  it('pretty-prints JSON payloads and leaves other text alone', () => {
    expect(prettyJson('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(prettyJson('plain text')).toBeUndefined();
  });
  it('formats sizes', () => {
    expect(formatBytes(91)).toBe('91 bytes');
    expect(formatBytes(2048)).toBe('2.0 KiB');
  });
});
