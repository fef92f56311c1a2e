/**
 * Anything of no AER-1 kind. Beside a record it is material (an evidence file, a final answer,
 * a step record) that joins the record committing to its SHA-256; alone it gets a report saying
 * what it is not.
 */
import { bytesToHex } from '../encoding/hex';
import type { KindDescriptor } from './kind';
import { DOCUMENT_RULES } from '../document-rules';
import { KIND_LABELS } from '../model/kinds';

export const UNKNOWN_KIND: KindDescriptor = {
  kind: 'unknown',
  label: KIND_LABELS.unknown,
  role: 'material',
  joins: (doc, hashing) => [`digest:${bytesToHex(hashing.sha256(doc.bytes))}`],
  // What it is not (document.kind) is declared with the rules of every document.
  rules: [DOCUMENT_RULES],
};
