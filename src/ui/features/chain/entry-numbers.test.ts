import { describe, expect, it } from 'vitest';
import {
  countsEntriesFromZero,
  entryIndexesIn,
  entryLabel,
  entryNumbersNote,
  withEntryNumbers,
} from './entry-numbers';

describe('one numbering: the reference counts entries from 0, the view from 1', () => {
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

  it('says the view’s place next to the verbatim message', () => {
    const reference = 'entry 3 prev_digest does not match the digest of entry 2';
    expect(entryNumbersNote(reference)).toBe(
      'counted from 0: entry 3 is Entry 4, entry 2 is Entry 3',
    );
    // The reference wording itself is kept, whole, at the start.
    expect(withEntryNumbers(reference)).toBe(
      `${reference} (counted from 0: entry 3 is Entry 4, entry 2 is Entry 3)`,
    );
    expect(withEntryNumbers('the last entry carries close: true')).toBe(
      'the last entry carries close: true',
    );
    expect(entryNumbersNote('receipt id is not a UUID')).toBeUndefined();
  });

  it('applies to the chain rules', () => {
    expect(countsEntriesFromZero('chain.link')).toBe(true);
    expect(countsEntriesFromZero('chain.commitment.entry_count')).toBe(true);
    expect(countsEntriesFromZero('workflow.seq.contiguous')).toBe(false);
  });
});
