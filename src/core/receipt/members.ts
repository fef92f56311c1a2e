/**
 * The members the receipt rules read, found in one pass over the receipt's members: each rule
 * is given its member rather than looking it up by name (a receipt's dozen reads were a
 * lookup each).
 */
import type { JsonObject, JsonValue } from '../json/ast';

/** A receipt's members by name; with a repeated name, the last one, as member() reads it. */
export class ReceiptMembers {
  id: JsonValue | undefined = undefined;
  receipt_schema_version: JsonValue | undefined = undefined;
  created_at: JsonValue | undefined = undefined;
  tool: JsonValue | undefined = undefined;
  provenance_class: JsonValue | undefined = undefined;
  canonical_bytes: JsonValue | undefined = undefined;
  output_hash: JsonValue | undefined = undefined;
  verification_status: JsonValue | undefined = undefined;
  canonical_byte_length: JsonValue | undefined = undefined;
  metadata_hash: JsonValue | undefined = undefined;
  result_preview: JsonValue | undefined = undefined;
  checks: JsonValue | undefined = undefined;

  constructor(receipt: JsonObject) {
    for (const value of receipt.memberValues) {
      switch (value.key) {
        case 'id':
          this.id = value;
          break;
        case 'receipt_schema_version':
          this.receipt_schema_version = value;
          break;
        case 'created_at':
          this.created_at = value;
          break;
        case 'tool':
          this.tool = value;
          break;
        case 'provenance_class':
          this.provenance_class = value;
          break;
        case 'canonical_bytes':
          this.canonical_bytes = value;
          break;
        case 'output_hash':
          this.output_hash = value;
          break;
        case 'verification_status':
          this.verification_status = value;
          break;
        case 'canonical_byte_length':
          this.canonical_byte_length = value;
          break;
        case 'metadata_hash':
          this.metadata_hash = value;
          break;
        case 'result_preview':
          this.result_preview = value;
          break;
        case 'checks':
          this.checks = value;
          break;
      }
    }
  }
}
