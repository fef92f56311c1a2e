/**
 * Every rule this verifier checks, in one list, derived from the registries: the rules of every
 * document whatever its kind; then each kind's tables, in the kind registry's order; then each
 * anchor type's, its kinds' included (anchor/registry.ts). A descriptor names the tables the
 * Worker carries with it; tables only code loaded on demand records are named here, under the
 * kind's or type's name. The coverage test iterates the catalogue, the Rules page shows it, and
 * profiles select from it.
 */
import { ANCHOR_LIST } from '../anchor/registry';
import { OTS_RULES } from '../anchor/ots/rules';
import { CHAIN_NOTES, CHAIN_RULES } from '../chain/rules';
import { DOCUMENT_RULES } from '../document-rules';
import { KIND_LIST } from '../kinds/registry';
import { ANCHOR_MATERIAL_KINDS, type AnchorKind, type DocumentKind } from '../model/kinds';
import { TEXT_RULES } from '../text/text-rules';
import { VECTOR_SET_RULES } from '../vector-set/rules';
import {
  LINKAGE_RULES,
  MEMBER_RULES,
  MERKLE_RULES,
  STEP_RULES,
  TIME_RULES,
  WORKFLOW_RULES,
} from '../workflow/rules';
import type { Rule, RuleTable } from './rule';

/** What every document is checked for, whatever its kind: its syntax, its names, its text. */
const DOCUMENT_TABLES: readonly RuleTable[] = [DOCUMENT_RULES, TEXT_RULES];

/**
 * The tables only code loaded on demand records (on-demand.ts), by kind: not on the kind
 * descriptors, which the Worker carries in its first chunk (kinds/kind.ts `rules`).
 */
export const KIND_RULES_LOADED_ON_DEMAND: Readonly<
  Partial<Record<DocumentKind, readonly RuleTable[]>>
> = {
  workflow: [WORKFLOW_RULES, MEMBER_RULES, STEP_RULES, TIME_RULES, MERKLE_RULES, LINKAGE_RULES],
  timeline: [CHAIN_RULES, CHAIN_NOTES],
  commitment: [CHAIN_RULES, CHAIN_NOTES],
  'vector-set': [VECTOR_SET_RULES],
};

/** The same, by anchor type: the OpenTimestamps proof checks load on demand. */
export const ANCHOR_RULES_LOADED_ON_DEMAND: Readonly<
  Partial<Record<AnchorKind, readonly RuleTable[]>>
> = { ots: [OTS_RULES] };

/** Rule tables in catalogue order, each once. */
const RULE_TABLES = new Set<RuleTable>([
  ...DOCUMENT_TABLES,
  ...KIND_LIST.flatMap(({ kind, rules }) =>
    // An anchor type's kinds: with its tables, below.
    ANCHOR_MATERIAL_KINDS.has(kind)
      ? []
      : [...(rules ?? []), ...(KIND_RULES_LOADED_ON_DEMAND[kind] ?? [])],
  ),
  ...ANCHOR_LIST.flatMap(({ name, rules, kinds }) => [
    ...(rules ?? []),
    ...Object.values(kinds).flatMap((kind) => kind.rules ?? []),
    ...(ANCHOR_RULES_LOADED_ON_DEMAND[name] ?? []),
  ]),
]);

export const RULE_CATALOGUE: readonly Rule[] = [...RULE_TABLES].flatMap((table) =>
  Object.values(table),
);

const BY_ID = new Map(RULE_CATALOGUE.map((rule) => [rule.id, rule]));

export function ruleById(id: string): Rule | undefined {
  return BY_ID.get(id);
}
