/**
 * One numbering on screen. The chain view numbers a timeline's entries from 1 ("Entry 4"), as
 * `seq` does (seq = index + 1) and as step and row numbers do. The reference's check messages
 * count from 0 ("entry 3 prev_digest …"), as the JSON pointer (/3) does; they stay verbatim in
 * the core, the JSON report and the CLI (spec §4.3 message table). On the page each is said
 * once, in the view's numbers. Presentation only; the core's messages are not changed.
 */

/** The view's 1-based label for the entry at a 0-based index: `Entry 4` for index 3. */
export function entryLabel(index: number): string {
  return `Entry ${index + 1}`;
}

/** The reference form of an entry index: lower-case "entry" then a number, not in a pointer. */
const REFERENCE_ENTRY = /(?<![\w/])entry (\d{1,9})\b/g;

/**
 * The 0-based entry indexes a reference message names ("entry 3 prev_digest does not match the
 * digest of entry 2" → [3, 2]), each once, in order. Only the reference form counts: lower-case
 * "entry" then a number ("entry_count 5", "5 entries" and "Entry 4" are not indexes).
 */
export function entryIndexesIn(message: string): number[] {
  const out: number[] = [];
  for (const match of message.matchAll(REFERENCE_ENTRY)) {
    const index = Number(match[1]);
    if (!out.includes(index)) out.push(index);
  }
  return out;
}

/**
 * What a broken link means, in the view's numbers: the entry before it changed after this entry
 * committed to it, or this entry's link (its prev_digest) did.
 */
export function linkBreakText(index: number): string {
  const entry = entryLabel(index);
  const before = entryLabel(index - 1);
  return `${entry}’s link does not match ${before} — ${before} was changed, or ${entry}’s link was`;
}

const LINK_MESSAGE =
  /(?<![\w/])entry (\d{1,9}) prev_digest does not match the digest of entry (\d{1,9})\b/g;

/**
 * A reference chain message in the view's numbers, said once: a broken link in words
 * (linkBreakText), any other "entry 3" as "Entry 4". Whatever follows (a dimension summary's
 * "(+2 more)") is kept.
 */
export function withEntryNumbers(message: string): string {
  return message
    .replace(LINK_MESSAGE, (whole, index: string, previous: string) =>
      Number(previous) === Number(index) - 1 ? linkBreakText(Number(index)) : whole,
    )
    .replace(REFERENCE_ENTRY, (_, index: string) => entryLabel(Number(index)));
}

/** Checks whose messages count entries from 0: the chain rules. */
export function countsEntriesFromZero(rule: string): boolean {
  return rule.startsWith('chain.');
}

/** A check's message as the page says it: a chain rule's in the view's numbers. */
export function inViewWords(rule: string, message: string): string {
  return countsEntriesFromZero(rule) ? withEntryNumbers(message) : message;
}
