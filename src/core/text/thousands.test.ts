import { describe, expect, it } from 'vitest';
import { withThousands } from './thousands';

describe('withThousands', () => {
  it('groups a count as toLocaleString("en-US") does', () => {
    for (const count of [0, 7, 42, 999, 1000, 12_345, 999_999, 1_000_000, 48_213_707, 1e12])
      expect(withThousands(count)).toBe(count.toLocaleString('en-US'));
  });
});
