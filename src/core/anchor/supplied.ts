/**
 * What the anchor checks read of the documents supplied beside a record: the block headers among
 * them, the files a proof may timestamp, and the digests the supplied records declare.
 */
import type { VerifyContext } from '../context';
import { bytesToHex } from '../encoding/hex';
import { parseDigestBytes } from '../encoding/digest';
import { member, type JsonValue } from '../json/ast';
import { ANCHOR_MATERIAL_KINDS } from '../model/kinds';
import { isReceiptKind, receiptObjectOf } from '../receipt/node';
import type { BlockHeaderSummary } from './details';
import { analyseBlockHeader, describeWork, parseBlockHeaderHex } from './ots/bitcoin-header';
import type { AnchoredValue, SuppliedHeader } from './ots/verify-ots';

/** Block headers among the supplied documents (plus explicit ones), analysed once. */
export function suppliedHeaders(ctx: VerifyContext, explicit: Uint8Array[] = []): SuppliedHeader[] {
  const out: SuppliedHeader[] = [];
  for (const doc of ctx.supplied) {
    if (doc.kind !== 'block-header') continue;
    const parsed = parseBlockHeaderHex(doc.source.text);
    if (parsed.ok)
      out.push({ source: doc.name, header: analyseBlockHeader(parsed.bytes, ctx.hashing) });
  }
  explicit.forEach((bytes, i) => {
    if (bytes.length === 80)
      out.push({ source: `header ${i + 1}`, header: analyseBlockHeader(bytes, ctx.hashing) });
  });
  return out;
}

export function summariseHeaders(headers: SuppliedHeader[]): BlockHeaderSummary[] {
  return headers.map(({ source, header }) => ({
    source,
    hash: header.hash,
    merkleRoot: bytesToHex(header.merkleRoot),
    time: header.timeIso,
    bits: `0x${header.bits.toString(16).padStart(8, '0')}`,
    proofOfWork: header.proofOfWork.valid
      ? `valid (difficulty ${Math.round(header.proofOfWork.difficulty)}, ${describeWork(header.proofOfWork.workBits)})`
      : `invalid: ${header.proofOfWork.reason}`,
  }));
}

/** Supplied files that are not anchor material: a proof may timestamp one of them. */
export function suppliedFiles(ctx: VerifyContext): { name: string; bytes: Uint8Array }[] {
  return ctx.supplied
    .filter((doc) => !ANCHOR_MATERIAL_KINDS.has(doc.kind))
    .map((doc) => ({ name: doc.name, bytes: doc.bytes }));
}

/**
 * Digests that supplied records declare (a receipt's output_hash, a workflow's merkle_root, a
 * commitment's final_entry_digest): what a proof or event verified on its own may be about.
 * These are the records' declared values; the records themselves are verified separately.
 */
export function suppliedRecordValues(ctx: VerifyContext): AnchoredValue[] {
  const out: AnchoredValue[] = [];
  const add = (label: string, node: JsonValue | undefined): void => {
    const bytes =
      node?.type === 'string' ? parseDigestBytes(node.value, 'bare-or-prefixed') : undefined;
    if (bytes) out.push({ label, member: 'supplied.record', bytes });
  };
  for (const doc of ctx.supplied) {
    const root = doc.root;
    if (root?.type !== 'object') continue;
    const commitment = member(root, 'commitment');
    const receipt = isReceiptKind(doc.kind) ? receiptObjectOf(root, doc.kind) : undefined;
    if (receipt) add(`output_hash of supplied receipt ${doc.name}`, member(receipt, 'output_hash'));
    if (doc.kind === 'workflow')
      add(`merkle_root of supplied workflow ${doc.name}`, member(root, 'merkle_root'));
    if (doc.kind === 'commitment')
      add(
        `final_entry_digest of supplied commitment ${doc.name}`,
        member(root, 'final_entry_digest'),
      );
    if (doc.kind === 'timeline' && commitment?.type === 'object')
      add(
        `final_entry_digest of supplied timeline ${doc.name}`,
        member(commitment, 'final_entry_digest'),
      );
  }
  return out;
}
