import { describe, expect, it } from 'vitest';
import { RULE_CATALOGUE, ruleById } from './catalogue';
import { IMPLEMENTED_REVISIONS, REVISION_NOTES, revisionsOf } from './draft';
import { ruleOutcomes } from './rule';

/** Placeholders as ruleMessage reads them. */
const PLACEHOLDER = /<([a-z_][a-z0-9_]*)>/gi;

describe('the rule catalogue', () => {
  it('has rules', () => {
    expect(RULE_CATALOGUE.length).toBeGreaterThan(140);
  });

  it('gives every rule a unique id', () => {
    const counts = new Map<string, number>();
    for (const rule of RULE_CATALOGUE) counts.set(rule.id, (counts.get(rule.id) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1).map(([id]) => id)).toEqual([]);
    for (const rule of RULE_CATALOGUE) expect(ruleById(rule.id)).toBe(rule);
  });

  it.each(RULE_CATALOGUE.map((rule) => ({ id: rule.id, rule })))(
    '$id has a dimension, a spec section and a template for each outcome',
    ({ rule }) => {
      expect(rule.id).toMatch(/^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+$/);
      expect(rule.dimension).toMatch(/^[a-z_]+$/);
      // The draft's own numbering: a section, a subsection, or a step of one.
      expect(rule.section).toMatch(/^§\d+(\.\d+)*( steps? \d+(–\d+)?)?$/);
      if (rule.revision !== undefined) {
        expect(rule.revision).toMatch(/^-\d\d$/);
        const n = Number(rule.revision.slice(1));
        expect(n).toBeGreaterThan(0);
        expect(n).toBeLessThanOrEqual(Number(IMPLEMENTED_REVISIONS.last.slice(1)));
      }
      if (rule.origin !== undefined) expect(['kit', 'verifier']).toContain(rule.origin);
      expect(rule.reference, 'the format reference section').toMatch(/^§\d/);
      const outcomes = ruleOutcomes(rule);
      expect(outcomes.length).toBeGreaterThan(0);
      for (const status of outcomes) {
        const template = rule[status] ?? '';
        expect(template.trim().length, status).toBeGreaterThan(0);
        // Every < closes before the next <, and every > has opened: no half placeholder.
        let open = false;
        for (const char of template) {
          if (char === '<') {
            expect(open, `${status}: ${template}`).toBe(false);
            open = true;
          } else if (char === '>') {
            expect(open, `${status}: ${template}`).toBe(true);
            open = false;
          }
        }
        expect(open, `${status}: ${template}`).toBe(false);
        // Placeholder names are lowercase identifiers, as the code's params are.
        for (const match of template.matchAll(PLACEHOLDER)) {
          expect(match[1], template).toMatch(/^[a-z][a-z0-9_]*$/);
        }
      }
    },
  );

  it('says what every revision it names brought, and names no revision it has no rule of', () => {
    const named = revisionsOf(RULE_CATALOGUE).map((r) => r.revision);
    expect(named.length).toBeGreaterThan(0);
    expect(Object.keys(REVISION_NOTES).sort()).toEqual([...named].sort());
  });
});
