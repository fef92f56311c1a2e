/**
 * Checks of one OpenTimestamps proof (spec §5.3): (1) its start digest equals an anchored value,
 * (2) replay from that digest reaches each attestation, (3) a Bitcoin attestation's value equals
 * the merkle root of a supplied block header with valid proof of work. Pending and unknown
 * attestations are reported, never failed.
 */
import type { CheckList, Place } from '../../checks';
import { ruleMessage, type Rule, type RuleParams } from '../../rules/rule';
import { OTS_RULES as O } from './rules';
import { bytesEqual, bytesToHex } from '../../encoding/hex';
import type { Hashing } from '../../hash/sha256';
import type { CheckStatus, Dimension } from '../../model/report';
import {
  AnchorRecorder,
  type AnchorAttestation,
  type AnchorEntry,
  type AnchoredMember,
} from '../details';
import { describeAttestation } from './attestations';
import { MIN_EVIDENCE_WORK_BITS } from '../../bounds';
import { describeWork, type BlockHeader } from './bitcoin-header';
import type { FileHashOp, OtsParseResult } from './parse';
import { replayOts, type ReplayedAttestation } from './replay';
import { fileDigest } from './file-digest';

/** A value an anchor may commit to, e.g. a receipt's output hash bytes or a workflow root. */
export interface AnchoredValue {
  label: string;
  /** Which value of the record it is, as data. */
  member: AnchoredMember;
  bytes: Uint8Array;
}

export interface SuppliedHeader {
  source: string;
  header: BlockHeader;
}

export interface OtsCheckOptions {
  /** Where the proof came from (file name or "anchor.proof.ots"). */
  source: string;
  /** Values of this record; a start digest equal to one binds the proof to the record. */
  candidates: AnchoredValue[];
  /** Other supplied files, hashed with the proof's own file hash operation. */
  files?: { name: string; bytes: Uint8Array }[];
  /** Standalone proof: a matching supplied file is what the proof is about. */
  filesAreTheRecord?: boolean;
  /**
   * Start digest equal to nothing: 'fail' (the proof was supplied for this record), 'info' (the
   * caller passes every supplied proof to several records), 'not_checked' (nothing to compare).
   */
  unmatched: 'fail' | 'info' | 'not_checked';
  headers: SuppliedHeader[];
  /** Dimension of each step; anchor_verification unless a proof is verified on its own. */
  dimensions?: { parse?: Dimension; binding?: Dimension; attestation?: Dimension };
  /** Report attestation results even when the proof binds nothing (a proof verified on its own). */
  reportUnbound?: boolean;
  place?: Place;
  subject?: string;
}

export function checkOtsProof(
  parsed: OtsParseResult,
  options: OtsCheckOptions,
  hashing: Hashing,
  list: CheckList,
): AnchorEntry {
  const entry: AnchorEntry = {
    kind: 'ots',
    binds: 'nothing checked',
    bound: [],
    bindsRecord: false,
    source: options.source,
    steps: [],
  };
  const dims = options.dimensions ?? {};
  const rec = new AnchorRecorder(
    list,
    entry,
    dims.attestation ?? 'anchor_verification',
    options.place,
    options.subject,
  );
  if (!parsed.ok) {
    rec.record('fail', O.parse, 'parse', {
      params: { source: options.source, problem: parsed.message },
      dimension: dims.parse ?? 'anchor_verification',
    });
    return entry;
  }
  const proof = parsed.proof;
  entry.startDigest = bytesToHex(proof.startDigest);
  entry.fileHashOp = proof.fileHashOp;
  // Reading a proof is no evidence about a record: it counts only for a proof verified on its own.
  rec.record(options.reportUnbound ? 'pass' : 'info', O.parse, 'parse', {
    params: {
      summary: `version ${proof.version}, ${proof.fileHashOp} start digest, ${plural(proof.opCount, 'operation')}, ${plural(proof.attestationCount, 'attestation')}`,
    },
    dimension: dims.parse ?? 'anchor_verification',
  });

  const bound = checkStartDigest(proof.startDigest, proof.fileHashOp, options, hashing, rec, entry);
  entry.bindsRecord = bound;
  const counts = bound || options.reportUnbound === true;
  const replayed = replayOts(proof, hashing);
  recordReplay(replayed, proof.opCount, counts, rec);
  entry.attestations = checkAttestations(replayed, options.headers, counts, rec, entry);
  return entry;
}

function checkStartDigest(
  start: Uint8Array,
  op: FileHashOp,
  options: OtsCheckOptions,
  hashing: Hashing,
  rec: AnchorRecorder,
  entry: AnchorEntry,
): boolean {
  const dimension = options.dimensions?.binding ?? 'anchor_verification';
  const startHex = bytesToHex(start);
  const matches = options.candidates.filter((c) => bytesEqual(c.bytes, start));
  if (matches.length > 0) {
    entry.binds = matches.map((m) => m.label).join(', ');
    entry.bound = matches.map((m) => m.member);
    rec.record('pass', O.startDigest, 'start digest', {
      params: { bound: entry.binds },
      dimension,
      found: startHex,
    });
    return true;
  }
  const files = (options.files ?? []).filter((f) =>
    bytesEqual(fileDigest(op, f.bytes, hashing), start),
  );
  if (files.length > 0) {
    const names = files.map((f) => f.name).join(', ');
    entry.binds = `supplied file ${names}`;
    entry.bound = ['supplied.file'];
    if (options.filesAreTheRecord) {
      rec.record('pass', O.startDigest, 'start digest', {
        params: { bound: `${op} of supplied file ${names}` },
        dimension,
        found: startHex,
      });
      return true;
    }
    rec.record('info', O.startDigest, 'start digest', {
      params: { finding: `${options.source} timestamps supplied file ${names}, not this record` },
      dimension,
      found: startHex,
    });
    return false;
  }
  entry.binds = 'nothing in this record';
  const expected = options.candidates.map((c) => `${c.label} ${bytesToHex(c.bytes)}`).join('; ');
  if (options.unmatched === 'not_checked') {
    rec.record('not_checked', O.startDigest, 'start digest', {
      params: { digest: startHex },
      dimension,
    });
    return false;
  }
  rec.record(options.unmatched, O.startDigest, 'start digest', {
    params: { finding: 'start digest does not equal the anchored value' },
    dimension,
    expected: expected || 'a value of this record',
    found: startHex,
    detail: `${options.source} timestamps ${op} ${startHex}, which is none of this record's anchored values${options.files?.length ? ' nor the digest of a supplied file' : ''}.`,
  });
  return false;
}

function recordReplay(
  replayed: ReplayedAttestation[],
  opCount: number,
  counts: boolean,
  rec: AnchorRecorder,
): void {
  const reached = replayed
    .map(
      (r) => `${describeAttestation(r.attestation)}: ${r.value ? bytesToHex(r.value) : r.problem}`,
    )
    .join('; ');
  rec.record(counts ? 'pass' : 'info', O.replay, 'replay', {
    params: {
      operations: plural(opCount, 'operation'),
      attestations: plural(replayed.length, 'attestation'),
    },
    detail: `Values reached: ${reached}`,
  });
}

function checkAttestations(
  replayed: ReplayedAttestation[],
  headers: SuppliedHeader[],
  counts: boolean,
  rec: AnchorRecorder,
  entry: AnchorEntry,
): AnchorAttestation[] {
  // Only a header carrying real work can confirm: a cheaply mined one meets its own target too.
  const usable = headers.filter((h) => carriesEvidenceWork(h.header));
  const confirmation = (r: ReplayedAttestation): SuppliedHeader | undefined =>
    r.attestation.type === 'bitcoin' && r.value?.length === 32
      ? usable.find((h) => bytesEqual(h.header.merkleRoot, r.value as Uint8Array))
      : undefined;
  const anyConfirmed = replayed.some((r) => confirmation(r) !== undefined);
  const out: AnchorAttestation[] = [];
  for (const r of replayed) {
    const { status, rule, label, params, detail, expected } = judge(
      r,
      headers,
      usable,
      confirmation(r),
      anyConfirmed,
    );
    const effective: CheckStatus = counts ? status : 'info';
    const valueHex = r.value ? bytesToHex(r.value) : undefined;
    // Uncounted, the outcome is shown as information in the wording it would have had.
    const finding = ruleMessage(rule, status, params);
    const message = rec.record(effective, rule, label, {
      params: { ...params, finding },
      detail,
      ...(valueHex !== undefined ? { found: valueHex } : {}),
      ...(expected !== undefined ? { expected } : {}),
    });
    const a = r.attestation;
    const item: AnchorAttestation = {
      type: a.type,
      description: describeAttestation(a),
      tag: a.tag,
      operations: r.path.length,
      status: effective,
      detail: `${message}. ${detail}`,
    };
    if (a.type === 'bitcoin') item.height = a.height;
    if (a.type === 'pending') item.uri = a.uri;
    if (valueHex !== undefined) item.value = valueHex;
    out.push(item);
    const confirmedBy = confirmation(r);
    if (
      confirmedBy &&
      counts &&
      (!entry.witnessTime || confirmedBy.header.timeIso < entry.witnessTime)
    )
      entry.witnessTime = confirmedBy.header.timeIso;
  }
  return out;
}

function carriesEvidenceWork(header: BlockHeader): boolean {
  return header.proofOfWork.valid && header.proofOfWork.workBits >= MIN_EVIDENCE_WORK_BITS;
}

interface Judgement {
  status: CheckStatus;
  rule: Rule;
  label: string;
  params: RuleParams;
  detail: string;
  expected?: string;
}

function judge(
  r: ReplayedAttestation,
  headers: SuppliedHeader[],
  usable: SuppliedHeader[],
  confirmedBy: SuppliedHeader | undefined,
  anyConfirmed: boolean,
): Judgement {
  const a = r.attestation;
  const where = `attestation at byte ${r.offset}, ${r.path.length} operations from the start digest`;
  if (a.type === 'pending') {
    return {
      status: anyConfirmed ? 'info' : 'unavailable',
      rule: O.pending,
      label: `pending (${a.uri})`,
      params: { uri: a.uri },
      detail: `A pending attestation is a calendar's promise, not a confirmation, and not a failure: upgrade the proof (ots upgrade) once the calendar has committed it to a block (${where}).`,
    };
  }
  if (a.type === 'unknown') {
    return {
      status: anyConfirmed ? 'info' : 'unavailable',
      rule: O.unknownNotary,
      label: a.notary ?? 'unknown notary',
      params: { attestation: describeAttestation(a) },
      detail: `This verifier checks Bitcoin block-header attestations only (${where}).`,
    };
  }
  const label = `Bitcoin block ${a.height}`;
  if (!r.value) {
    return {
      status: 'unavailable',
      rule: O.bitcoin,
      label,
      params: {
        problem: `Bitcoin block ${a.height}: the path to this attestation cannot be replayed here`,
      },
      detail: `${r.problem ?? ''} (${where}).`,
    };
  }
  const valueHex = bytesToHex(r.value);
  if (r.value.length !== 32) {
    return {
      status: 'fail',
      rule: O.bitcoin,
      label,
      params: {
        problem: `Bitcoin attestation reaches a ${r.value.length}-byte value, not a 32-byte merkle root`,
      },
      detail: `A Bitcoin block-header attestation must attest a 32-byte digest (${where}).`,
    };
  }
  const heightNote = `The height ${a.height} and the time are the proof's and the header's claims: an 80-byte header carries neither its height nor evidence that it is in the main chain, only the work spent on it; compare the block hash with an independent source.`;
  if (confirmedBy) {
    const h = confirmedBy.header;
    const work = h.proofOfWork.valid ? describeWork(h.proofOfWork.workBits) : '';
    return {
      status: 'pass',
      rule: O.bitcoin,
      label,
      params: { hash: h.hash, work, height: a.height, time: h.timeIso },
      detail: `The replayed value ${valueHex} equals the merkle root of the supplied header ${h.hash} (${confirmedBy.source}), which meets its own proof-of-work target (difficulty ${h.proofOfWork.valid ? Math.round(h.proofOfWork.difficulty) : ''}). ${heightNote}`,
    };
  }
  const cheap = headers.find(
    (h) =>
      h.header.proofOfWork.valid &&
      !carriesEvidenceWork(h.header) &&
      bytesEqual(h.header.merkleRoot, r.value as Uint8Array),
  );
  if (cheap?.header.proofOfWork.valid) {
    return {
      status: 'unavailable',
      rule: O.bitcoin,
      label,
      params: {
        problem: `Bitcoin block ${a.height}: the matching header's proof of work is ${describeWork(cheap.header.proofOfWork.workBits)}`,
      },
      detail: `The supplied header ${cheap.header.hash} (${cheap.source}) carries the replayed merkle root and meets its own target, but that target takes so little work that anyone can mine such a header for any proof, so it confirms nothing. OpenTimestamps exists since 2016, when one real block already took more than 2^70 hashes; this verifier requires at least 2^${MIN_EVIDENCE_WORK_BITS}.`,
    };
  }
  const reversed = bytesToHex(r.value.slice().reverse());
  const badPow = headers.filter((h) => !h.header.proofOfWork.valid);
  const badPowMatch = badPow.find((h) => bytesEqual(h.header.merkleRoot, r.value as Uint8Array));
  if (badPowMatch) {
    const reason = badPowMatch.header.proofOfWork.valid
      ? ''
      : badPowMatch.header.proofOfWork.reason;
    return {
      status: 'fail',
      rule: O.bitcoin,
      label,
      params: { problem: 'block header proof of work is invalid' },
      detail: `The supplied header ${badPowMatch.source} carries the replayed merkle root, but ${reason}: it is not a mined Bitcoin block.`,
    };
  }
  if (usable.length === 0) {
    const cheapOnes = headers.filter((h) => h.header.proofOfWork.valid);
    const ignored =
      (badPow.length
        ? ` (supplied header${badPow.length === 1 ? '' : 's'} ${badPow.map((h) => h.source).join(', ')} ignored: invalid proof of work)`
        : '') +
      (cheapOnes.length
        ? ` (supplied header${cheapOnes.length === 1 ? '' : 's'} ${cheapOnes.map((h) => h.source).join(', ')} ignored: proof of work too cheap to be evidence, below 2^${MIN_EVIDENCE_WORK_BITS} hashes)`
        : '');
    return {
      status: 'unavailable',
      rule: O.bitcoin,
      label,
      params: {
        problem: `Bitcoin confirmation unavailable: needs the 80-byte header of block ${a.height}`,
      },
      detail: `Steps 1–2 were checked offline. Supply the header of block ${a.height} (160 hex digits) from a node or block explorer you trust; its merkle root must be ${reversed} as explorers print it (${valueHex} in internal byte order)${ignored}.`,
    };
  }
  const compared = usable
    .map((h) => `${h.source}: merkle root ${bytesToHex(h.header.merkleRoot)}`)
    .join('; ');
  if (anyConfirmed) {
    return {
      status: 'unavailable',
      rule: O.bitcoin,
      label,
      params: { problem: `Bitcoin block ${a.height}: no supplied header for this block` },
      detail: `Another attestation of this proof is confirmed; this one needs the header of block ${a.height} (${compared}).`,
    };
  }
  return {
    status: 'fail',
    rule: O.bitcoin,
    label,
    params: { problem: 'digest does not match merkle root' },
    expected: usable.map((h) => bytesToHex(h.header.merkleRoot)).join(' or '),
    detail: `The value replayed for Bitcoin block ${a.height} is not the merkle root of any supplied header (${compared}). If a supplied header is block ${a.height}'s, this proof is invalid; if it belongs to another block, supply block ${a.height}'s header. ${heightNote}`,
  };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
