/**
 * The labelled historical (-06) check of spec §4.4, shown beside the current rules when no entry
 * carries tool: whether the chain would have verified under -06, close rule included; never
 * part of the verdict.
 */
import type { CheckList } from '../checks';
import type { Hashing } from '../hash/sha256';
import type { JsonValue } from '../json/ast';
import { GENESIS_PREV_DIGEST, historical06Digest } from './entry-digest';
import { CHAIN_NOTES } from './rules';
import type { ChainEntrySummary, ChainHistorical06Details } from './types';

/**
 * The labelled historical check (§4.4): would the chain have verified under -06? -06 digests
 * were SHA-256 of the decoded bytes alone, the genesis prev_digest 64 zeros, and the last entry
 * had to carry close: true (the kit's verify_chain: "last entry does not carry close: true").
 * Info or warning only: it never changes the verdict.
 */
export function checkHistorical06(
  entries: ChainEntrySummary[],
  bytes: (Uint8Array | undefined)[],
  hashing: Hashing,
  list: CheckList,
  timeline: JsonValue,
): ChainHistorical06Details {
  let linksHold = true;
  let firstBrokenLink: number | undefined;
  let previous: string | undefined = GENESIS_PREV_DIGEST;
  for (let i = 0; i < entries.length; i++) {
    const stored = entries[i]?.storedPrevDigest;
    if (previous === undefined || stored !== previous) {
      linksHold = false;
      firstBrokenLink = i;
      break;
    }
    const b = bytes[i];
    previous = b ? historical06Digest(hashing, b) : undefined;
  }
  // Only the boolean true closes a chain: a string "true" does not.
  const closes = entries.length > 0 && entries[entries.length - 1]?.close === true;
  const details: ChainHistorical06Details = {
    linksHold,
    closes,
    verifiedUnder06: linksHold && closes,
  };
  if (firstBrokenLink !== undefined) details.firstBrokenLink = firstBrokenLink;
  if (linksHold && previous !== undefined) details.finalEntryDigest = previous;
  const n = entries.length;
  const why =
    'Shown for reference only: a -06 chain is never valid under the current rules (§4.4), and this check does not change the verdict.';
  if (details.verifiedUnder06) {
    list.info(CHAIN_NOTES.historical06, timeline, { params: { links: n - 1 }, detail: why });
  } else {
    const reasons: string[] = [];
    if (!linksHold) reasons.push(`first break at entry ${firstBrokenLink ?? 0}`);
    if (!closes) reasons.push('the last entry does not carry close: true');
    list.warning(CHAIN_NOTES.historical06, timeline, {
      params: { reasons: reasons.join('; ') },
      detail: why,
    });
  }
  return details;
}
