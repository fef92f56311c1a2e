/**
 * One timeline entry's members, read once (spec §4.1): presence, types and base64 are judged
 * here, and the first reason the entry digest cannot be recomputed is noted for the digest rule.
 */
import type { Place, RuleCheckExtras } from '../checks';
import { describeBase64Problem } from '../encoding/base64';
import { decodeBase64Prehashed } from '../hash/prehashed';
import type { Hashing } from '../hash/sha256';
import {
  describeType,
  isIntegralNumber,
  member,
  type JsonNumber,
  type JsonObject,
} from '../json/ast';
import { CHAIN_RULES as R, type ChainRule, type RuleTally } from './rules';

/** §4.1 members every entry carries (close is optional), in the order failures are listed. */
export const ENTRY_MEMBERS = [
  'id',
  'job_id',
  'tool',
  'provenance_class',
  'seq',
  'canonical_bytes',
  'prev_digest',
] as const;

/** §4.1: these four are non-empty strings. */
const NON_EMPTY_STRING_MEMBERS = ['id', 'job_id', 'tool', 'provenance_class'] as const;

/** Records a failure about one entry: a check (capped) and the entry's own issue list. */
export type EntryFail = (r: ChainRule, place: Place, extras: RuleCheckExtras) => void;

/** What one entry's members allow, gathered once and used by every rule. */
export interface EntryReading {
  strings: Partial<Record<(typeof ENTRY_MEMBERS)[number], string>>;
  bytes?: Uint8Array;
  seq?: JsonNumber;
  close?: boolean;
  /** Why the digest cannot be recomputed (first reason). */
  digestProblem?: string;
}

/**
 * Reads the members once: reports presence, types and base64 failures, and notes the first
 * reason the digest cannot be recomputed.
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
    if (!entry.byName.has(name)) {
      missing = true;
      fail(R.members, entry, { params: { member: name }, expected: `a ${name} member` });
      problem(`entry ${i} missing ${name}`);
    }
  }
  let mistyped = false;
  for (const name of NON_EMPTY_STRING_MEMBERS) {
    const value = member(entry, name);
    if (!value) continue;
    if (value.type === 'string') reading.strings[name] = value.value;
    else problem(`entry ${i} ${name} is not a string`);
    if (value.type !== 'string' || value.value.length === 0) {
      mistyped = true;
      fail(R.strings, value, {
        params: { member: name, type: 'non-empty string' },
        expected: 'a non-empty string',
        found: describeType(value),
      });
    }
  }
  const prev = member(entry, 'prev_digest');
  if (prev) {
    if (prev.type === 'string') reading.strings.prev_digest = prev.value;
    else {
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

  const canonical = member(entry, 'canonical_bytes');
  if (canonical) {
    const decoded =
      canonical.type === 'string' ? decodeBase64Prehashed(canonical.value, hashing) : undefined;
    if (decoded?.ok) {
      reading.bytes = decoded.bytes;
      tally.held(R.base64);
    } else {
      fail(R.base64, canonical, {
        expected: 'strict standard base64',
        ...(decoded
          ? { detail: describeBase64Problem(decoded.problem, decoded.index) }
          : { found: describeType(canonical) }),
      });
      problem(`entry ${i} canonical_bytes is not valid base64`);
    }
  }

  const seq = member(entry, 'seq');
  if (seq) {
    if (isIntegralNumber(seq)) reading.seq = seq;
    else problem(`entry ${i} seq is not an integer`);
  }

  const close = member(entry, 'close');
  if (close?.type === 'boolean') reading.close = close.value;
  else if (close) problem(`entry ${i} close is not a boolean`);
  return reading;
}

/** P_i writes seq as an integer: 1.0 as 1, and integers past 2^53 exactly (Python's int). */
export function seqForDigest(seq: JsonNumber): bigint | number {
  if (Number.isSafeInteger(seq.value)) return seq.value;
  // An integer lexeme is exact as written; 1e20 or 1.0e20 is the double's exact integer value.
  return /[.eE]/.test(seq.raw) ? BigInt(seq.value) : BigInt(seq.raw);
}
