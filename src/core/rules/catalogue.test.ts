import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULE_CATALOGUE, ruleById } from './catalogue';
import { IMPLEMENTED_REVISIONS, REVISION_NOTES, revisionsOf } from './draft';
import { ruleOutcomes } from './rule';

/**
 * Known rules and the draft section (and revision) each comes from, as read in draft-zambo-aer1:
 * one of each kind of place a rule can name (a section, a subsection, a step of the procedure).
 */
const KNOWN_SECTIONS: readonly [id: string, section: string, revision?: string][] = [
  ['document.carried_commitment', '§4'],
  ['receipt.provenance_class.known', '§5'],
  ['receipt.output_hash.match', '§6 step 3'],
  ['chain.timeline.list', '§7', '-06'],
  ['chain.digest', '§7.1', '-07'],
  ['chain.commitment.object', '§7.3', '-09'],
  ['workflow.verify_url', '§8', '-05'],
  ['workflow.root_claim', '§8.1', '-05'],
  ['workflow.steps.seq-order', '§8.2', '-05'],
  ['chain.anchor', '§10', '-12'],
];

/**
 * The draft's subsections rules come from. A rule naming another must be checked against the
 * draft and added here; none may be a number of the project's own summary (docs/format.md).
 */
const DRAFT_SUBSECTIONS = ['7.1', '7.3', '8.1', '8.2', '8.4'];

/** The numbers of docs/format.md's own headings ("2.1", "3.3", …): the summary, not the draft. */
const SUMMARY_NUMBERS = [
  ...readFileSync('docs/format.md', 'utf8').matchAll(/^#{2,3} (\d+(?:\.\d+)*)\.? /gm),
].map((match) => match[1]);

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
      const place = /^§(\d+)(?:\.(\d+))?( steps? \d+(–\d+)?)?$/.exec(rule.section);
      expect(place, rule.section).not.toBeNull();
      // Rules come from the draft's sections 3 (the receipt) to 10 (anchoring), and a
      // subsection only from those the draft has (never the summary's §2.1, §3.3, …).
      const top = Number(place?.[1]);
      expect(top, rule.section).toBeGreaterThanOrEqual(3);
      expect(top, rule.section).toBeLessThanOrEqual(10);
      if (place?.[2] !== undefined)
        expect(DRAFT_SUBSECTIONS, rule.section).toContain(`${place[1]}.${place[2]}`);
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

  it('names the draft section (and revision) of known rules, not the summary’s', () => {
    for (const [id, section, revision] of KNOWN_SECTIONS) {
      const rule = ruleById(id);
      expect(rule, id).toBeDefined();
      expect({ id, section: rule?.section, revision: rule?.revision }).toEqual({
        id,
        section,
        revision,
      });
    }
  });

  it('lists as the draft’s subsections no number of the summary’s own headings', () => {
    expect(SUMMARY_NUMBERS).toEqual(expect.arrayContaining(['1', '2', '2.1', '3.3', '4.2', '5.3']));
    expect(DRAFT_SUBSECTIONS.filter((n) => SUMMARY_NUMBERS.includes(n))).toEqual([]);
  });

  it('says what every revision it names brought, and names no revision it has no rule of', () => {
    const named = revisionsOf(RULE_CATALOGUE).map((r) => r.revision);
    expect(named.length).toBeGreaterThan(0);
    expect(Object.keys(REVISION_NOTES).sort()).toEqual([...named].sort());
  });
});
