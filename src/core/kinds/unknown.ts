/**
 * Anything of no AER-1 kind. Beside a record it is material (an evidence file, a final answer,
 * a step record) that joins the record committing to its SHA-256; alone it gets a report saying
 * what it is not.
 */
import { bytesToHex } from '../encoding/hex';
import type { KindDescriptor } from './kind';
import { KIND_LABELS } from '../model/kinds';

export const UNKNOWN_KIND: KindDescriptor = {
  kind: 'unknown',
  label: KIND_LABELS.unknown,
  role: 'material',
  joins: (doc, hashing) => [`digest:${bytesToHex(hashing.sha256(doc.bytes))}`],
};
