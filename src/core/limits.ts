/**
 * What a verdict does not prove, said once: every statement a report lists under `limits`
 * (and the "not checked" words some rules share with them). Kinds and anchor types pick the
 * ones that apply (an anchor type's descriptor names its own: anchor/registry.ts).
 */

import { withThousands } from './text/thousands';

/** What a valid Nostr signature shows, and what it does not. */
export const SIGNATURE_MEANING =
  'A valid signature is evidence about the key that published this event, not about who issued the receipt: AER-1 records are unsigned, and anyone can publish an event naming a receipt.';

export const STANDING_LIMITS = {
  hashMatch:
    'A matching hash proves only that the supplied bytes agree with the supplied digest. It does not prove that the tool ran, that the data is true, or who issued the record.',
  unsigned: 'AER-1 core records are unsigned: nothing here proves who issued this record.',
  publisherChecks:
    'The publisher\'s own "checks" object is its opinion, shown as claimed; it was not used for this verdict.',
} as const;

/** Anchors verified beside their record or on their own (spec §5). */
export const ANCHOR_LIMITS = {
  nostr: `${SIGNATURE_MEANING} The event's created_at is the signer's claim.`,
  ots: "An OpenTimestamps Bitcoin attestation shows the digest existed when the block of the supplied header was mined, if that header is in the Bitcoin main chain: a header carries neither its height nor its place in the chain, so compare the block hash with an independent source. Its time is the miner's claim.",
  header:
    "A header's own proof of work shows work at its stated difficulty; it does not prove the block is on the Bitcoin main chain.",
} as const;

/** Job timelines (spec §4.6). */
export const CHAIN_LIMITS = {
  unkeyed:
    'A valid chain shows only that these entries are linked in this order. The digests are unkeyed: anyone can compute a valid chain, so it does not show who wrote the entries or that the tools ran.',
  truncation:
    'No external commitment binds this chain, so a truncated prefix of it (the first k entries, with close: true set on the new last entry) would pass these checks too. Only a commitment to the final entry digest and the entry count, published outside the chain, detects truncation (§4.6).',
  committed:
    'The commitment rules out truncation relative to what it states. It is unsigned here: who published it, and when (published_at), is as claimed.',
  anchoredHead:
    'An anchor binds the final entry digest: a chain ending in this entry existed when the anchor was made. Who made the anchor decides what that shows, since anyone can anchor the last digest of a truncated prefix. Only a commitment to the final entry digest and the entry count, published outside the chain, detects truncation (§4.6).',
  commitmentAlone:
    'A commitment on its own shows nothing about a timeline: supply the job timeline to check it against.',
} as const;

/**
 * A workflow's step table (`details.steps`) lists a row for each of its first this many steps;
 * a longer workflow's table stops there and says so (WORKFLOW_LIMITS.stepRows), while its
 * rules still check and count every step. Far more steps than a valid workflow under the file
 * limit holds: a row costs tens of bytes, and a file of a million steps that are bare numbers
 * is 2 MB.
 */
export const LISTED_STEP_ROWS = 1_000_000;

/** Workflow receipts (spec §3.5). */
export const WORKFLOW_LIMITS = {
  stepRows: `The step table lists the first ${withThousands(LISTED_STEP_ROWS)} steps only; every step was checked, and each rule's findings count them all.`,
  truncation:
    'The Merkle root covers the step list as given: dropping trailing steps and recomputing the root cannot be detected from this record alone. Only an outside commitment that binds the root or the step count (an anchor or a published root) shows that no steps were dropped, and none was checked here.',
  rootClaim:
    'This is a bare Merkle root claim, not a workflow receipt: it has no goal, status, final answer or step records, so only the root over the listed receipt ids, their seq order and their uniqueness were checked.',
  anchoredRoot:
    'An anchor binds this merkle_root, so steps cannot have been dropped since the anchor was made; the anchor does not show what the steps did.',
} as const;
