import { describe, expect, it } from 'vitest';
import { JSON_RECOGNISERS, KINDS } from './registry';
import { KIND_LABELS } from '../model/kinds';

describe('the kind registry', () => {
  it('gives every JSON recogniser its own rank, so precedence is never a tie', () => {
    const ranks = JSON_RECOGNISERS.map((r) => r.rank);
    expect(new Set(ranks).size).toBe(ranks.length);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('has, for every kind, a way to be verified and a label', () => {
    for (const [kind, descriptor] of Object.entries(KINDS)) {
      expect(descriptor.kind, kind).toBe(kind);
      expect(KIND_LABELS[descriptor.kind], kind).toMatch(/\S/);
      if (kind === 'unknown') expect(descriptor.verify).toBeUndefined();
      else expect(Boolean(descriptor.verify) !== Boolean(descriptor.members), kind).toBe(true);
    }
  });

  it('lets all material join something, since material is verified beside its record', () => {
    for (const descriptor of Object.values(KINDS)) {
      if (descriptor.role === 'material')
        expect(Boolean(descriptor.joins || descriptor.followsProofs), descriptor.kind).toBe(true);
    }
  });
});
