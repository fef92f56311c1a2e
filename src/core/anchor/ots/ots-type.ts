/**
 * The OpenTimestamps anchor type (spec §5.3): an .ots proof as a document of its own or supplied
 * beside a record, and the Bitcoin block header that confirms a proof's attestation. The proof
 * checks, SHA-1 and RIPEMD-160 load only for an input that may carry a proof.
 */
import { legacyHashesLoaded, loadLegacyHashes } from '../../hash/sha256';
import type { KindDescriptor } from '../../kinds/kind';
import { ANCHOR_LIMITS } from '../../limits';
import { KIND_LABELS } from '../../model/kinds';
import type { CheckList } from '../../checks';
import type { VerifyContext } from '../../context';
import { bytesToHex } from '../../encoding/hex';
import type { DetectedDocument } from '../../model/document';
import type { AnchorDescriptor } from '../anchor-type';
import type { AnchorDetails, AnchorEntry } from '../details';
import { anchorDocumentVerifier } from '../document-report';
import {
  suppliedFiles,
  suppliedHeaders,
  suppliedRecordValues,
  summariseHeaders,
} from '../supplied';
import { analyseBlockHeader, describeWork, parseBlockHeaderHex } from './bitcoin-header';
import type { SuppliedHeader } from './verify-ots';
import { OTS_MAGIC, startsWith } from './magic';
import { parseOts, startDigestHex } from './parse';
import { mayCarryOtsProof } from './prepare';
import { BLOCK_HEADER_RULES } from '../rules';
import { checkOtsProof, loadOtsVerifier, otsVerifierLoaded } from './verifier';

/** A proof verified on its own: against the supplied files and the digests supplied records declare. */
function verifyOtsDocument(
  doc: DetectedDocument,
  ctx: VerifyContext,
  list: CheckList,
  details: AnchorDetails,
): AnchorEntry {
  const headers = suppliedHeaders(ctx);
  if (headers.length > 0) details.blockHeaders = summariseHeaders(headers);
  const files = suppliedFiles(ctx);
  const candidates = suppliedRecordValues(ctx);
  return checkOtsProof(
    parseOts(doc.bytes),
    {
      source: doc.name,
      candidates,
      files,
      filesAreTheRecord: true,
      unmatched: files.length + candidates.length > 0 ? 'fail' : 'not_checked',
      headers,
      dimensions: {
        parse: 'schema_validity',
        binding: 'byte_integrity',
        attestation: 'anchor_verification',
      },
      reportUnbound: true,
    },
    ctx.hashing,
    list,
  );
}

/** A block header verified on its own: its form, its proof of work, the supplied proofs against it. */
function verifyHeaderDocument(
  doc: DetectedDocument,
  ctx: VerifyContext,
  list: CheckList,
  details: AnchorDetails,
): void {
  const place = { pointer: '', start: 0, end: doc.source.text.length };
  const parsed = parseBlockHeaderHex(doc.source.text);
  if (!parsed.ok) {
    // Detection recognises a header by its 160 hex digits, so this is a caller's bug (a kind
    // forced on other text), not a finding about the input.
    throw new Error(`verifyHeaderDocument: not an 80-byte block header: ${parsed.problem}`);
  }
  list.pass(BLOCK_HEADER_RULES.headerFormat, place);
  const header = analyseBlockHeader(parsed.bytes, ctx.hashing);
  const self: SuppliedHeader = { source: doc.name, header };
  details.blockHeaders = summariseHeaders([self]);
  const facts = `hash ${header.hash}, time ${header.timeIso}, merkle root ${bytesToHex(header.merkleRoot)} (internal byte order), bits 0x${header.bits.toString(16).padStart(8, '0')}`;
  if (header.proofOfWork.valid) {
    list.pass(BLOCK_HEADER_RULES.headerProofOfWork, place, {
      detail: `${facts}; difficulty ${Math.round(header.proofOfWork.difficulty)}, ${describeWork(header.proofOfWork.workBits)}. The header meets its own target; it cannot show its height or that it is in the main chain.`,
    });
  } else {
    list.fail(BLOCK_HEADER_RULES.headerProofOfWork, place, {
      detail: `${header.proofOfWork.reason}; ${facts}.`,
    });
  }
  // Supplied proofs are checked against this header (and any other supplied headers).
  const headers = [self, ...suppliedHeaders(ctx)];
  const files = suppliedFiles(ctx);
  const candidates = suppliedRecordValues(ctx);
  for (const other of ctx.supplied) {
    if (other.kind !== 'ots-proof') continue;
    details.anchors.push(
      checkOtsProof(
        parseOts(other.bytes),
        {
          source: other.name,
          candidates,
          files,
          filesAreTheRecord: true,
          unmatched: 'not_checked',
          headers,
          reportUnbound: true,
          subject: other.name,
        },
        ctx.hashing,
        list,
      ),
    );
  }
  if (details.anchors.length === 0) list.notChecked(BLOCK_HEADER_RULES.headerProofs);
}

export const OTS_PROOF_KIND: KindDescriptor = {
  kind: 'ots-proof',
  label: KIND_LABELS['ots-proof'],
  accepts: 'an OpenTimestamps .ots proof',
  recogniseBytes: (bytes) =>
    startsWith(bytes, OTS_MAGIC) ? 'starts with the OpenTimestamps proof magic' : undefined,
  role: 'material',
  joins: (doc) => {
    const parsed = parseOts(doc.bytes);
    return parsed.ok ? [`anchorable:${startDigestHex(parsed.proof)}`] : [];
  },
  verify: anchorDocumentVerifier(
    (doc, ctx, list, details) => details.anchors.push(verifyOtsDocument(doc, ctx, list, details)),
    [ANCHOR_LIMITS.ots],
    ['anchor_verification'],
  ),
  vectors: 'anchor/ots',
  details: 'anchors',
};

export const BLOCK_HEADER_KIND: KindDescriptor = {
  kind: 'block-header',
  label: KIND_LABELS['block-header'],
  accepts: 'an 80-byte Bitcoin block header in hex',
  recogniseText: (trimmed) =>
    /^(0x)?[0-9a-fA-F]{160}$/.test(trimmed) ? '160 hex digits: an 80-byte block header' : undefined,
  role: 'material',
  follows: 'ots-proof',
  verify: anchorDocumentVerifier(
    verifyHeaderDocument,
    [ANCHOR_LIMITS.header, ANCHOR_LIMITS.ots],
    [],
  ),
  vectors: 'anchor',
  details: 'anchors',
};

export const OTS_ANCHOR: AnchorDescriptor = {
  name: 'ots',
  kinds: { 'ots-proof': OTS_PROOF_KIND, 'block-header': BLOCK_HEADER_KIND },
  supplied: {
    rank: 1,
    kind: 'ots-proof',
    check: (doc, against, ctx, list) =>
      checkOtsProof(
        parseOts(doc.bytes),
        {
          source: doc.name,
          candidates: against.values,
          files: against.files,
          unmatched: against.unmatched,
          headers: against.headers,
          subject: doc.name,
        },
        ctx.hashing,
        list,
      ),
  },
  limit: { text: ANCHOR_LIMITS.ots },
  code: [
    {
      loaded: () => legacyHashesLoaded() && otsVerifierLoaded(),
      load: async () => {
        await Promise.all([loadLegacyHashes(), loadOtsVerifier()]);
      },
      mayNeed: mayCarryOtsProof,
    },
  ],
  // (Its proof checks' table, OTS_RULES, loads with them: rules/catalogue.ts lists it.)
  rules: [BLOCK_HEADER_RULES],
  vectors: 'anchor/ots',
};
