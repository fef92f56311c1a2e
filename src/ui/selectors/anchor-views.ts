/**
 * How the app shows each anchor type (core: anchor/registry.ts): its title, and how its witness
 * time is labelled — nothing here confirms that time, so it is the claim it is. The Record type
 * makes an anchor type without a view a type error.
 */
import type { AnchorKind } from '../../core';

export interface AnchorView {
  title: string;
  witnessTime: string;
}

export const ANCHOR_VIEWS: Readonly<Record<AnchorKind, AnchorView>> = {
  log: { title: 'Log anchor', witnessTime: 'Time claimed by the log (anchored_at)' },
  nostr: { title: 'Nostr event', witnessTime: "Time claimed by the event's signer (created_at)" },
  ots: { title: 'OpenTimestamps proof', witnessTime: 'Block time claimed by the supplied header' },
};

/** How an anchor's time is labelled: nothing here confirms it, so it is the claim it is. */
export function witnessTimeLabel(kind: AnchorKind): string {
  return ANCHOR_VIEWS[kind].witnessTime;
}
