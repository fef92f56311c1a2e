import { describe, expect, it } from 'vitest';
import {
  countsEntriesFromZero,
  entryIndexesIn,
  entryLabel,
  inViewWords,
  linkBreakText,
  withEntryNumbers,
} from './entry-numbers';

describe('one numbering: the reference counts entries from 0, the page from 1', () => {
  it('labels an index the way the chain view does (1-based, like seq)', () => {
    expect(entryLabel(0)).toBe('Entry 1');
    expect(entryLabel(3)).toBe('Entry 4');
  });

  it('finds the reference form only', () => {
    expect(entryIndexesIn('entry 3 prev_digest does not match the digest of entry 2')).toEqual([
      3, 2,
    ]);
    expect(entryIndexesIn('entry 0 prev_digest is not 64 zero characters')).toEqual([0]);
    expect(
      entryIndexesIn('the digest of the last entry (entry 4) could not be recomputed'),
    ).toEqual([4]);
    expect(entryIndexesIn('entry 2: the digest of entry 1 could not be recomputed')).toEqual([
      2, 1,
    ]);
    expect(entryIndexesIn('entry 7 seq 9 breaks contiguity (expected 8)')).toEqual([7]);
    // Not indexes: a member name, a count, the view's own label, a pointer.
    expect(entryIndexesIn('commitment entry_count 4 does not match the timeline length 5')).toEqual(
      [],
    );
    expect(entryIndexesIn('all 5 entries link')).toEqual([]);
    expect(entryIndexesIn('Entry 4 was changed')).toEqual([]);
    expect(entryIndexesIn('at /timeline/entry 3')).toEqual([]);
  });

  it('says a broken link once, in the view’s numbers', () => {
    const reference = 'entry 3 prev_digest does not match the digest of entry 2';
    const inView =
      'Entry 4’s link does not match Entry 3 — Entry 3 was changed, or Entry 4’s link was';
    expect(withEntryNumbers(reference)).toBe(inView);
    expect(linkBreakText(3)).toBe(inView);
    expect(withEntryNumbers(inView)).toBe(inView);
    // A dimension summary standing for several keeps its count.
    expect(withEntryNumbers(`${reference} (+1 more)`)).toBe(`${inView} (+1 more)`);
  });

  it('renumbers every other reference message, and leaves the rest alone', () => {
    expect(withEntryNumbers('entry 0 prev_digest is not 64 zero characters')).toBe(
      'Entry 1 prev_digest is not 64 zero characters',
    );
    expect(withEntryNumbers('entry 4 id repeats the id of entry 1')).toBe(
      'Entry 5 id repeats the id of Entry 2',
    );
    expect(withEntryNumbers('the digest of the last entry (entry 4) could not be recomputed')).toBe(
      'the digest of the last entry (Entry 5) could not be recomputed',
    );
    expect(withEntryNumbers('the last entry carries close: true')).toBe(
      'the last entry carries close: true',
    );
    expect(withEntryNumbers('commitment entry_count 4 does not match the timeline length 5')).toBe(
      'commitment entry_count 4 does not match the timeline length 5',
    );
    for (const message of [
      'entry 3 prev_digest does not match the digest of entry 2',
      'entry 7 seq 9 breaks contiguity (expected 8)',
    ])
      expect(withEntryNumbers(message)).not.toMatch(/\bentry \d/);
  });

  it('applies to the chain rules only', () => {
    expect(countsEntriesFromZero('chain.link')).toBe(true);
    expect(countsEntriesFromZero('chain.commitment.entry_count')).toBe(true);
    expect(countsEntriesFromZero('workflow.seq.contiguous')).toBe(false);
    expect(inViewWords('workflow.seq.contiguous', 'entry 3 is fine')).toBe('entry 3 is fine');
    expect(inViewWords('chain.seq.integer', 'entry 3 seq is not an integer')).toBe(
      'Entry 4 seq is not an integer',
    );
  });
});
