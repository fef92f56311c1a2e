/**
 * Every rule this verifier checks, in one list: the vector coverage test iterates it, the
 * Rules page shows it, and profiles select from it. Each module declares its rules with
 * defineRules (see rule.ts) and its table is listed here once.
 */
import { LOG_ANCHOR_RULES } from '../anchor/log-anchor';
import { NOSTR_RULES } from '../anchor/nostr/rules';
import { OTS_RULES } from '../anchor/ots/rules';
import { ANCHOR_RULES } from '../anchor/rules';
import { CHAIN_NOTES, CHAIN_RULES } from '../chain/rules';
import { DOCUMENT_RULES } from '../document-rules';
import { EVIDENCE_RULES } from '../receipt/evidence';
import { RECEIPT_PRESENCE_RULES, RECEIPT_RULES } from '../receipt/receipt-rules';
import { RECEIPT_DOCUMENT_RULES } from '../receipt/verify-receipt';
import { WRAPPER_RULES } from '../receipt/wrapper-agreement';
import { LINKAGE_RULES } from '../workflow/linkage';
import { TEXT_RULES } from '../text/text-rules';
import { MERKLE_RULES } from '../workflow/merkle-check';
import { MEMBER_RULES } from '../workflow/members';
import { STEP_RULES } from '../workflow/steps';
import { TIME_RULES } from '../workflow/timing';
import { VECTOR_SET_RULES } from '../vector-set/rules';
import { WORKFLOW_RULES } from '../workflow/verify-workflow';
import type { Rule } from './rule';

/** Rule tables of every module, in the order the Rules page lists them. */
const RULE_TABLES: Readonly<Record<string, Rule>>[] = [
  DOCUMENT_RULES,
  RECEIPT_RULES,
  RECEIPT_PRESENCE_RULES,
  EVIDENCE_RULES,
  RECEIPT_DOCUMENT_RULES,
  WRAPPER_RULES,
  WORKFLOW_RULES,
  MEMBER_RULES,
  STEP_RULES,
  TIME_RULES,
  MERKLE_RULES,
  LINKAGE_RULES,
  CHAIN_RULES,
  CHAIN_NOTES,
  ANCHOR_RULES,
  LOG_ANCHOR_RULES,
  NOSTR_RULES,
  OTS_RULES,
  TEXT_RULES,
  VECTOR_SET_RULES,
];

export const RULE_CATALOGUE: readonly Rule[] = RULE_TABLES.flatMap((table) => Object.values(table));

const BY_ID = new Map(RULE_CATALOGUE.map((rule) => [rule.id, rule]));

export function ruleById(id: string): Rule | undefined {
  return BY_ID.get(id);
}
