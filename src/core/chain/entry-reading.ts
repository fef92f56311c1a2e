/**
 * One timeline entry's members, read once (spec §4.1): presence, types and base64 are judged
 * here, and the first reason the entry digest cannot be recomputed is noted for the digest rule.
 */
import type { Place, RuleCheckExtras } from '../checks';
import { describeBase64Problem } from '../encoding/base64';
import { decodeBase64Prehashed } from '../hash/prehashed';
import type { Hashing } from '../hash/sha256';
import { describeType, hasMember, member, type JsonObject } from '../json/ast';
import { exactIntegerText } from '../json/integer-lexeme';
import { numberLexeme, scalarMember } from '../json/parse';
import { ENTRY_MEMBERS } from './entry-members';
import { CHAIN_RULES as R, type ChainRule, type RuleTally } from './rules';

/** §4.1: these four are non-empty strings. */
const NON_EMPTY_STRING_MEMBERS = ['id', 'job_id', 'tool', 'provenance_class'] as const;

/** Records a failure about one entry: a check (capped) and the entry's own issue list. */
export type EntryFail = (r: ChainRule, place: Place, extras: RuleCheckExtras) => void;

export interface EntrySeq {
  value: number;
  raw: string;
  integer: string;
}

/** What one entry's members allow, gathered once and used by every rule. */
export interface EntryReading {
  strings: Partial<Record<(typeof ENTRY_MEMBERS)[number], string>>;
  bytes?: Uint8Array;
  /**
   * seq when its lexeme writes an integer (exactIntegerText, 'integral'): the double, the lexeme
   * as written, and the integer in plain digits (`1.0` is `1`).
   */
  seq?: EntrySeq;
  close?: boolean;
  /** Why the digest cannot be recomputed (first reason). */
  digestProblem?: string;
}

/**
 * Reads the members once: reports presence, types and base64 failures, and notes the first
 * reason the digest cannot be recomputed. Each member is read as a plain value (scalarMember:
 * an entry the JSON reader kept compact makes no nodes); a failure takes its place from member().
 */
export function readEntry(
  entry: JsonObject,
  i: number,
  tally: RuleTally,
  fail: EntryFail,
  hashing: Hashing,
): EntryReading {
  const reading: EntryReading = { strings: {} };
  const problem = (why: string): void => {
    reading.digestProblem ??= why;
  };

  let missing = false;
  for (const name of ENTRY_MEMBERS) {
    if (!hasMember(entry, name)) {
      missing = true;
      fail(R.members, entry, { params: { member: name }, expected: `a ${name} member` });
      problem(`entry ${i} missing ${name}`);
    }
  }
  let mistyped = false;
  for (const name of NON_EMPTY_STRING_MEMBERS) {
    const text = scalarMember(entry, name);
    if (text === undefined) continue;
    if (typeof text === 'string') reading.strings[name] = text;
    else problem(`entry ${i} ${name} is not a string`);
    if (typeof text !== 'string' || text.length === 0) {
      const value = member(entry, name)!;
      mistyped = true;
      fail(R.strings, value, {
        params: { member: name, type: 'non-empty string' },
        expected: 'a non-empty string',
        found: describeType(value),
      });
    }
  }
  const prevText = scalarMember(entry, 'prev_digest');
  if (prevText !== undefined) {
    if (typeof prevText === 'string') reading.strings.prev_digest = prevText;
    else {
      const prev = member(entry, 'prev_digest')!;
      mistyped = true;
      fail(R.strings, prev, {
        params: { member: 'prev_digest', type: 'string' },
        expected: 'a string (64 lowercase hex)',
        found: describeType(prev),
      });
      problem(`entry ${i} prev_digest is not a string`);
    }
  }
  // Counted once per entry, so the pass reads "all n entries".
  if (!missing) tally.held(R.members);
  if (!mistyped) tally.held(R.strings);

  const base64 = scalarMember(entry, 'canonical_bytes');
  if (base64 !== undefined) {
    const decoded = typeof base64 === 'string' ? decodeBase64Prehashed(base64, hashing) : undefined;
    if (decoded?.ok) {
      reading.bytes = decoded.bytes;
      tally.held(R.base64);
    } else {
      const canonical = member(entry, 'canonical_bytes')!;
      fail(R.base64, canonical, {
        expected: 'strict standard base64',
        ...(decoded
          ? { detail: describeBase64Problem(decoded.problem, decoded.index) }
          : { found: describeType(canonical) }),
      });
      problem(`entry ${i} canonical_bytes is not valid base64`);
    }
  }

  // By its lexeme (§4.1, §4.2): 1 and 1.0 are seq 1; 0.99999999999999999, which reads as the
  // double 1, is not an integer.
  const seq = scalarMember(entry, 'seq');
  if (seq !== undefined) {
    const raw = typeof seq === 'number' ? numberLexeme(entry, 'seq') : undefined;
    const integer = raw !== undefined ? exactIntegerText(raw, 'integral') : undefined;
    if (raw !== undefined && integer !== undefined)
      reading.seq = { value: seq as number, raw, integer };
    else problem(`entry ${i} seq is not an integer`);
  }

  const close = scalarMember(entry, 'close');
  if (typeof close === 'boolean') reading.close = close;
  else if (close !== undefined) problem(`entry ${i} close is not a boolean`);
  return reading;
}

/** P_i writes seq as an integer: 1.0 as 1, and integers past 2^53 exactly (Python's int). */
export function seqForDigest(seq: EntrySeq): bigint | number {
  return Number.isSafeInteger(seq.value) ? seq.value : BigInt(seq.integer);
}
