import { describe, expect, it } from 'vitest';
import { workerFailureText } from './failure-text';

describe('worker failure words', () => {
  it('turns raw out-of-memory engine text into what it means and what to do', () => {
    for (const raw of [
      'Array buffer allocation failed',
      'Invalid string length',
      'Data cannot be cloned, out of memory.',
      'The verification worker failed: Uncaught RangeError: Invalid array length',
    ]) {
      const text = workerFailureText(raw);
      expect(text).toMatch(/^The verification ran out of memory in this browser tab/);
      expect(text).not.toContain(raw);
    }
  });
  it('keeps other messages', () => {
    expect(workerFailureText('verification was cancelled')).toBe('verification was cancelled');
  });
});
