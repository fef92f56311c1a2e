import type { AnchorDetails } from '../anchor/details';

/** The facts a per-call receipt report carries for its views (`report.details`). */
export interface ReceiptDetails {
  type: 'receipt';
  id?: string;
  receiptSchemaVersion?: string;
  createdAt?: string;
  tool?: { name?: string; version?: string; scope?: string };
  provenanceClass?: string;
  outputHash?: string;
  computedOutputHash?: string;
  canonicalBytes?: Uint8Array;
  /** The decoded bytes as text, when they are strict UTF-8. */
  canonicalText?: string;
  /** The server's own `checks` object: its opinion, shown as claimed by the publisher. */
  publisherChecks?: unknown;
  /** JSON pointer of the receipt object inside the document ('' or '/envelope/receipt'). */
  receiptPath: string;
  /** The wrapper the receipt was taken from ("data of a structured CloudEvent"), when wrapped. */
  wrapper?: string;
  /** Anchors checked for this receipt: its `anchor` member and supplied proofs/events. */
  anchors?: AnchorDetails;
}

declare module '../report-details' {
  interface DetailsByType {
    receipt: ReceiptDetails;
  }
}
