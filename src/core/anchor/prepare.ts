/**
 * Before the synchronous rules run: load the code only some anchors need, for the documents
 * that may need it — secp256k1 for Nostr events, the proof checks with SHA-1 and RIPEMD-160 for
 * OpenTimestamps proofs. Each entry says how to tell (./nostr/prepare.ts, ./ots/prepare.ts); from
 * LOAD_WITHOUT_SCANNING text units up every entry is loaded without looking, as scanning the
 * text for what may need it then costs more than loading it.
 */
import type { DetectedDocument } from '../model/document';
import { legacyHashesLoaded, loadLegacyHashes } from '../hash/sha256';
import { loadSchnorrVerifier, schnorrVerifierLoaded } from './nostr/event';
import { mayCarryNostrEvent } from './nostr/prepare';
import { mayCarryOtsProof } from './ots/prepare';
import { loadOtsVerifier, otsVerifierLoaded } from './ots/verifier';

const ANCHOR_CODE: {
  loaded: () => boolean;
  load: () => Promise<void>;
  mayNeed: (doc: DetectedDocument) => boolean;
}[] = [
  { loaded: schnorrVerifierLoaded, load: loadSchnorrVerifier, mayNeed: mayCarryNostrEvent },
  {
    loaded: () => legacyHashesLoaded() && otsVerifierLoaded(),
    load: async () => {
      await Promise.all([loadLegacyHashes(), loadOtsVerifier()]);
    },
    mayNeed: mayCarryOtsProof,
  },
];

/**
 * Where scanning stops paying: the two scans (textMayCarryNostrEvent, textMayCarryOtsProof)
 * cost time in proportion to the text, while loading the two modules costs a fixed amount, and
 * from about this size the scans cost more than the loading. The small inputs the page weight
 * is counted on stay far below it.
 */
const LOAD_WITHOUT_SCANNING = 16 * 1024 * 1024;

/** Starts loading the anchor code `docs` may need; undefined when there is nothing to load. */
export function anchorCodeLoads(docs: readonly DetectedDocument[]): Promise<void>[] | undefined {
  // (Called for every JSON Lines record: nothing is made when there is nothing to load.)
  let units = 0;
  for (const doc of docs) units += doc.source.text.length;
  let loads: Promise<void>[] | undefined;
  for (const { loaded, load, mayNeed } of ANCHOR_CODE)
    if (!loaded() && (units >= LOAD_WITHOUT_SCANNING || docs.some(mayNeed)))
      (loads ??= []).push(load());
  return loads;
}
