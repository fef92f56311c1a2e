/**
 * Evidence linkage for a receipt (spec §2.6): `evidence_sha256` (+ `evidence_byte_length`) and
 * `evidence_references[].canonical_sha256` sit outside canonical_bytes, so output_hash does not
 * cover them. They are checkable only against bytes the user supplies.
 */
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import { bytesToHex } from '../encoding/hex';
import { member, type JsonObject } from '../json/ast';
import type { DocumentKind } from '../report';

/** Supplied documents that are anchor material, never candidates for a receipt's evidence. */
const ANCHOR_MATERIAL = new Set<DocumentKind>(['ots-proof', 'nostr-event', 'block-header']);

export function checkReceiptEvidence(
  receipt: JsonObject,
  ctx: VerifyContext,
  list: CheckList,
): void {
  const suppliedDigests = new Map<string, { name: string; length: number }>();
  const digestOf = new Map<(typeof ctx.supplied)[number], string>();
  for (const doc of ctx.supplied) {
    const digest = bytesToHex(ctx.hashing.sha256(doc.bytes));
    digestOf.set(doc, digest);
    suppliedDigests.set(digest, { name: doc.name, length: doc.bytes.length });
  }
  // The files that could have been meant as the evidence_sha256 file: not anchor material
  // (a proof or event supplied for the anchor) and not the file of an evidence reference.
  // Only these turn "no match" into a failure; otherwise the digest is simply not checked.
  const referenced = referencedDigests(receipt);
  const candidates = ctx.supplied.filter(
    (doc) => !ANCHOR_MATERIAL.has(doc.kind) && !referenced.has(digestOf.get(doc) ?? ''),
  );

  const evidenceSha = member(receipt, 'evidence_sha256');
  if (evidenceSha) {
    const match =
      evidenceSha.type === 'string' ? /^sha256:([0-9a-f]{64})$/.exec(evidenceSha.value) : null;
    if (!match) {
      list.fail(
        'schema_validity',
        'receipt.evidence_sha256.format',
        'evidence_sha256 is not sha256: + lowercase hex digest',
        evidenceSha,
      );
    } else {
      list.pass(
        'schema_validity',
        'receipt.evidence_sha256.format',
        'evidence_sha256 is sha256: + lowercase hex',
        evidenceSha,
      );
      const found = suppliedDigests.get(match[1] as string);
      if (found) {
        list.pass(
          'evidence_linkage',
          'receipt.evidence_sha256.match',
          `supplied file ${found.name} matches evidence_sha256`,
          evidenceSha,
        );
        const length = member(receipt, 'evidence_byte_length');
        if (length) {
          if (length.type === 'number' && length.value === found.length) {
            list.pass(
              'evidence_linkage',
              'receipt.evidence_byte_length',
              'evidence_byte_length equals the supplied file length',
              length,
            );
          } else {
            list.fail(
              'evidence_linkage',
              'receipt.evidence_byte_length',
              'evidence_byte_length does not match the supplied evidence',
              length,
              {
                expected: String(found.length),
              },
            );
          }
        }
      } else if (candidates.length > 0) {
        list.fail(
          'evidence_linkage',
          'receipt.evidence_sha256.match',
          'no supplied file matches evidence_sha256',
          evidenceSha,
          {
            expected: evidenceSha.type === 'string' ? evidenceSha.value : undefined,
            detail: `Supplied: ${candidates.map((d) => d.name).join(', ')}`,
          },
        );
      } else {
        list.notChecked(
          'evidence_linkage',
          'receipt.evidence_sha256.match',
          'evidence_sha256 present; supply the evidence file to check it',
          evidenceSha,
        );
      }
    }
  }

  const references = member(receipt, 'evidence_references');
  if (references?.type === 'array') {
    references.items.forEach((reference, index) => {
      const digest =
        reference.type === 'object' ? member(reference, 'canonical_sha256') : undefined;
      const match = digest?.type === 'string' ? /^sha256-([0-9a-f]{64})$/.exec(digest.value) : null;
      if (!digest || !match) {
        list.fail(
          'schema_validity',
          'receipt.evidence_references.format',
          `evidence_references[${index}].canonical_sha256 is not sha256-<lowercase hex>`,
          digest ?? reference,
        );
        return;
      }
      list.pass(
        'schema_validity',
        'receipt.evidence_references.format',
        `evidence_references[${index}].canonical_sha256 is sha256-<lowercase hex>`,
        digest,
      );
      const found = suppliedDigests.get(match[1] as string);
      if (found) {
        list.pass(
          'evidence_linkage',
          'receipt.evidence_references.match',
          `supplied file ${found.name} matches evidence_references[${index}]`,
          digest,
        );
      } else {
        list.notChecked(
          'evidence_linkage',
          'receipt.evidence_references.match',
          `evidence_references[${index}] not checked: no supplied file has that digest`,
          digest,
        );
      }
    });
  }
  if (!evidenceSha && !references) {
    list.notChecked(
      'evidence_linkage',
      'receipt.evidence.none',
      'the receipt carries no evidence digests',
      undefined,
    );
  }
}

/** Bare hex digests of the well-formed evidence_references[].canonical_sha256 values. */
function referencedDigests(receipt: JsonObject): Set<string> {
  const digests = new Set<string>();
  const references = member(receipt, 'evidence_references');
  if (references?.type !== 'array') return digests;
  for (const reference of references.items) {
    const digest = reference.type === 'object' ? member(reference, 'canonical_sha256') : undefined;
    const match = digest?.type === 'string' ? /^sha256-([0-9a-f]{64})$/.exec(digest.value) : null;
    if (match?.[1]) digests.add(match[1]);
  }
  return digests;
}
