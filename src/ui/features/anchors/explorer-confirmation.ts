import type { AnchorAttestation, BlockHeaderSummary } from '../../../core';
import type { FetchedBlockHeader } from '../../../net/block-header';

/**
 * Headers this page fetched by height from an explorer the user chose. Only the page's own fetch
 * adds to it (never a file name or pasted text), so "confirmed by <host>" is said only of what
 * that host really answered. Kept for the page's lifetime: a fetch re-verifies, which replaces
 * the panel that asked.
 */
const fetched: FetchedBlockHeader[] = [];

export function rememberFetchedHeader(header: FetchedBlockHeader): void {
  if (!fetched.some((h) => h.hash === header.hash && h.host === header.host)) fetched.push(header);
}

export interface ExplorerConfirmation {
  status: 'pass' | 'fail';
  host: string;
  height: number;
  text: string;
}

/**
 * What an explorer's answer adds to a Bitcoin attestation, for each header fetched by the
 * attestation's height and supplied to this verification:
 *   pass  the explorer names as block H the header the proof commits to (its merkle root is the
 *         value the proof's replay reached, and the core confirmed the attestation with it);
 *   fail  the explorer's block H is another header: that confirmation fails. The proof's own
 *         steps are not at issue; the proof and that explorer disagree about block H.
 * Nothing is said for headers the user pasted or dropped: a header cannot show its height.
 */
export function explorerConfirmations(
  attestation: AnchorAttestation,
  supplied: readonly BlockHeaderSummary[],
  known: readonly FetchedBlockHeader[] = fetched,
): ExplorerConfirmation[] {
  if (attestation.type !== 'bitcoin' || attestation.height === undefined) return [];
  const height = attestation.height;
  const inThisReport = new Set(supplied.map((h) => h.hash));
  return known
    .filter((h) => h.height === height && inThisReport.has(h.hash))
    .flatMap((h): ExplorerConfirmation[] => {
      if (attestation.value === undefined) return [];
      if (h.merkleRoot === attestation.value.toLowerCase()) {
        // The merkle root matches; the core still decides whether the header carries enough
        // proof of work to confirm anything.
        if (attestation.status !== 'pass') return [];
        return [
          {
            status: 'pass',
            host: h.host,
            height,
            text: `Confirmed by ${h.host} at height ${height}: ${h.host} names header ${h.hash} as block ${height}, and the proof commits to its merkle root. This rests on ${h.host}'s word for the height.`,
          },
        ];
      }
      return [
        {
          status: 'fail',
          host: h.host,
          height,
          text: `Not confirmed by ${h.host}: the header ${h.host} gives for block ${height} (${h.hash}) is not the one the proof commits to (its merkle root differs). The proof's own steps are not at issue; the proof and ${h.host} disagree about block ${height}.`,
        },
      ];
    });
}
