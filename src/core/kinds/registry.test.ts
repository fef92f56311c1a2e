import { describe, expect, it } from 'vitest';
import { ANCHOR_MATERIAL_KINDS, KIND_LABELS } from '../model/kinds';
import { KIND_RULES_LOADED_ON_DEMAND, RULE_CATALOGUE } from '../rules/catalogue';
import { JSON_RECOGNISERS, KINDS } from './registry';

describe('the kind registry', () => {
  it('has a descriptor for every kind model/kinds.ts names, in its order', () => {
    expect(Object.keys(KINDS)).toEqual(Object.keys(KIND_LABELS));
    for (const [kind, descriptor] of Object.entries(KINDS)) expect(descriptor.kind).toBe(kind);
  });

  it('gives every JSON recogniser its own rank, so precedence is never a tie', () => {
    const ranks = JSON_RECOGNISERS.map((r) => r.rank);
    expect(new Set(ranks).size).toBe(ranks.length);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('has, for every kind, a way to be verified and a label', () => {
    for (const [kind, descriptor] of Object.entries(KINDS)) {
      expect(KIND_LABELS[descriptor.kind], kind).toMatch(/\S/);
      if (kind === 'unknown') expect(descriptor.verify).toBeUndefined();
      else expect(Boolean(descriptor.verify) !== Boolean(descriptor.members), kind).toBe(true);
    }
  });

  it('has, for every kind but an anchor type’s (anchor/registry.test.ts), its rules in the catalogue', () => {
    const catalogued = new Set(RULE_CATALOGUE);
    for (const descriptor of Object.values(KINDS)) {
      if (ANCHOR_MATERIAL_KINDS.has(descriptor.kind)) continue;
      const tables = [
        ...(descriptor.rules ?? []),
        ...(KIND_RULES_LOADED_ON_DEMAND[descriptor.kind] ?? []),
      ];
      expect(tables.length, `${descriptor.kind} names no rule table`).toBeGreaterThan(0);
      for (const table of tables)
        for (const rule of Object.values(table)) expect(catalogued.has(rule), rule.id).toBe(true);
    }
  });

  it('lets all material join something, since material is verified beside its record', () => {
    for (const descriptor of Object.values(KINDS)) {
      if (descriptor.role === 'material')
        expect(Boolean(descriptor.joins || descriptor.follows), descriptor.kind).toBe(true);
    }
  });
});
