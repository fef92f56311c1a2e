import { describe, expect, it } from 'vitest';
import type { Rule } from '../../../core';
import { filterRules, ruleMessages } from './rule-rows';

const RULES: Rule[] = [
  {
    id: 'receipt.output_hash.match',
    dimension: 'byte_integrity',
    section: '§2.1',
    pass: 'output_hash matches sha256(canonical_bytes)',
    fail: 'output_hash does not match sha256(canonical_bytes)',
  },
  {
    id: 'receipt.member.required',
    dimension: 'schema_validity',
    section: '§2.2',
    fail: 'missing required member: <name>',
  },
  {
    id: 'anchor.nostr.relay',
    dimension: 'anchor_verification',
    section: '§5.3',
    unavailable: 'no relay was asked for the event',
    not_checked: 'no anchor present',
  },
];

describe('rule rows', () => {
  it('lists the fail template first, then the other outcomes', () => {
    expect(ruleMessages(RULES[0] as Rule).map((m) => m.status)).toEqual(['fail', 'pass']);
    expect(ruleMessages(RULES[2] as Rule).map((m) => m.status)).toEqual([
      'unavailable',
      'not_checked',
    ]);
  });

  it('searches id, dimension, section and messages, every word, any case', () => {
    const ids = (query: string) => filterRules(RULES, query).map((r) => r.id);
    expect(ids('')).toEqual(RULES.map((r) => r.id));
    expect(ids('OUTPUT_HASH')).toEqual(['receipt.output_hash.match']);
    expect(ids('schema_validity')).toEqual(['receipt.member.required']);
    expect(ids('anchors')).toEqual(['anchor.nostr.relay']);
    expect(ids('§2.2')).toEqual(['receipt.member.required']);
    expect(ids('missing <name>')).toEqual(['receipt.member.required']);
    expect(ids('receipt relay')).toEqual([]);
  });
});
