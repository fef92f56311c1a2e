/**
 * Writes the anchor vectors into ./cases, one JSON file per case, named after what it carries:
 * log anchors (§5.2), Nostr anchors and events (§5.1), OpenTimestamps proofs and Bitcoin block
 * headers (§5.3). Events are signed with the fixed test key of make-nostr-fixture.ts; proofs are
 * written byte by byte with ../ots/write.ts or taken from ../ots/vectors.
 *
 *   npx tsx test/generators/make-anchor-vectors.ts
 *
 * Deterministic (fixed key, fixed aux randomness, no clock). vectors.test.ts checks that every
 * file this script makes is on disk unchanged, so edit this script rather than a generated file.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENESIS_HEADER, HEADER_358391 } from '../support/ots-headers';
import {
  bitcoinAttestation,
  otsHeader,
  pendingAttestation,
  proofBytes,
} from '../support/ots-write';
import {
  envelopeFor,
  makeNostrFixture,
  MINIMAL_RECEIPT,
  signEvent,
  type SignedNostrEvent,
} from './make-nostr-fixture';
import { fileURLToPath } from 'node:url';

/** The anchor vectors folder, src/core/anchor/vectors. */
const HERE = fileURLToPath(new URL('../../src/core/anchor/vectors', import.meta.url));
export const ANCHOR_CASES = join(HERE, 'cases');
/** The anchor suite's clock: after every fixture's timestamps. */
const VECTOR_NOW = '2026-10-02T00:00:00Z';

export interface AnchorVectorDocument {
  name: string;
  /** The document as text, or its bytes as base64. */
  text?: string;
  base64?: string;
  /** A relay's answer to the page's lookup (InputDocument.fromRelay): which relay, asked for what. */
  fromRelay?: { relay: string; eventId: string };
}

/** One case as this script states it; written in the one vector format (toVectorFile). */
interface AnchorCase {
  description: string;
  spec: string;
  document: AnchorVectorDocument;
  supplied?: AnchorVectorDocument[];
  expect: {
    verdict: 'verified' | 'failed' | 'incomplete';
    /** Each must appear among the report's checks (rule and status). */
    checks: { rule: string; status: string }[];
  };
}

/** A case in the one vector format (src/conformance/vector-file.ts). */
export type AnchorVectorFile = {
  description: string;
  spec: string;
  now: string;
  expect: { verdict: string; checks: { status: string; rule: string }[] };
  supplied?: AnchorVectorDocument[];
} & AnchorVectorDocument;

/** A document in the format's order: name, its text or bytes, where a relay sent it. */
function inOrder(doc: AnchorVectorDocument): AnchorVectorDocument {
  return {
    name: doc.name,
    ...(doc.text !== undefined ? { text: doc.text } : { base64: doc.base64 }),
    ...(doc.fromRelay ? { fromRelay: doc.fromRelay } : {}),
  };
}

function toVectorFile(c: AnchorCase): AnchorVectorFile {
  return {
    description: c.description,
    spec: c.spec,
    now: VECTOR_NOW,
    expect: {
      verdict: c.expect.verdict,
      checks: c.expect.checks.map(({ rule, status }) => ({ status, rule })),
    },
    ...inOrder(c.document),
    ...(c.supplied && c.supplied.length > 0 ? { supplied: c.supplied.map(inOrder) } : {}),
  };
}

/**
 * Key-sorted compact JSON as Python's json.dumps(value, sort_keys=True, separators=(",", ":"),
 * ensure_ascii=ascii) writes it, written here rather than taken from the verifier, whose own
 * writer is under test: ensure_ascii escapes every code unit outside space..~ as \uXXXX;
 * either way `"`, `\\` and control characters are escaped, the common ones in short form.
 */
function pythonSortedJson(value: unknown, ascii: boolean): string {
  if (typeof value === 'string') {
    const SHORT: Record<string, string> = {
      '"': '\\"',
      '\\': '\\\\',
      '\b': '\\b',
      '\f': '\\f',
      '\n': '\\n',
      '\r': '\\r',
      '\t': '\\t',
    };
    let out = '"';
    for (const unit of value.split('')) {
      const code = unit.charCodeAt(0);
      if (SHORT[unit] !== undefined) out += SHORT[unit];
      else if (code < 0x20 || (ascii && code > 0x7e))
        out += '\\u' + code.toString(16).padStart(4, '0');
      else out += unit;
    }
    return out + '"';
  }
  if (Array.isArray(value)) return `[${value.map((v) => pythonSortedJson(v, ascii)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    // Python sorts by code point: compare the names' code points, not their UTF-16 units.
    const byCodePoint = (a: string, b: string): number => {
      const x = [...a].map((c) => c.codePointAt(0)!);
      const y = [...b].map((c) => c.codePointAt(0)!);
      for (let i = 0; i < Math.min(x.length, y.length); i++)
        if (x[i] !== y[i]) return x[i]! - y[i]!;
      return x.length - y.length;
    };
    const entries = Object.entries(value).sort(([a], [b]) => byCodePoint(a, b));
    return `{${entries.map(([k, v]) => `${pythonSortedJson(k, ascii)}:${pythonSortedJson(v, ascii)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

type Json = Record<string, unknown>;
const clone = <T>(value: T): T => structuredClone(value);
const json = (name: string, value: unknown): AnchorVectorDocument => ({
  name,
  text: JSON.stringify(value, null, 2) + '\n',
});
/** `document` with its only `written` text replaced by `lexeme` (a number JSON.stringify rounds). */
function withLexeme(
  document: AnchorVectorDocument,
  written: string,
  lexeme: string,
): AnchorVectorDocument {
  const text = document.text ?? '';
  const at = text.indexOf(written);
  if (at < 0 || text.indexOf(written, at + 1) >= 0)
    throw new Error(`withLexeme: ${written} not found exactly once`);
  return { ...document, text: text.replace(written, lexeme) };
}
const bytes = (name: string, data: Uint8Array): AnchorVectorDocument => ({
  name,
  base64: Buffer.from(data).toString('base64'),
});
const otsExample = (name: string): AnchorVectorDocument =>
  bytes(name, new Uint8Array(readFileSync(join(HERE, '..', 'ots', 'vectors', name))));
const check = (rule: string, status: string) => ({ rule, status });

/** `data` with its only occurrence of `from` replaced by `to`. */
function replaceBytes(data: Uint8Array, from: number[], to: number[]): Uint8Array {
  const hex = Buffer.from(data).toString('hex');
  const find = Buffer.from(from).toString('hex');
  const at = hex.indexOf(find);
  if (at < 0 || at % 2 !== 0 || hex.indexOf(find, at + 1) >= 0)
    throw new Error('replaceBytes: pattern not found exactly once');
  return new Uint8Array(Buffer.from(hex.replace(find, Buffer.from(to).toString('hex')), 'hex'));
}

const CALENDAR = 'https://alice.btc.calendar.opentimestamps.org';
const OUTPUT_DIGEST = createHash('sha256')
  .update(Buffer.from(MINIMAL_RECEIPT.canonical_bytes, 'base64'))
  .digest();

function logReceipt(anchor: Json = {}, receipt: Json = {}): Json {
  return {
    ...MINIMAL_RECEIPT,
    anchor: {
      log: CALENDAR,
      leaf_hash: MINIMAL_RECEIPT.output_hash,
      anchored_at: '2026-09-27T09:00:03Z',
      proof: {},
      ...anchor,
    },
    ...receipt,
  };
}

const fixture = makeNostrFixture();
const EVIDENCE = { name: 'nostr-anchored-evidence.txt', text: fixture.evidence };

/** The fixture receipt with its anchor (and envelope) changed; envelope_bytes resealed. */
function nostrReceipt(change: (receipt: Json, anchor: Json, envelope: Json) => void): Json {
  const receipt = clone(fixture.receipt) as Json;
  const anchor = receipt.anchor as Json;
  change(receipt, anchor, anchor.envelope as Json);
  if (anchor.envelope && typeof anchor.envelope === 'object')
    anchor.envelope_bytes = pythonSortedJson(anchor.envelope, true);
  return receipt;
}

/** The fixture receipt anchored to `event` instead (event_id and pubkey follow it). */
function anchoredTo(event: SignedNostrEvent): Json {
  return nostrReceipt((_r, anchor) => {
    anchor.event_id = event.id;
    anchor.pubkey = event.pubkey;
  });
}

const WORKFLOW = readFileSync(
  join(HERE, '..', '..', 'workflow', 'vectors', 'spec-3.4-worked-example.json'),
  'utf8',
);

export function buildAnchorVectors(): Map<string, AnchorVectorFile> {
  const out = new Map<string, AnchorVectorFile>();
  const add = (name: string, file: AnchorCase): void => {
    out.set(`${name}.json`, toVectorFile(file));
  };

  // ---- log anchor (§5.2) ----------------------------------------------------------------------
  add('log-anchor-well-formed', {
    description: 'A well-formed log anchor; its empty proof object cannot be checked here.',
    spec: '§5.2',
    document: json('receipt.json', logReceipt()),
    expect: {
      verdict: 'verified',
      checks: [
        check('anchor.log.members', 'pass'),
        check('anchor.log.log', 'pass'),
        check('anchor.log.leaf_hash.format', 'pass'),
        check('anchor.log.leaf_hash.match', 'pass'),
        check('anchor.log.anchored_at', 'pass'),
        check('anchor.log.id_v4', 'pass'),
        check('anchor.log.proof', 'pass'),
        check('anchor.log.proof.contents', 'unavailable'),
      ],
    },
  });
  add('log-anchor-extra-member', {
    description: 'The log anchor carries a fifth member.',
    spec: '§5.2',
    document: json('receipt.json', logReceipt({ status: 'published' })),
    expect: { verdict: 'failed', checks: [check('anchor.log.members', 'fail')] },
  });
  // The kit's `anchored-missing-proof`: its rule is "exactly these members", so a missing one
  // breaks it as an extra one does (the kit fails it with the members message).
  const withoutProof = { ...(logReceipt().anchor as Json) };
  delete withoutProof.proof;
  add('log-anchor-missing-proof', {
    description:
      'The log anchor carries log, leaf_hash and anchored_at but no proof: not exactly the four members, and no proof object.',
    spec: '§5.2',
    document: json('receipt.json', { ...MINIMAL_RECEIPT, anchor: withoutProof }),
    expect: {
      verdict: 'failed',
      checks: [check('anchor.log.members', 'fail'), check('anchor.log.proof', 'fail')],
    },
  });
  add('log-anchor-log-empty', {
    description: 'anchor.log is the empty string.',
    spec: '§5.2',
    document: json('receipt.json', logReceipt({ log: '' })),
    expect: { verdict: 'failed', checks: [check('anchor.log.log', 'fail')] },
  });
  add('log-anchor-leaf_hash-uppercase', {
    description: 'anchor.leaf_hash written in uppercase hex.',
    spec: '§5.2',
    document: json(
      'receipt.json',
      logReceipt({ leaf_hash: `sha256:${MINIMAL_RECEIPT.output_hash.slice(7).toUpperCase()}` }),
    ),
    expect: { verdict: 'failed', checks: [check('anchor.log.leaf_hash.format', 'fail')] },
  });
  add('log-anchor-leaf_hash-other-bytes', {
    description: 'anchor.leaf_hash is the SHA-256 of other bytes: the log holds another record.',
    spec: '§5.2',
    document: json('receipt.json', logReceipt({ leaf_hash: `sha256:${'ab'.repeat(32)}` })),
    expect: { verdict: 'failed', checks: [check('anchor.log.leaf_hash.match', 'fail')] },
  });
  add('log-anchor-canonical_bytes-not-base64', {
    description: 'canonical_bytes cannot be decoded, so leaf_hash cannot be compared.',
    spec: '§5.2',
    document: json('receipt.json', logReceipt({}, { canonical_bytes: 'not base64!' })),
    expect: { verdict: 'failed', checks: [check('anchor.log.leaf_hash.match', 'unavailable')] },
  });
  add('log-anchor-anchored_at-feb-30', {
    description: 'anchor.anchored_at names 30 February.',
    spec: '§5.2',
    document: json('receipt.json', logReceipt({ anchored_at: '2026-02-30T09:00:03Z' })),
    expect: { verdict: 'failed', checks: [check('anchor.log.anchored_at.calendar', 'fail')] },
  });
  add('log-anchor-anchored_at-no-offset', {
    description: 'anchor.anchored_at has no time zone offset: not RFC 3339 (shape).',
    spec: '§5.2',
    document: json('receipt.json', logReceipt({ anchored_at: '2026-09-27T09:00:03' })),
    expect: { verdict: 'failed', checks: [check('anchor.log.anchored_at', 'fail')] },
  });
  add('log-anchor-id-version-1', {
    description: 'The receipt id is a version-1 UUID: the strict profile wants v4.',
    spec: '§5.2',
    document: json('receipt.json', logReceipt({}, { id: 'b6c63ac5-f324-1fa7-ad58-c4bf83faa86a' })),
    expect: { verdict: 'failed', checks: [check('anchor.log.id_v4', 'fail')] },
  });
  add('log-anchor-proof-array', {
    description: 'anchor.proof is an array, not an object.',
    spec: '§5.2',
    document: json('receipt.json', logReceipt({ proof: [] })),
    expect: { verdict: 'failed', checks: [check('anchor.log.proof', 'fail')] },
  });
  add('log-anchor-with-supplied-pending-proof', {
    description:
      "A pending OpenTimestamps proof of the receipt's output hash is supplied: it covers the receipt, so anchor.proof is not read.",
    spec: '§5.2, §5.3',
    document: json('receipt.json', logReceipt()),
    supplied: [
      bytes('leaf.ots', proofBytes(otsHeader(OUTPUT_DIGEST), pendingAttestation(CALENDAR))),
    ],
    expect: {
      verdict: 'verified',
      checks: [
        check('anchor.log.proof.contents', 'info'),
        check('anchor.ots.start_digest', 'pass'),
        check('anchor.ots.pending', 'unavailable'),
      ],
    },
  });

  // ---- the anchor member (§5) -----------------------------------------------------------------
  add('anchor-not-an-object', {
    description: 'The anchor member is a string.',
    spec: '§5',
    document: json('receipt.json', { ...MINIMAL_RECEIPT, anchor: 'published' }),
    expect: { verdict: 'failed', checks: [check('anchor.object', 'fail')] },
  });
  add('anchor-unknown-profile', {
    description: 'The anchor has neither log/leaf_hash nor event_id/pubkey.',
    spec: '§5',
    document: json('receipt.json', { ...MINIMAL_RECEIPT, anchor: { chain: 'example' } }),
    expect: { verdict: 'verified', checks: [check('anchor.profile', 'unavailable')] },
  });

  // ---- Nostr anchor member and envelope (§5.1) --------------------------------------------------
  add('nostr-anchor-without-event-or-evidence', {
    description: 'The Nostr-anchored receipt alone: the event and the evidence are not supplied.',
    spec: '§5.1',
    document: json('receipt.json', fixture.receipt),
    expect: {
      verdict: 'verified',
      checks: [
        check('anchor.nostr.event', 'unavailable'),
        check('anchor.nostr.envelope.evidence', 'unavailable'),
      ],
    },
  });
  add('nostr-anchor-event_id-uppercase', {
    description: 'anchor.event_id written in uppercase hex.',
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((_r, a) => (a.event_id = fixture.event.id.toUpperCase())),
    ),
    expect: { verdict: 'failed', checks: [check('anchor.nostr.event_id', 'fail')] },
  });
  add('nostr-anchor-pubkey-truncated', {
    description: 'anchor.pubkey has 62 hex digits.',
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((_r, a) => (a.pubkey = fixture.event.pubkey.slice(2))),
    ),
    expect: { verdict: 'failed', checks: [check('anchor.nostr.pubkey', 'fail')] },
  });
  add('nostr-anchor-relays-https', {
    description: 'anchor.relays lists an https:// URL, not a relay address.',
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((_r, a) => (a.relays = ['https://relay.example.org'])),
    ),
    supplied: [json('event.json', fixture.event), EVIDENCE],
    expect: { verdict: 'verified', checks: [check('anchor.nostr.relays', 'warning')] },
  });
  add('nostr-anchor-published_at-date-only', {
    description: 'anchor.published_at is a date without a time.',
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((_r, a) => (a.published_at = '2026-09-27')),
    ),
    supplied: [json('event.json', fixture.event), EVIDENCE],
    expect: { verdict: 'failed', checks: [check('anchor.nostr.published_at', 'fail')] },
  });
  add('nostr-anchor-schema_version-2', {
    description: 'anchor.schema_version names another version; checked as the /1 shape.',
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((_r, a) => (a.schema_version = 'zambo-receipt-anchor/2')),
    ),
    supplied: [json('event.json', fixture.event), EVIDENCE],
    expect: { verdict: 'verified', checks: [check('anchor.nostr.schema_version', 'warning')] },
  });
  add('nostr-anchor-without-envelope', {
    description: 'The anchor carries no envelope: only the event can show what was published.',
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((_r, a) => {
        delete a.envelope;
        delete a.envelope_bytes;
      }),
    ),
    supplied: [json('event.json', fixture.event)],
    expect: { verdict: 'verified', checks: [check('anchor.nostr.envelope', 'info')] },
  });
  add('nostr-anchor-envelope-string', {
    description: 'anchor.envelope is a string.',
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((_r, a) => (a.envelope = fixture.envelopeBytes)),
    ),
    supplied: [json('event.json', fixture.event)],
    expect: { verdict: 'failed', checks: [check('anchor.nostr.envelope', 'fail')] },
  });
  add('nostr-anchor-envelope_bytes-changed', {
    description: 'envelope_bytes no longer equal the key-sorted JSON of the envelope beside them.',
    spec: '§5.1',
    document: json(
      'receipt.json',
      (() => {
        const receipt = clone(fixture.receipt) as Json;
        const anchor = receipt.anchor as Json;
        anchor.envelope_bytes = fixture.envelopeBytes.replace(
          '"evidence_byte_length":',
          '"evidence_byte_length": ',
        );
        return receipt;
      })(),
    ),
    supplied: [json('event.json', fixture.event), EVIDENCE],
    expect: { verdict: 'failed', checks: [check('anchor.nostr.envelope_bytes', 'fail')] },
  });
  add('nostr-anchor-envelope-receipt_uuid-other', {
    description: 'The envelope names another receipt id (envelope_bytes resealed to match).',
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((_r, _a, e) => (e.receipt_uuid = '11111111-2222-4333-8444-555555555555')),
    ),
    expect: { verdict: 'failed', checks: [check('anchor.nostr.envelope.receipt_uuid', 'fail')] },
  });
  add('nostr-anchor-receipt-id-number', {
    description: 'The receipt id is a number, so envelope.receipt_uuid cannot be compared.',
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((r) => (r.id = 42)),
    ),
    expect: {
      verdict: 'failed',
      checks: [check('anchor.nostr.envelope.receipt_uuid', 'unavailable')],
    },
  });
  add('nostr-anchor-envelope-output_sha256-other', {
    description: 'The envelope commits to other output bytes (envelope_bytes resealed).',
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((_r, _a, e) => (e.output_sha256 = 'ab'.repeat(32))),
    ),
    expect: {
      verdict: 'failed',
      checks: [check('anchor.nostr.envelope.output_sha256', 'fail')],
    },
  });
  add('nostr-anchor-receipt-output_hash-uppercase', {
    description:
      "The receipt's output_hash is not well formed, so the envelope cannot be compared.",
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((r) => (r.output_hash = MINIMAL_RECEIPT.output_hash.toUpperCase())),
    ),
    expect: {
      verdict: 'failed',
      checks: [check('anchor.nostr.envelope.output_sha256', 'unavailable')],
    },
  });
  add('nostr-anchor-envelope-anchored_at-no-offset', {
    description: 'envelope.anchored_at has no time zone offset (envelope_bytes resealed).',
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((_r, _a, e) => (e.anchored_at = '2026-09-27T09:00:05')),
    ),
    expect: { verdict: 'failed', checks: [check('anchor.nostr.envelope.anchored_at', 'fail')] },
  });
  add('nostr-anchor-receipt-evidence_sha256-agrees', {
    description: "The receipt's own evidence_sha256 equals the envelope's.",
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((r, _a, e) => (r.evidence_sha256 = `sha256:${e.evidence_sha256 as string}`)),
    ),
    supplied: [json('event.json', fixture.event), EVIDENCE],
    expect: {
      verdict: 'verified',
      checks: [check('anchor.nostr.envelope.evidence_sha256', 'pass')],
    },
  });
  add('nostr-anchor-receipt-evidence_sha256-disagrees', {
    description: "The receipt's own evidence_sha256 differs from the envelope's.",
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((r) => (r.evidence_sha256 = `sha256:${'cd'.repeat(32)}`)),
    ),
    supplied: [json('event.json', fixture.event), EVIDENCE],
    expect: {
      verdict: 'failed',
      checks: [check('anchor.nostr.envelope.evidence_sha256', 'fail')],
    },
  });
  add('nostr-anchor-envelope-evidence_byte_length-off-by-one', {
    description: 'envelope.evidence_byte_length is one more than the supplied evidence.',
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt(
        (_r, _a, e) => (e.evidence_byte_length = (e.evidence_byte_length as number) + 1),
      ),
    ),
    supplied: [EVIDENCE],
    expect: {
      verdict: 'failed',
      checks: [check('anchor.nostr.envelope.evidence_byte_length', 'fail')],
    },
  });

  {
    // The envelope and its envelope_bytes both carry the lexeme, so only the length rule is at issue.
    const length = (fixture.receipt.anchor as Json).envelope as Json;
    const n = length.evidence_byte_length as number;
    const lexeme = `${n}.0000000000000001`;
    const document = withLexeme(
      withLexeme(
        json('receipt.json', fixture.receipt),
        `"evidence_byte_length": ${n}\n`,
        `"evidence_byte_length": ${lexeme}\n`,
      ),
      `\\"evidence_byte_length\\":${n},`,
      `\\"evidence_byte_length\\":${lexeme},`,
    );
    add('nostr-anchor-envelope-evidence_byte_length-float-precision', {
      description: `envelope.evidence_byte_length (and envelope_bytes) written ${lexeme}, which rounds to the supplied evidence's ${n} bytes as a double: a length is a plain integer lexeme, compared exactly.`,
      spec: '§5.1',
      document,
      supplied: [EVIDENCE],
      expect: {
        verdict: 'failed',
        checks: [
          check('anchor.nostr.envelope_bytes', 'pass'),
          check('anchor.nostr.envelope.evidence_byte_length', 'fail'),
        ],
      },
    });
  }

  {
    // envelope_bytes in the literal (ensure_ascii=False) form equals the envelope as text, but
    // the text holds a lone surrogate: it has no UTF-8 bytes, so no digest of what is shown.
    const receipt = nostrReceipt((_r, _a, e) => (e.evidence_url = 'https://zambo.dev/e\ud800'));
    const anchor = receipt.anchor as Json;
    anchor.envelope_bytes = pythonSortedJson(anchor.envelope, false);
    add('nostr-anchor-envelope_bytes-lone-surrogate', {
      description:
        'envelope.evidence_url holds a lone surrogate (\\ud800) and envelope_bytes is the literal key-sorted form of that envelope: equal as text, but the text has no UTF-8 encoding, so no digest of it is the digest of what is shown (a UTF-8 encoder would hash U+FFFD instead).',
      spec: '§5.1',
      document: json('receipt.json', receipt),
      supplied: [EVIDENCE],
      expect: { verdict: 'failed', checks: [check('anchor.nostr.envelope_bytes', 'fail')] },
    });
  }

  // ---- the Nostr event (§5.1) -------------------------------------------------------------------
  {
    // Signed with U+FFFD in the content; shown with a lone surrogate in that place, which a
    // UTF-8 encoder replaces by U+FFFD before hashing, so the id and signature seemed to match.
    const signed = signEvent({ ...fixture.event, content: `${fixture.event.content} \ufffd` });
    add('nostr-event-content-lone-surrogate', {
      description:
        "The event's content ends in a lone surrogate (\\ud800) and it carries the id and signature of the same event with U+FFFD there. Its strings have no exact UTF-8 encoding, so it has no NIP-01 id: it fails with that reason, never verifies as the U+FFFD event.",
      spec: '§5.1',
      document: json('event.json', { ...signed, content: `${fixture.event.content} \ud800` }),
      expect: { verdict: 'failed', checks: [check('anchor.nostr.event.shape', 'fail')] },
    });
    const tagged = signEvent({ ...fixture.event, tags: [...fixture.event.tags, ['t', '\ufffd']] });
    add('nostr-event-tag-lone-surrogate', {
      description:
        'A tag value is a lone surrogate (\\udc00), carrying the id and signature of the event with U+FFFD there: no NIP-01 id.',
      spec: '§5.1',
      document: json('event.json', { ...tagged, tags: [...fixture.event.tags, ['t', '\udc00']] }),
      expect: { verdict: 'failed', checks: [check('anchor.nostr.event.shape', 'fail')] },
    });
  }
  // kind and created_at are NIP-01 integers, written as integer lexemes: the id is a hash of
  // their serialisation, and any other lexeme (1.0, 0.99999999999999999) is serialised as 1 by
  // JSON.stringify and otherwise elsewhere, so such an event has no one id. Each carries the id
  // and signature of the fixture event, whose kind is 1 and created_at 1790499605.
  for (const [member, written, lexeme] of [
    ['kind', '"kind": 1,', '0.99999999999999999'],
    ['kind', '"kind": 1,', '1.0'],
    [
      'created_at',
      `"created_at": ${fixture.event.created_at},`,
      `${fixture.event.created_at}.00000001`,
    ],
  ] as const) {
    add(`nostr-event-${member}-${lexeme}`, {
      description: `The fixture event with ${member} written ${lexeme}, which reads as the signed value as a double: not an integer lexeme, so not a NIP-01 event (its id and signature are not checked against a value it only rounds to).`,
      spec: '§5.1',
      document: withLexeme(json('event.json', fixture.event), written, `"${member}": ${lexeme},`),
      expect: { verdict: 'failed', checks: [check('anchor.nostr.event.shape', 'fail')] },
    });
  }
  add('nostr-event-content-changed', {
    description: "The supplied event's content was changed after signing.",
    spec: '§5.1',
    document: json('receipt.json', fixture.receipt),
    supplied: [json('event.json', { ...fixture.event, content: 'changed' }), EVIDENCE],
    expect: {
      verdict: 'failed',
      checks: [
        check('anchor.nostr.event.id', 'fail'),
        check('anchor.nostr.event.signature', 'fail'),
      ],
    },
  });
  {
    const fromRelay = { relay: 'wss://relay.example.org', eventId: fixture.event.id };
    add('nostr-event-from-relay-forged', {
      description:
        "A relay asked for the anchor's event answered with it changed after signing: that is the relay's misbehaviour, not the receipt's failure. The receipt stays verified as without the event, the anchor's event unavailable with the reason naming the relay; the same event supplied by the user fails (nostr-event-content-changed).",
      spec: '§5.1; golden rule (a missing event is not evidence of forgery)',
      document: json('receipt.json', fixture.receipt),
      supplied: [
        { ...json('event from relay.json', { ...fixture.event, content: 'changed' }), fromRelay },
        EVIDENCE,
      ],
      expect: {
        verdict: 'verified',
        checks: [
          check('anchor.nostr.event.relay', 'unavailable'),
          check('anchor.nostr.event', 'unavailable'),
        ],
      },
    });
    add('nostr-event-from-relay-genuine', {
      description:
        "A relay asked for the anchor's event answered with the signed event itself: checked like a supplied event, and the anchor verifies.",
      spec: '§5.1',
      document: json('receipt.json', fixture.receipt),
      supplied: [{ ...json('event from relay.json', fixture.event), fromRelay }, EVIDENCE],
      expect: {
        verdict: 'verified',
        checks: [
          check('anchor.nostr.event.id', 'pass'),
          check('anchor.nostr.event.signature', 'pass'),
        ],
      },
    });
  }
  add('nostr-event-id-zeroed', {
    description: "The supplied event's id was replaced: recognised by its recomputed id.",
    spec: '§5.1',
    document: json('receipt.json', fixture.receipt),
    supplied: [json('event.json', { ...fixture.event, id: '0'.repeat(64) }), EVIDENCE],
    expect: {
      verdict: 'failed',
      checks: [check('anchor.nostr.event.matches_anchor', 'fail')],
    },
  });
  add('nostr-event-pubkey-changed', {
    description: "The supplied event's pubkey is another key's.",
    spec: '§5.1',
    document: json('receipt.json', fixture.receipt),
    supplied: [
      json('event.json', {
        ...fixture.event,
        pubkey: signEvent(fixture.event, new Uint8Array(32).fill(3)).pubkey,
      }),
      EVIDENCE,
    ],
    expect: { verdict: 'failed', checks: [check('anchor.nostr.event.pubkey', 'fail')] },
  });
  const otherEvent = signEvent({
    created_at: 1790499605,
    kind: 1,
    tags: [],
    content: pythonSortedJson(
      envelopeFor(
        { id: '11111111-2222-4333-8444-555555555555', output_hash: `sha256:${'ab'.repeat(32)}` },
        'other evidence',
      ),
      true,
    ),
  });
  add('nostr-event-witnesses-another-receipt', {
    description: 'A validly signed event whose envelope names another receipt.',
    spec: '§5.1',
    document: json('receipt.json', anchoredTo(otherEvent)),
    supplied: [json('event.json', otherEvent), EVIDENCE],
    expect: {
      verdict: 'failed',
      checks: [
        check('anchor.nostr.event.binding', 'fail'),
        check('anchor.nostr.event.contradiction', 'fail'),
      ],
    },
  });
  // The same counter-evidence in an event supplied beside a receipt without an anchor member:
  // it names the receipt's id in a tag, and its content is an envelope for another output.
  const contradictingEvent = signEvent({
    created_at: 1790499605,
    kind: 1,
    tags: [['d', MINIMAL_RECEIPT.id]],
    content: pythonSortedJson(
      envelopeFor(
        { id: MINIMAL_RECEIPT.id, output_hash: `sha256:${'ab'.repeat(32)}` },
        fixture.evidence,
      ),
      true,
    ),
  });
  add('nostr-event-supplied-for-another-output', {
    description:
      'A receipt without an anchor member, supplied with a validly signed event that names its id in a tag while its content is an envelope for another output: counter-evidence, not a witness.',
    spec: '§5.1',
    document: json('receipt.json', MINIMAL_RECEIPT),
    supplied: [json('event.json', contradictingEvent)],
    expect: {
      verdict: 'failed',
      checks: [
        check('anchor.nostr.event.binding', 'pass'),
        check('anchor.nostr.event.contradiction', 'fail'),
      ],
    },
  });
  // An envelope naming receipt_uuid twice, another receipt first: a parser keeping the first
  // name reads an envelope for another receipt (§2.2), so the event does not witness this one.
  const twiceNamedEvent = signEvent({
    created_at: 1790499605,
    kind: 1,
    tags: [],
    content: fixture.envelopeBytes.replace(
      '"receipt_uuid":',
      '"receipt_uuid":"11111111-2222-4333-8444-555555555555","receipt_uuid":',
    ),
  });
  add('nostr-event-envelope-receipt_uuid-twice', {
    description:
      "The anchor's event carries the envelope with receipt_uuid written twice, another receipt's id first.",
    spec: '§5.1; §2.2 (duplicate names)',
    document: json('receipt.json', anchoredTo(twiceNamedEvent)),
    supplied: [json('event.json', twiceNamedEvent), EVIDENCE],
    expect: {
      verdict: 'failed',
      checks: [check('anchor.nostr.event.contradiction', 'fail')],
    },
  });
  // An event that is not NIP-01 (its signature in upper case) beside a record: a failed anchor
  // for a receipt, information for a workflow (whose supplied events may be about its steps).
  const upperSigEvent = { ...fixture.event, sig: fixture.event.sig.toUpperCase() };
  add('nostr-anchor-event-sig-uppercase', {
    description: "The receipt carries its anchor's event with the signature in upper case hex.",
    spec: '§5.1',
    document: json(
      'receipt.json',
      nostrReceipt((_r, anchor) => {
        anchor.event = upperSigEvent;
      }),
    ),
    supplied: [EVIDENCE],
    expect: { verdict: 'failed', checks: [check('anchor.nostr.event.shape', 'fail')] },
  });
  add('nostr-event-sig-uppercase-supplied', {
    description:
      'A receipt without an anchor member, supplied with an event whose signature is in upper case hex.',
    spec: '§5.1',
    document: json('receipt.json', MINIMAL_RECEIPT),
    supplied: [json('event.json', upperSigEvent)],
    expect: { verdict: 'failed', checks: [check('anchor.nostr.event.shape', 'fail')] },
  });
  add('workflow-with-malformed-event', {
    description:
      'The §3.4 workflow supplied with an event whose signature is in upper case hex: information only, as any event about something else.',
    spec: '§5.1',
    document: { name: 'worked-example.json', text: WORKFLOW },
    supplied: [json('event.json', upperSigEvent)],
    expect: { verdict: 'verified', checks: [check('anchor.nostr.event.shape', 'info')] },
  });
  const idOnlyEvent = signEvent({
    created_at: 1790499605,
    kind: 1,
    tags: [['d', MINIMAL_RECEIPT.id]],
    content: '',
  });
  add('nostr-event-names-only-the-receipt-id', {
    description: 'The event names the receipt id but no digest: it binds, with a warning.',
    spec: '§5.1',
    document: json('receipt.json', anchoredTo(idOnlyEvent)),
    supplied: [json('event.json', idOnlyEvent), EVIDENCE],
    expect: {
      verdict: 'verified',
      checks: [
        check('anchor.nostr.event.binding', 'pass'),
        check('anchor.nostr.event.binding_strength', 'warning'),
      ],
    },
  });
  add('nostr-event-alone', {
    description: 'A signed event verified on its own: nothing to compare it with.',
    spec: '§5.1',
    document: json('event.json', fixture.event),
    expect: { verdict: 'verified', checks: [check('anchor.nostr.event.binding', 'not_checked')] },
  });
  add('nostr-event-tags-not-a-list', {
    description: 'An event whose tags member is a string: not a NIP-01 event.',
    spec: '§5.1',
    document: json('event.json', { ...fixture.event, tags: 'aer1-anchor' }),
    expect: { verdict: 'failed', checks: [check('anchor.nostr.event.shape', 'fail')] },
  });

  // ---- OpenTimestamps (§5.3) --------------------------------------------------------------------
  add('ots-truncated-after-magic', {
    description: 'An OpenTimestamps file cut off right after its magic bytes.',
    spec: '§5.3',
    document: bytes(
      'truncated.ots',
      new Uint8Array(readFileSync(join(HERE, '..', 'ots', 'vectors', 'hello-world.txt.ots'))).slice(
        0,
        31,
      ),
    ),
    expect: { verdict: 'failed', checks: [check('anchor.ots.parse', 'fail')] },
  });
  add('ots-proof-alone', {
    description: 'A complete proof with nothing supplied: what it timestamps cannot be compared.',
    spec: '§5.3',
    document: otsExample('hello-world.txt.ots'),
    expect: {
      verdict: 'incomplete',
      checks: [check('anchor.ots.start_digest', 'not_checked')],
    },
  });
  add('ots-proof-of-another-file-with-receipt', {
    description:
      "A receipt supplied with a proof of another file: the proof's start digest is none of the receipt's values.",
    spec: '§5.3',
    document: json('receipt.json', MINIMAL_RECEIPT),
    supplied: [otsExample('hello-world.txt.ots')],
    expect: {
      verdict: 'failed',
      checks: [
        check('anchor.ots.start_digest', 'fail'),
        check('anchor.ots.parse', 'info'),
        check('anchor.ots.replay', 'info'),
        check('anchor.ots.bitcoin', 'info'),
      ],
    },
  });
  add('workflow-with-unrelated-anchors', {
    description:
      'The §3.4 workflow supplied with proofs and an event about other things: for a workflow they are information only.',
    spec: '§5.1, §5.3',
    document: { name: 'worked-example.json', text: WORKFLOW },
    supplied: [
      otsExample('incomplete.txt.ots'),
      otsExample('unknown-notary.txt.ots'),
      json('event.json', fixture.event),
    ],
    expect: {
      verdict: 'verified',
      checks: [
        check('anchor.ots.start_digest', 'info'),
        check('anchor.ots.pending', 'info'),
        check('anchor.ots.unknown_notary', 'info'),
        check('anchor.nostr.event.binding', 'info'),
        check('anchor.nostr.event.id', 'info'),
        check('anchor.nostr.event.signature', 'info'),
      ],
    },
  });

  const helloProof = new Uint8Array(
    readFileSync(join(HERE, '..', 'ots', 'vectors', 'hello-world.txt.ots')),
  );
  add('ots-height-rewritten', {
    description:
      "hello-world.txt.ots with its Bitcoin attestation's height rewritten from 358391 to 1, with the file and block 358391's header: a header cannot show its height, so the check still passes but states the height as the proof's claim (the message says so), never as confirmed.",
    spec: '§5.3',
    document: bytes(
      'hello-world.txt.ots',
      replaceBytes(helloProof, bitcoinAttestation(358391), bitcoinAttestation(1)),
    ),
    supplied: [otsExample('hello-world.txt'), { name: 'header.txt', text: HEADER_358391 }],
    expect: {
      verdict: 'verified',
      checks: [check('anchor.ots.start_digest', 'pass'), check('anchor.ots.bitcoin', 'pass')],
    },
  });
  add('ots-difficulty-1-header', {
    description:
      "A proof whose attested value is the genesis block's merkle root, with the genesis header (difficulty 1, about 2^32 hashes): a header that cheap can be mined for any proof, so it confirms nothing (unavailable, with the reason).",
    spec: '§5.3',
    document: bytes(
      'cheap.ots',
      proofBytes(
        otsHeader(Buffer.from(GENESIS_HEADER.slice(72, 136), 'hex')),
        bitcoinAttestation(0),
      ),
    ),
    supplied: [{ name: 'genesis.txt', text: GENESIS_HEADER }],
    expect: {
      verdict: 'incomplete',
      checks: [check('anchor.ots.bitcoin', 'unavailable')],
    },
  });

  // ---- Bitcoin block headers (§5.3) -------------------------------------------------------------
  add('block-header-358391-alone', {
    description: 'The header of block 358391 on its own: well formed, valid proof of work.',
    spec: '§5.3',
    document: { name: 'header.txt', text: HEADER_358391 },
    expect: {
      verdict: 'verified',
      checks: [
        check('anchor.bitcoin.header.format', 'pass'),
        check('anchor.bitcoin.header.pow', 'pass'),
        check('anchor.bitcoin.header.proofs', 'not_checked'),
      ],
    },
  });
  add('block-header-358391-nonce-changed', {
    description: 'The header of block 358391 with its last nonce byte changed: no proof of work.',
    spec: '§5.3',
    document: { name: 'header.txt', text: HEADER_358391.slice(0, 158) + '00' },
    expect: { verdict: 'failed', checks: [check('anchor.bitcoin.header.pow', 'fail')] },
  });
  return out;
}

export function serialiseVector(vector: AnchorVectorFile): string {
  return JSON.stringify(vector, null, 2) + '\n';
}

// Run as a script (tsx), not when imported by tests.
if (typeof process !== 'undefined' && process.argv[1]?.endsWith('make-anchor-vectors.ts')) {
  const { mkdirSync } = await import('node:fs');
  mkdirSync(ANCHOR_CASES, { recursive: true });
  for (const [name, vector] of buildAnchorVectors()) {
    writeFileSync(join(ANCHOR_CASES, name), serialiseVector(vector));
  }
  console.log(`wrote ${buildAnchorVectors().size} vectors`);
}
