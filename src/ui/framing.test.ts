import { describe, expect, it } from 'vitest';
import { isFramed } from './framing';

describe('framing', () => {
  it('is framed when the top window is another one, or cannot be read', () => {
    const self = {};
    expect(isFramed({ self, top: self })).toBe(false);
    expect(isFramed({ self, top: {} })).toBe(true);
    const hostile = {
      self,
      get top(): unknown {
        throw new Error('cross-origin');
      },
    };
    expect(isFramed(hostile)).toBe(true);
  });
});
