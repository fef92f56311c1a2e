/**
 * Which revisions of draft-zambo-aer1 this verifier implements. Each rule in the catalogue names
 * the draft section it comes from and the revision it first appears in (rule.ts); this says what
 * each later revision brought, and what could not be read, for the About page.
 */
import type { Rule } from './rule';

export const DRAFT_NAME = 'draft-zambo-aer1';

/** The revisions implemented, first to last: the rules of -00 and of every later one. */
export const IMPLEMENTED_REVISIONS = { first: '-00', last: '-26' } as const;

/** What each revision later than -00 that a catalogued rule names brought. */
export const REVISION_NOTES: Readonly<Record<string, string>> = {
  '-05': 'workflow receipts and their Merkle root (§8)',
  '-06': 'hash-chained job timelines (§7); a -06 chain is read only in a labelled historical check',
  '-07': 'the hardened chain entry digest and its rules (§7, §7.1)',
  '-08': 'the published receipt schema version of the strict reading',
  '-09': 'the external chain commitment (§7.3), log anchors and the UUID v4 strict reading',
  '-12': 'outer/inner agreement (§4), anchors (§10) and the truncation limit of workflows (§8.4)',
  '-26': 'merkle_version and seq-output-v1 (§8.1), metadata_hash (§3)',
};

/** What the readable revisions do not publish: reported as unavailable here, never guessed. */
export const UNPUBLISHED = [
  'the leaf bytes of seq-output-v1 (-26)',
  'the preimage of metadata_hash (-26)',
  'the normative anchor text of -12 to -26 (§10)',
] as const;

/** The revisions the rules name, in order, with how many rules each brought. */
export function revisionsOf(rules: readonly Rule[]): { revision: string; rules: number }[] {
  const counts = new Map<string, number>();
  for (const rule of rules)
    if (rule.revision !== undefined)
      counts.set(rule.revision, (counts.get(rule.revision) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)))
    .map(([revision, n]) => ({ revision, rules: n }));
}
