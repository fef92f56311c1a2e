/**
 * Evidence linkage for a receipt (spec §2.6): `evidence_sha256` (+ `evidence_byte_length`) and
 * `evidence_references[].canonical_sha256` sit outside canonical_bytes, so output_hash does not
 * cover them. They are checkable only against bytes the user supplies.
 */
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import type { DetectedDocument } from '../model/document';
import { parseDigest } from '../encoding/digest';
import { bytesToHex } from '../encoding/hex';
import { member, type JsonObject } from '../json/ast';
import { integerOf } from '../json/integer-lexeme';
import { ANCHOR_MATERIAL_KINDS } from '../model/kinds';
import { defineRules } from '../rules/rule';

/** §2.6 evidence rules: checkable only against files the user supplies. */
export const EVIDENCE_RULES = defineRules({
  sha256Format: {
    id: 'receipt.evidence_sha256.format',
    dimension: 'schema_validity',
    section: '§6 step 4',
    origin: 'verifier',
    reference: '§2.6',
    pass: 'evidence_sha256 is sha256: + lowercase hex',
    fail: 'evidence_sha256 is not sha256: + lowercase hex digest',
  },
  sha256Match: {
    id: 'receipt.evidence_sha256.match',
    dimension: 'evidence_linkage',
    section: '§6 step 4',
    origin: 'verifier',
    reference: '§2.6',
    pass: 'supplied file <file> matches evidence_sha256',
    fail: 'no supplied file matches evidence_sha256',
    // Present but not checkable without the file (spec §6 unavailable), as an anchor's event is.
    unavailable: 'evidence_sha256 present; supply the evidence file to check it',
  },
  byteLength: {
    id: 'receipt.evidence_byte_length',
    dimension: 'evidence_linkage',
    section: '§6 step 4',
    origin: 'verifier',
    reference: '§2.6',
    pass: 'evidence_byte_length equals the supplied file length',
    fail: 'evidence_byte_length does not match the supplied evidence',
  },
  referencesFormat: {
    id: 'receipt.evidence_references.format',
    dimension: 'schema_validity',
    section: '§6 step 4',
    origin: 'verifier',
    reference: '§2.6',
    pass: 'evidence_references[<index>].canonical_sha256 is sha256-<lowercase hex>',
    fail: 'evidence_references[<index>].canonical_sha256 is not sha256-<lowercase hex>',
  },
  referencesMatch: {
    id: 'receipt.evidence_references.match',
    dimension: 'evidence_linkage',
    section: '§6 step 4',
    origin: 'verifier',
    reference: '§2.6',
    pass: 'supplied file <file> matches evidence_references[<index>]',
    unavailable:
      'evidence_references[<index>] could not be checked: no supplied file has that digest',
  },
  none: {
    id: 'receipt.evidence.none',
    dimension: 'evidence_linkage',
    section: '§6 step 4',
    origin: 'verifier',
    reference: '§2.6',
    not_checked: 'the receipt carries no evidence digests',
  },
});

export function checkReceiptEvidence(
  receipt: JsonObject,
  ctx: VerifyContext,
  list: CheckList,
): void {
  const { suppliedDigests, candidates } =
    ctx.supplied.length > 0 ? suppliedFiles(receipt, ctx) : NOTHING_SUPPLIED;

  const evidenceSha = member(receipt, 'evidence_sha256');
  if (evidenceSha) {
    const hex =
      evidenceSha.type === 'string' ? parseDigest(evidenceSha.value, 'prefixed') : undefined;
    if (hex === undefined) {
      list.fail(EVIDENCE_RULES.sha256Format, evidenceSha);
    } else {
      list.pass(EVIDENCE_RULES.sha256Format, evidenceSha);
      const found = suppliedDigests.get(hex);
      if (found) {
        list.pass(EVIDENCE_RULES.sha256Match, evidenceSha, { params: { file: found.name } });
        const length = member(receipt, 'evidence_byte_length');
        if (length) {
          // The lexeme, as canonical_byte_length: 98.0000000000000001 reads as 98 but is not it.
          if (integerOf(length, 'integer-lexeme') === String(found.length)) {
            list.pass(EVIDENCE_RULES.byteLength, length);
          } else {
            list.fail(EVIDENCE_RULES.byteLength, length, { expected: String(found.length) });
          }
        }
      } else if (candidates.length > 0) {
        list.fail(EVIDENCE_RULES.sha256Match, evidenceSha, {
          expected: evidenceSha.type === 'string' ? evidenceSha.value : undefined,
          detail: `Supplied: ${candidates.map((d) => d.name).join(', ')}`,
        });
      } else {
        list.unavailable(EVIDENCE_RULES.sha256Match, evidenceSha);
      }
    }
  }

  const references = member(receipt, 'evidence_references');
  if (references?.type === 'array') {
    references.items.forEach((reference, index) => {
      const digest =
        reference.type === 'object' ? member(reference, 'canonical_sha256') : undefined;
      const hex = digest?.type === 'string' ? parseDigest(digest.value, 'hyphenated') : undefined;
      if (!digest || hex === undefined) {
        list.fail(EVIDENCE_RULES.referencesFormat, digest ?? reference, { params: { index } });
        return;
      }
      list.pass(EVIDENCE_RULES.referencesFormat, digest, { params: { index } });
      const found = suppliedDigests.get(hex);
      if (found) {
        list.pass(EVIDENCE_RULES.referencesMatch, digest, {
          params: { file: found.name, index },
        });
      } else {
        list.unavailable(EVIDENCE_RULES.referencesMatch, digest, { params: { index } });
      }
    });
  }
  if (!evidenceSha && !references) {
    list.notChecked(EVIDENCE_RULES.none);
  }
}

interface SuppliedFiles {
  /** Each supplied file by the hex SHA-256 of its bytes. */
  suppliedDigests: ReadonlyMap<string, { name: string; length: number }>;
  /**
   * The files that could have been meant as the evidence_sha256 file: not anchor material (a
   * proof or event supplied for the anchor) and not the file of an evidence reference. Only
   * these turn "no match" into a failure; otherwise the digest is simply not checked.
   */
  candidates: readonly DetectedDocument[];
}

/** What a receipt with nothing supplied has (every member of a batch or JSON Lines stream). */
const NOTHING_SUPPLIED: SuppliedFiles = { suppliedDigests: new Map(), candidates: [] };

function suppliedFiles(receipt: JsonObject, ctx: VerifyContext): SuppliedFiles {
  const suppliedDigests = new Map<string, { name: string; length: number }>();
  const digestOf = new Map<DetectedDocument, string>();
  for (const doc of ctx.supplied) {
    const digest = bytesToHex(ctx.hashing.sha256(doc.bytes));
    digestOf.set(doc, digest);
    suppliedDigests.set(digest, { name: doc.name, length: doc.bytes.length });
  }
  const referenced = referencedDigests(receipt);
  const candidates = ctx.supplied.filter(
    (doc) => !ANCHOR_MATERIAL_KINDS.has(doc.kind) && !referenced.has(digestOf.get(doc) ?? ''),
  );
  return { suppliedDigests, candidates };
}

/** Bare hex digests of the well-formed evidence_references[].canonical_sha256 values. */
function referencedDigests(receipt: JsonObject): Set<string> {
  const digests = new Set<string>();
  const references = member(receipt, 'evidence_references');
  if (references?.type !== 'array') return digests;
  for (const reference of references.items) {
    const digest = reference.type === 'object' ? member(reference, 'canonical_sha256') : undefined;
    const hex = digest?.type === 'string' ? parseDigest(digest.value, 'hyphenated') : undefined;
    if (hex !== undefined) digests.add(hex);
  }
  return digests;
}
