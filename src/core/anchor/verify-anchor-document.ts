/**
 * A Nostr event, an OpenTimestamps proof or a Bitcoin block header verified on its own (spec §5).
 * Dimensions: the document's own form is schema_validity; what its own bytes prove is
 * byte_integrity (event id, a supplied file matching the proof's start digest, a header's proof
 * of work); the event signature is issuer_authenticity, about the event's key only; what the
 * document attests (Bitcoin confirmation, binding to a supplied record) is anchor_verification.
 */
import { NOSTR_RULES } from './nostr/rules';
import { ANCHOR_RULES } from './rules';
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import type { DetectedDocument } from '../model/document';
import { bytesToHex } from '../encoding/hex';
import { member } from '../json/ast';
import { buildReport } from '../report';
import { type Dimension, type Report } from '../model/report';
import {
  suppliedFiles,
  suppliedHeaders,
  suppliedRecordValues,
  summariseHeaders,
} from './check-anchors';
import {
  AnchorRecorder,
  emptyAnchorDetails,
  type AnchorDetails,
  type AnchorEntry,
} from './details';
import { containsTarget, type BindingTarget } from './nostr/binding';
import { unixToIso } from './formats';
import { readEventRecording, recordEventBinding, recordEventIntegrity } from './nostr/verify-event';
import { analyseBlockHeader, describeWork, parseBlockHeaderHex } from './ots/bitcoin-header';
import { parseOts } from './ots/parse';
import { fileDigest } from './ots/file-digest';
import { checkOtsProof } from './ots/verifier';
import type { SuppliedHeader } from './ots/verify-ots';
import { ANCHOR_LIMITS, STANDING_LIMITS } from '../limits';
import { isReceiptKind, receiptObjectOf } from '../receipt/node';

export function verifyAnchorDocument(
  doc: DetectedDocument,
  ctx: VerifyContext,
  list: CheckList,
): Report<AnchorDetails> {
  const details = emptyAnchorDetails();
  let limits: string[];
  // What the document itself claims: an event its signature, a proof its attestation.
  let alsoOwn: Dimension[] = [];
  if (doc.kind === 'nostr-event') {
    details.anchors.push(verifyEventDocument(doc, ctx, list));
    limits = [ANCHOR_LIMITS.nostr];
    alsoOwn = ['issuer_authenticity'];
  } else if (doc.kind === 'ots-proof') {
    details.anchors.push(verifyOtsDocument(doc, ctx, list, details));
    limits = [ANCHOR_LIMITS.ots];
    alsoOwn = ['anchor_verification'];
  } else {
    verifyHeaderDocument(doc, ctx, list, details);
    limits = [ANCHOR_LIMITS.header, ANCHOR_LIMITS.ots];
  }
  return buildReport({
    kind: doc.kind,
    source: doc.name,
    checks: list.checks,
    limits: [...limits, STANDING_LIMITS.hashMatch],
    chainApplies: false,
    alsoOwn,
    details,
  });
}

function verifyEventDocument(
  doc: DetectedDocument,
  ctx: VerifyContext,
  list: CheckList,
): AnchorEntry {
  const entry: AnchorEntry = {
    kind: 'nostr',
    binds: 'nothing checked',
    bound: [],
    bindsRecord: false,
    source: doc.name,
    steps: [],
  };
  const rec = new AnchorRecorder(list, entry, 'anchor_verification', doc.root);
  if (!doc.root) return entry;
  const event = readEventRecording(doc.root, rec, (node) => node, 'schema_validity');
  if (!event) return entry;
  rec.record('pass', NOSTR_RULES.eventShape, 'event shape', { dimension: 'schema_validity' });
  entry.eventId = event.id;
  entry.pubkey = event.pubkey;
  const time = unixToIso(event.created_at);
  if (time) entry.witnessTime = time;
  recordEventIntegrity(event, ctx.hashing, rec, {
    idDimension: 'byte_integrity',
    signatureDimension: 'issuer_authenticity',
    counts: true,
    place: doc.root,
  });

  // What the event may bind among the other supplied documents: their SHA-256, the digests
  // supplied records declare, and (weakly) a supplied receipt's id.
  const targets: BindingTarget[] = [
    ...ctx.supplied.map((other) =>
      containsTarget(`the SHA-256 of supplied file ${other.name}`, 'supplied.file', [
        bytesToHex(fileDigest('sha256', other.bytes, ctx.hashing)),
      ]),
    ),
    ...suppliedRecordValues(ctx).map((v) =>
      containsTarget(`the ${v.label}`, v.member, [bytesToHex(v.bytes)]),
    ),
  ];
  for (const other of ctx.supplied) {
    const receipt = isReceiptKind(other.kind) ? receiptObjectOf(other.root, other.kind) : undefined;
    const id = receipt ? member(receipt, 'id') : undefined;
    if (id?.type === 'string')
      targets.push(
        containsTarget(
          `the id of supplied receipt ${other.name}`,
          'supplied.record',
          [id.value],
          false,
        ),
      );
  }
  if (targets.length === 0) {
    rec.record('not_checked', NOSTR_RULES.eventBinding, 'binding', {
      detail:
        'An event on its own shows who published it (its key), not that it anchors any particular record.',
    });
  } else {
    const binding = recordEventBinding(event, targets, rec, { unmatched: 'fail', place: doc.root });
    if (binding) {
      entry.binds = binding.target.label.replace(/^the /, '');
      entry.bound = [binding.target.member];
      entry.bindsRecord = true;
    }
  }
  return entry;
}

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
    throw new Error(`verifyAnchorDocument: not an 80-byte block header: ${parsed.problem}`);
  }
  list.pass(ANCHOR_RULES.headerFormat, place);
  const header = analyseBlockHeader(parsed.bytes, ctx.hashing);
  const self: SuppliedHeader = { source: doc.name, header };
  details.blockHeaders = summariseHeaders([self]);
  const facts = `hash ${header.hash}, time ${header.timeIso}, merkle root ${bytesToHex(header.merkleRoot)} (internal byte order), bits 0x${header.bits.toString(16).padStart(8, '0')}`;
  if (header.proofOfWork.valid) {
    list.pass(ANCHOR_RULES.headerProofOfWork, place, {
      detail: `${facts}; difficulty ${Math.round(header.proofOfWork.difficulty)}, ${describeWork(header.proofOfWork.workBits)}. The header meets its own target; it cannot show its height or that it is in the main chain.`,
    });
  } else {
    list.fail(ANCHOR_RULES.headerProofOfWork, place, {
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
  if (details.anchors.length === 0) list.notChecked(ANCHOR_RULES.headerProofs);
}
