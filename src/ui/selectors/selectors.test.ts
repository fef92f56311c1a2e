import { describe, expect, it } from 'vitest';
import { provenanceBadge } from './provenance';
import { statusTone, verdictTone } from './verdict';

describe('verdict and status tones', () => {
  it('gives each verdict its own label, icon and colour', () => {
    const tones = (['verified', 'failed', 'incomplete'] as const).map(verdictTone);
    expect(tones.map((t) => t.label)).toEqual(['Verified', 'Failed', 'Incomplete']);
    expect(new Set(tones.map((t) => t.className)).size).toBe(3);
    expect(new Set(tones.map((t) => t.icon)).size).toBe(3);
  });
  it('never dresses "unavailable" or "not checked" as a pass or a failure', () => {
    for (const status of ['unavailable', 'not_checked'] as const) {
      expect(statusTone(status).className).not.toBe(statusTone('pass').className);
      expect(statusTone(status).className).not.toBe(statusTone('fail').className);
    }
    expect(statusTone('not_checked').label).toBe('not checked');
  });
  it('calls an incomplete verdict "not a pass"', () => {
    expect(verdictTone('incomplete').explanation).toMatch(/not a pass/);
  });
});

describe('provenance badge', () => {
  it.each([
    ['EXECUTED BY ZAMBO', 'executed'],
    ['OBSERVED VIA GATEWAY', 'observed'],
    ['LOGGED BY AGENT', 'self-reported'],
    ['EXECUTED BY zambo', 'unknown'],
    ['LOGGED BY AGENT\n', 'unknown'],
    [undefined, 'unknown'],
  ])('%j is %s', (label, kind) => {
    expect(provenanceBadge(label).kind).toBe(kind);
  });
  it('keeps the class text exactly as carried', () => {
    expect(provenanceBadge('EXECUTED BY ACME-2').label).toBe('EXECUTED BY ACME-2');
    expect(provenanceBadge('EXECUTED BY ACME-2').claim).toContain('ACME-2');
  });
});
