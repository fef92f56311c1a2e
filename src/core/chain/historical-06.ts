/**
 * The labelled historical (-06) check of spec §4.4, shown beside the current rules when no entry
 * carries tool; never part of the verdict.
 */
import type { CheckList } from '../checks';
import type { Hashing } from '../hash/sha256';
import type { JsonValue } from '../json/ast';
import { GENESIS_PREV_DIGEST, historical06Digest } from './entry-digest';
import { CHAIN_NOTES } from './rules';
import type { ChainEntrySummary, ChainHistorical06Details } from './types';

/**
 * The labelled historical check (§4.4): do genesis and links hold when each digest is
 * SHA-256 of the decoded bytes alone? Info or warning only: it never changes the verdict.
 */
export function checkHistorical06(
  entries: ChainEntrySummary[],
  bytes: (Uint8Array | undefined)[],
  hashing: Hashing,
  list: CheckList,
  timeline: JsonValue,
): ChainHistorical06Details {
  const details: ChainHistorical06Details = { linksHold: true };
  let previous: string | undefined = GENESIS_PREV_DIGEST;
  for (let i = 0; i < entries.length; i++) {
    const stored = entries[i]?.storedPrevDigest;
    if (previous === undefined || stored !== previous) {
      details.linksHold = false;
      details.firstBrokenLink = i;
      break;
    }
    const b = bytes[i];
    previous = b ? historical06Digest(hashing, b) : undefined;
  }
  if (details.linksHold && previous !== undefined) details.finalEntryDigest = previous;
  const n = entries.length;
  const why =
    'Shown for reference only: a -06 chain is never valid under the current rules (§4.4), and this check does not change the verdict.';
  if (details.linksHold) {
    list.info(CHAIN_NOTES.historical06, timeline, { params: { links: n - 1 }, detail: why });
  } else {
    list.warning(CHAIN_NOTES.historical06, timeline, {
      params: { i: details.firstBrokenLink ?? 0 },
      detail: why,
    });
  }
  return details;
}
