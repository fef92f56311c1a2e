/**
 * One golden vector, ready for verify(): the document, the files supplied with it and the clock
 * its suite runs at. Each suite's loader (receipt, workflow, chain, anchor) yields these, so the
 * suite's own expectations test and the catalogue coverage test read the files the same way.
 */
import type { InputDocument } from '../../src/core/model/document';

export interface VectorCase {
  /** The suite's folder and the file name, e.g. `chain/seq-gap.json`. */
  name: string;
  document: InputDocument;
  supplied: InputDocument[];
  /** The suite's fixed "now" in ms since the epoch. */
  now: number;
  /** Further options the vector is verified under: a consumer clock policy, or the id the
   * document was fetched by (spec §2.4 step 1). */
  options?: { maxFutureMs?: number; maxAgeMs?: number; expectedReceiptId?: string };
}
