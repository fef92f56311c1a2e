import { describe, expect, it } from 'vitest';
import { RULE_CATALOGUE, type Rule } from '../../../core';
import { formatReferenceOf, formatSections, sectionSlug } from './format-sections';

describe('format sections from the rule catalogue', () => {
  it('lists every section a rule names, once, with all its rules', () => {
    const sections = formatSections(RULE_CATALOGUE);
    expect(sections.map((s) => s.section).sort()).toEqual(
      [...new Set(RULE_CATALOGUE.map(formatReferenceOf))].sort(),
    );
    expect(sections.flatMap((s) => s.rules)).toHaveLength(RULE_CATALOGUE.length);
    for (const s of sections)
      for (const rule of s.rules) expect(formatReferenceOf(rule)).toBe(s.section);
    // Every slug is unique, so each section has its own address.
    expect(new Set(sections.map((s) => s.slug)).size).toBe(sections.length);
  });

  it('orders sections by their numbers and follows whatever values the catalogue holds', () => {
    const rule = (id: string, section: string): Rule => ({
      id,
      section,
      dimension: 'schema_validity',
      fail: 'x',
    });
    const sections = formatSections([
      rule('a', 'Section 10.1'),
      rule('b', 'Section 9'),
      rule('c', 'Section 9.2'),
      rule('d', 'Section 9'),
    ]);
    expect(sections.map((s) => [s.section, s.slug, s.rules.map((r) => r.id)])).toEqual([
      ['Section 9', 'Section-9', ['b', 'd']],
      ['Section 9.2', 'Section-9.2', ['c']],
      ['Section 10.1', 'Section-10.1', ['a']],
    ]);
    // A section without a known title shows its number alone.
    expect(sections[0]?.title).toBeUndefined();
    expect(formatSections([rule('e', '§2.1')])[0]?.title).toBe('Core members');
  });

  it('makes address-safe slugs', () => {
    expect(sectionSlug('§2.1')).toBe('2.1');
    expect(sectionSlug('§5')).toBe('5');
    expect(sectionSlug('Section 6.3 (-09)')).toBe('Section-6.3-09');
  });
});
