import { describe, expect, it } from 'vitest';
import { ANCHOR_TYPES } from '../model/kinds';
import { ANCHOR_RULES_LOADED_ON_DEMAND, RULE_CATALOGUE } from '../rules/catalogue';
import { ANCHORS, MEMBER_ANCHORS, SUPPLIED_ANCHORS } from './registry';

describe('the anchor registry', () => {
  it('has a descriptor for every anchor type model/kinds.ts names, with the kinds it names', () => {
    expect(Object.keys(ANCHORS)).toEqual(Object.keys(ANCHOR_TYPES));
    for (const [name, anchor] of Object.entries(ANCHORS)) {
      expect(anchor.name).toBe(name);
      expect(Object.keys(anchor.kinds), name).toEqual([
        ...ANCHOR_TYPES[name as keyof typeof ANCHOR_TYPES],
      ]);
      for (const [kind, descriptor] of Object.entries(anchor.kinds))
        expect(descriptor.kind, name).toBe(kind);
    }
  });

  it('has, for every anchor type, its rules in the catalogue and a vectors folder', () => {
    const catalogued = new Set(RULE_CATALOGUE);
    for (const anchor of Object.values(ANCHORS)) {
      const tables = [
        ...(anchor.rules ?? []),
        ...Object.values(anchor.kinds).flatMap((kind) => kind.rules ?? []),
        ...(ANCHOR_RULES_LOADED_ON_DEMAND[anchor.name] ?? []),
      ];
      expect(tables.length, `${anchor.name} names no rule table`).toBeGreaterThan(0);
      for (const table of tables)
        for (const rule of Object.values(table)) expect(catalogued.has(rule), rule.id).toBe(true);
      expect(anchor.vectors, anchor.name).toMatch(/\S/);
    }
  });

  it('lets every anchor type be found: as a member, as supplied material, or as a document', () => {
    for (const anchor of Object.values(ANCHORS))
      expect(
        Boolean(anchor.member || anchor.supplied || Object.keys(anchor.kinds).length),
        anchor.name,
      ).toBe(true);
  });

  it('gives every member and supplied check its own rank, so the order is never a tie', () => {
    const memberRanks = MEMBER_ANCHORS.map((a) => a.member!.rank);
    expect(new Set(memberRanks).size).toBe(memberRanks.length);
    const suppliedRanks = SUPPLIED_ANCHORS.map((s) => s.rank);
    expect(new Set(suppliedRanks).size).toBe(suppliedRanks.length);
  });
});
