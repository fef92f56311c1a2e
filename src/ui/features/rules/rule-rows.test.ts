import { describe, expect, it } from 'vitest';
import type { Rule } from '../../../core';
import { filterRules, ruleMessages, ruleSource } from './rule-rows';

const RULES: Rule[] = [
  {
    id: 'receipt.output_hash.match',
    dimension: 'byte_integrity',
    section: '§6 step 3',
    reference: '§2.1',
    pass: 'output_hash matches sha256(canonical_bytes)',
    fail: 'output_hash does not match sha256(canonical_bytes)',
  },
  {
    id: 'receipt.member.required',
    dimension: 'schema_validity',
    section: '§3',
    revision: '-09',
    origin: 'kit',
    reference: '§2.2',
    fail: 'missing required member: <name>',
  },
  {
    id: 'anchor.nostr.relay',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-12',
    reference: '§5.3',
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
    expect(ids('§3')).toEqual(['receipt.member.required']);
    expect(ids('step 3')).toEqual(['receipt.output_hash.match']);
    expect(ids('-12')).toEqual(['anchor.nostr.relay']);
    expect(ids("kit's")).toEqual(['receipt.member.required']);
    expect(ids('missing <name>')).toEqual(['receipt.member.required']);
    expect(ids('receipt relay')).toEqual([]);
  });

  it('shows the draft section, the revision when later than -00, and whose rule it is', () => {
    expect(ruleSource(RULES[0] as Rule)).toEqual({ section: '§6 step 3' });
    expect(ruleSource(RULES[1] as Rule)).toEqual({
      section: '§3',
      since: 'since -09',
      origin: "the reference kit's",
    });
    expect(ruleSource(RULES[2] as Rule)).toEqual({ section: '§10', since: 'since -12' });
  });
});
