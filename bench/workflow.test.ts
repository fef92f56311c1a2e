import { describe, expect, it } from 'vitest';
import { benchWorkflow } from './workflow';

describe('benchWorkflow', () => {
  it('runs end to end on a small workflow (smoke test; figures come from npm run bench)', async () => {
    const result = await benchWorkflow(1000, 1);
    expect(result.verdict).toBe('verified');
    expect(result.steps).toBe(1000);
    expect(result.verifyMs).toBeGreaterThan(0);
    expect(result.floorMs).toBeGreaterThan(0);
    expect(result.ratio).toBeGreaterThan(0);
  });
});
