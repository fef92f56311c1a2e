/**
 * The anchor vectors: the generated cases in ./cases (make-anchor-vectors.ts), and the fixtures
 * the anchor tests use: each OpenTimestamps example proof with the file it stamps (and again
 * with the attested block's header, where there is one), and the signed Nostr fixture: the
 * anchored receipt with its event and evidence, and the event on its own beside the receipt.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InputDocument } from '../../src/core/model/document';
import type { VectorCase } from './vector-case';
import { HEADER_358391 } from './ots-headers';
import {
  ANCHOR_CASES,
  type AnchorVectorDocument,
  type AnchorVectorFile,
} from '../generators/make-anchor-vectors';
import { vectorFolder } from './vector-folder';

/** The anchor vectors folder, src/core/anchor/vectors. */
const HERE = vectorFolder('anchor');
const OTS = join(HERE, '..', 'ots', 'vectors');
/** Fixed clock: after every fixture's timestamps. */
export const ANCHOR_VECTOR_NOW = Date.parse('2026-10-02T00:00:00Z');

/** Proofs whose Bitcoin attestation is block 358391 (see ots/vectors/README.md). */
const ATTESTS_358391 = new Set(['hello-world.txt.ots', 'bad-stamp.txt.ots']);

const bytesOf = (folder: string, name: string): InputDocument => ({
  name,
  bytes: new Uint8Array(readFileSync(join(folder, name))),
});

/** The case files of ./cases, sorted by name. */
export function loadAnchorVectorFiles(): { name: string; vector: AnchorVectorFile }[] {
  return readdirSync(ANCHOR_CASES)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((name) => ({
      name,
      vector: JSON.parse(readFileSync(join(ANCHOR_CASES, name), 'utf8')) as AnchorVectorFile,
    }));
}

export function inputOf(doc: AnchorVectorDocument): InputDocument {
  const input: InputDocument =
    doc.base64 !== undefined
      ? { name: doc.name, bytes: new Uint8Array(Buffer.from(doc.base64, 'base64')) }
      : { name: doc.name, text: doc.text ?? '' };
  if (doc.fromRelay) input.fromRelay = doc.fromRelay;
  return input;
}

export function anchorVectorCases(): VectorCase[] {
  const cases: VectorCase[] = loadAnchorVectorFiles().map(({ name, vector }) => ({
    name: `anchor/cases/${name}`,
    document: inputOf(vector.document),
    supplied: (vector.supplied ?? []).map(inputOf),
    now: ANCHOR_VECTOR_NOW,
  }));
  for (const proof of readdirSync(OTS)
    .filter((f) => f.endsWith('.ots'))
    .sort()) {
    const stamped = bytesOf(OTS, proof.replace(/\.ots$/, ''));
    const base = { document: bytesOf(OTS, proof), now: ANCHOR_VECTOR_NOW };
    cases.push({ ...base, name: `anchor/ots/${proof}`, supplied: [stamped] });
    if (ATTESTS_358391.has(proof)) {
      cases.push({
        ...base,
        name: `anchor/ots/${proof} + header 358391`,
        supplied: [stamped, { name: 'header-358391.txt', text: HEADER_358391 }],
      });
    }
  }
  const receipt = readFileSync(join(HERE, 'nostr-anchored-receipt.json'), 'utf8');
  const event = readFileSync(join(HERE, 'nostr-anchor-event.json'), 'utf8');
  const evidence = bytesOf(HERE, 'nostr-anchored-evidence.txt');
  cases.push({
    name: 'anchor/nostr-anchored-receipt.json',
    document: { name: 'nostr-anchored-receipt.json', text: receipt },
    supplied: [{ name: 'nostr-anchor-event.json', text: event }, evidence],
    now: ANCHOR_VECTOR_NOW,
  });
  cases.push({
    name: 'anchor/nostr-anchor-event.json',
    document: { name: 'nostr-anchor-event.json', text: event },
    supplied: [{ name: 'nostr-anchored-receipt.json', text: receipt }],
    now: ANCHOR_VECTOR_NOW,
  });
  return cases;
}
