/**
 * The sections of the project's format reference (docs/format.md) that the rule catalogue names
 * (each rule's `reference`), in reading order, each with the rules it restates: the Format
 * page's content and the Rules page's links to it. Data-driven from the catalogue.
 */
import type { Rule } from '../../../core';

/**
 * Titles of the format reference's sections (docs/format.md), by a rule's `reference`. Optional:
 * a section the catalogue names that is not here is shown by its number alone.
 */
const TITLES: Readonly<Record<string, string>> = {
  '§1': 'Document kinds the verifier must recognise',
  '§2': 'The per-call receipt',
  '§2.1': 'Core members',
  '§2.2': 'Additional checks a careful verifier makes',
  '§2.3': 'Provenance classes',
  '§2.4': 'Verification procedure',
  '§2.5': 'Worked examples',
  '§2.6': 'Other receipt shapes seen in the wild',
  '§3': 'Workflow receipts',
  '§3.1': 'Members',
  '§3.2': 'Structure rules',
  '§3.3': 'Merkle constructions',
  '§3.4': 'Worked example',
  '§3.5': 'What a workflow receipt does not prove',
  '§4': 'Hash-chained job timelines',
  '§4.1': 'Entry members',
  '§4.2': 'Entry digest',
  '§4.3': 'Chain rules and messages',
  '§4.4': 'Historical construction (-06)',
  '§4.5': 'External commitment',
  '§4.6': 'What a chain does not prove',
  '§4.7': 'Worked example',
  '§5': 'External anchoring',
  '§5.1': 'Nostr anchor',
  '§5.2': 'Log anchor (disinterested tier)',
  '§5.3': 'Bitcoin via OpenTimestamps',
  '§6': 'The verdict model',
};

export interface FormatSection {
  /** The catalogue's section value, e.g. `§2.1`. */
  section: string;
  /** Its place in an address (`?section=2.1`): the value without its sign and spaces. */
  slug: string;
  title?: string;
  rules: Rule[];
}

/** A section value as it goes in an address: `§2.1` → `2.1`, `Section 6.3` → `Section-6.3`. */
export function sectionSlug(section: string): string {
  const dashed = section.replace(/[^0-9A-Za-z.]+/g, '-');
  let start = 0;
  let end = dashed.length;
  while (dashed[start] === '-') start++;
  while (end > start && dashed[end - 1] === '-') end--;
  return dashed.slice(start, end).slice(0, 64);
}

/** The section of the format reference (docs/format.md) a rule is restated in. */
export function formatReferenceOf(rule: Rule): string {
  return rule.reference ?? rule.section;
}

/** Numbers in a section value, for reading order: `§4.10` after `§4.9`. */
function numbersOf(section: string): number[] {
  return (section.match(/\d+/g) ?? []).map(Number);
}

function compareSections(a: string, b: string): number {
  const x = numbersOf(a);
  const y = numbersOf(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? -1) - (y[i] ?? -1);
    if (d !== 0) return d;
  }
  return a.localeCompare(b);
}

/** Every section the rules name, in reading order, each with its rules in catalogue order. */
export function formatSections(rules: readonly Rule[]): FormatSection[] {
  const bySection = new Map<string, Rule[]>();
  for (const rule of rules) {
    const section = formatReferenceOf(rule);
    const list = bySection.get(section);
    if (list) list.push(rule);
    else bySection.set(section, [rule]);
  }
  return [...bySection.keys()].sort(compareSections).map((section) => {
    const title = TITLES[section];
    return {
      section,
      slug: sectionSlug(section),
      ...(title !== undefined ? { title } : {}),
      rules: bySection.get(section) ?? [],
    };
  });
}
