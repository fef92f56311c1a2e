import { describe, expect, it } from 'vitest';
import { DUPLICATE_MEMBER_CAP } from './bounds';
import { verify } from './verify';

describe('duplicate member names: one check each up to a cap, then one "N more" check', () => {
  it('a receipt with 100,000 repeated names yields cap + 1 checks, not 100,000', async () => {
    const count = 100_000;
    const body = Array.from({ length: count + 1 }, () => '"x":1').join(',');
    const started = Date.now();
    const report = await verify({ name: 'bomb.json', text: `{${body}}` });
    const checks = report.checks.filter((c) => c.rule === 'json.duplicate_member');
    expect(checks).toHaveLength(DUPLICATE_MEMBER_CAP + 1);
    expect(checks.every((c) => c.status === 'fail')).toBe(true);
    expect(checks[0]).toMatchObject({ path: '/x' });
    expect(checks.at(-1)?.message).toBe(
      `${count - DUPLICATE_MEMBER_CAP} more duplicate member names break rule json.duplicate_member (${count} in all)`,
    );
    expect(report.verdict).toBe('failed');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('under the cap every duplicate is its own check and there is no summary', async () => {
    const report = await verify({ name: 'few.json', text: '{"a":1,"a":2,"b":1,"b":2}' });
    const checks = report.checks.filter((c) => c.rule === 'json.duplicate_member');
    expect(checks.map((c) => c.path)).toEqual(['/a', '/b']);
  });
});
