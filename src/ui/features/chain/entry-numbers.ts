/**
 * One numbering on screen. The chain view numbers a timeline's entries from 1 ("Entry 4"), as
 * `seq` does (seq = index + 1) and as step and row numbers do. The reference's check messages,
 * which stay verbatim (spec §4.3 message table), count from 0 ("entry 3 prev_digest …"), as the
 * JSON pointer (/3) does. Wherever such a message is shown, the place the view uses is said next
 * to it: "entry 3 is Entry 4". Presentation only; the core's messages are not changed.
 */

/** The view's 1-based label for the entry at a 0-based index: `Entry 4` for index 3. */
export function entryLabel(index: number): string {
  return `Entry ${index + 1}`;
}

/**
 * The 0-based entry indexes a reference message names ("entry 3 prev_digest does not match the
 * digest of entry 2" → [3, 2]), each once, in order. Only the reference form counts: lower-case
 * "entry" then a number ("entry_count 5", "5 entries" and "Entry 4" are not indexes).
 */
export function entryIndexesIn(message: string): number[] {
  const out: number[] = [];
  for (const match of message.matchAll(/(?<![\w/])entry (\d{1,9})\b/g)) {
    const index = Number(match[1]);
    if (!out.includes(index)) out.push(index);
  }
  return out;
}

/**
 * What a reference message's entry numbers are in the view, or undefined when it names none:
 * "counted from 0: entry 3 is Entry 4, entry 2 is Entry 3".
 */
export function entryNumbersNote(message: string): string | undefined {
  const indexes = entryIndexesIn(message);
  if (indexes.length === 0) return undefined;
  return `counted from 0: ${indexes.map((i) => `entry ${i} is ${entryLabel(i)}`).join(', ')}`;
}

/** A message for plain-text places (a tooltip, a table cell): the message, then the note. */
export function withEntryNumbers(message: string): string {
  const note = entryNumbersNote(message);
  return note ? `${message} (${note})` : message;
}

/** Checks whose messages count entries from 0: the chain rules. */
export function countsEntriesFromZero(rule: string): boolean {
  return rule.startsWith('chain.');
}
