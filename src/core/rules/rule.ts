/**
 * How a rule is declared: once, as data. Each rule has our stable id, the dimension it reports
 * under, the section of the draft it comes from (and the revision it appeared in), the section of
 * the project's format reference that restates it, and a message template for each outcome.
 * Failure templates carry the reference wording of the spec so results compare across ports.
 *
 * Templates name their variable parts in angle brackets (`missing required member: <name>`);
 * a check fills them from `params`. The catalogue page shows the templates as they are.
 */
import type { RuleProfile } from '../model/report';
import type { CheckStatus, Dimension } from '../model/report';

export type RuleMessages = Partial<Record<CheckStatus, string>>;

export interface Rule extends RuleMessages {
  /** Our stable rule id, e.g. `receipt.output_hash.match`. */
  id: string;
  dimension: Dimension;
  /**
   * For anchor material verified as a document of its own (a Nostr event, an .ots proof with no
   * record beside it): the dimension its checks count under then, when not `dimension` (an
   * event's id is its own byte integrity, its signature the authenticity of its signer).
   */
  aloneDimension?: Dimension;
  /**
   * The section of draft-zambo-aer1 the rule comes from, numbered as in the draft: `§3`,
   * `§6 step 3`, `§7.1`. A rule the draft does not state itself (origin) names the section it
   * reads.
   */
  section: string;
  /** The draft revision the rule first appears in, when it is later than -00: `-07`. */
  revision?: string;
  /**
   * Whose rule it is when the draft does not state it: the reference kit's (a profile, its
   * runner's reading) or this verifier's own careful reading of the section.
   */
  origin?: 'kit' | 'verifier';
  /** The section of the project's format reference (docs/format.md) that restates it: `§2.1`. */
  reference?: string;
  /**
   * The profile the rule belongs to (profiles.ts); absent means core. Checks of the advisory
   * profiles never count toward a dimension, so their failing outcome is declared as `warning`.
   */
  profile?: RuleProfile;
}

export type RuleParams = Record<string, string | number>;

/** A module's rules, declared once with defineRules. */
export type RuleTable = Readonly<Record<string, Rule>>;

/** Declares a module's rules; the object's keys are the names the code uses. */
export function defineRules<T extends Record<string, Rule>>(rules: T): T {
  return rules;
}

const PLACEHOLDER = /<([a-z_][a-z0-9_]*)>/gi;

/**
 * A template split once at its placeholders: text, name, text, name, …, text (odd indexes are
 * names); a template without placeholders is kept as its one string.
 */
const compiledTemplates = new Map<string, string | string[]>();

function compileTemplate(template: string): string | string[] {
  let compiled = compiledTemplates.get(template);
  if (compiled === undefined) {
    const parts = template.split(PLACEHOLDER);
    compiled = parts.length === 1 ? template : parts;
    compiledTemplates.set(template, compiled);
  }
  return compiled;
}

/**
 * The message a rule gives for an outcome, with its placeholders filled. A missing template or
 * parameter is a programming error, so it throws (the vector tests reach every outcome).
 */
export function ruleMessage(rule: Rule, status: CheckStatus, params?: RuleParams): string {
  const template = rule[status];
  if (template === undefined) throw new Error(`rule ${rule.id} declares no ${status} message`);
  // This runs for every check made: templates are split once, fixed text is returned as is.
  const compiled = compileTemplate(template);
  if (typeof compiled === 'string') return compiled;
  let message = compiled[0]!;
  for (let i = 1; i < compiled.length; i += 2) {
    const name = compiled[i]!;
    const value = params?.[name];
    if (value === undefined) throw new Error(`rule ${rule.id}: no value for <${name}>`);
    message += String(value) + compiled[i + 1]!;
  }
  return message;
}

/** The outcomes a rule declares a message for. */
export function ruleOutcomes(rule: Rule): CheckStatus[] {
  const all: CheckStatus[] = ['pass', 'fail', 'unavailable', 'not_checked', 'warning', 'info'];
  return all.filter((status) => rule[status] !== undefined);
}
