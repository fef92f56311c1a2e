/**
 * Share links keep the input after `#`, which browsers never send to a server:
 *   #r=1.<base64url(deflate-raw(UTF-8 JSON payload))>   the documents themselves
 *   #src=<percent-encoded URL>                          where the receipt was loaded from
 * The leading "1." versions the payload so old links keep working when the format grows.
 * fflate does raw DEFLATE synchronously in the browser and in Node alike. Where these sit in an
 * address, and the setting that may trail them, is share-url.ts (the page reads it first).
 */
import { deflateSync, Inflate } from 'fflate';
import {
  concatBytes,
  decodeBase64Strict,
  encodeBase64,
  isUtf8Encodable,
  SHARE_LINK_MAX_CHARS,
  SHARE_PAYLOAD_MAX_BYTES,
} from '../core';
import type { DocumentRole, InputDocument, RelayAnswer } from '../core';
import { settingParams, type SharedSetting } from './share-url';

export const SHARE_VERSION = '1';
/** Compressed bytes handed to the inflater at a time: each can expand to about 1 MB at most. */
const INFLATE_CHUNK = 1024;

interface PayloadDocV1 {
  name: string;
  /** UTF-8 text documents travel as text, binary ones (.ots) as base64. */
  text?: string;
  base64?: string;
  role?: DocumentRole;
  /** A relay's answer to the page's lookup, so the link verifies it as the page did. */
  fromRelay?: RelayAnswer;
}

interface PayloadV1 {
  main: PayloadDocV1;
  supplied?: PayloadDocV1[];
}

export interface SharedInput {
  main: InputDocument;
  supplied: InputDocument[];
}

/** Why a share link's data cannot be read; the UI words each case. */
export type SharePayloadProblem =
  | { kind: 'no-version' }
  | { kind: 'unknown-version'; version: string }
  | { kind: 'not-base64url' }
  | { kind: 'undecodable' }
  | { kind: 'not-deflate' }
  | { kind: 'too-large'; limitBytes: number }
  | { kind: 'not-json' }
  | { kind: 'no-documents' }
  /** A text document holds a lone surrogate: no UTF-8 bytes (this app sends such as base64). */
  | { kind: 'not-unicode' };

export type DecodeResult =
  { ok: true; input: SharedInput } | { ok: false; problem: SharePayloadProblem };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function toPayloadDoc(doc: InputDocument): PayloadDocV1 {
  const role = {
    ...(doc.role !== undefined ? { role: doc.role } : {}),
    ...(doc.fromRelay !== undefined ? { fromRelay: doc.fromRelay } : {}),
  };
  if (doc.text !== undefined) return { name: doc.name, text: doc.text, ...role };
  const bytes = doc.bytes ?? new Uint8Array();
  try {
    return { name: doc.name, text: strictUtf8.decode(bytes), ...role };
  } catch {
    return { name: doc.name, base64: encodeBase64(bytes), ...role };
  }
}

export function toBase64Url(bytes: Uint8Array): string {
  return encodeBase64(bytes)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/={1,2}$/, '');
}

export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4);
  const decoded = decodeBase64Strict(padded);
  return decoded.ok ? decoded.bytes : undefined;
}

/** The fragment value (without `#r=`) for these documents. */
export function encodeSharePayload(input: SharedInput): string {
  const payload: PayloadV1 = { main: toPayloadDoc(input.main) };
  if (input.supplied.length > 0) payload.supplied = input.supplied.map(toPayloadDoc);
  const json = new TextEncoder().encode(JSON.stringify(payload));
  return `${SHARE_VERSION}.${toBase64Url(deflateSync(json, { level: 9 }))}`;
}

/** Bytes of the (uncompressed) payload a link for these documents would carry. */
function payloadBytes(input: SharedInput): number {
  const payload: PayloadV1 = { main: toPayloadDoc(input.main) };
  if (input.supplied.length > 0) payload.supplied = input.supplied.map(toPayloadDoc);
  return new TextEncoder().encode(JSON.stringify(payload)).length;
}

function fromPayloadDoc(doc: unknown): InputDocument | undefined {
  if (typeof doc !== 'object' || doc === null) return undefined;
  const { name, text, base64, role, fromRelay } = doc as Record<string, unknown>;
  if (typeof name !== 'string') return undefined;
  const roleOf: { role?: DocumentRole; fromRelay?: RelayAnswer } =
    role === 'final-answer' ? { role: 'final-answer' } : {};
  const answer = relayAnswerOf(fromRelay);
  if (answer) roleOf.fromRelay = answer;
  if (typeof text === 'string') return { name, text, ...roleOf };
  if (typeof base64 === 'string') {
    const decoded = decodeBase64Strict(base64);
    return decoded.ok ? { name, bytes: decoded.bytes, ...roleOf } : undefined;
  }
  return undefined;
}

/**
 * A relay answer as a link carries it. It can only turn that event's failure to verify into
 * "unavailable" (core RelayAnswer), never make anything pass, so a link may carry it as made.
 */
function relayAnswerOf(value: unknown): RelayAnswer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { relay, eventId } = value as Record<string, unknown>;
  return typeof relay === 'string' && typeof eventId === 'string' ? { relay, eventId } : undefined;
}

/**
 * Raw DEFLATE with a hard output limit: the input is fed a chunk at a time and inflating stops
 * as soon as the output passes `limit`, so a bomb costs milliseconds, not the whole expansion.
 */
export function inflateBounded(
  compressed: Uint8Array,
  limit: number,
): Uint8Array | 'too-large' | 'corrupt' {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total <= limit) chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    for (let at = 0; at < compressed.length && total <= limit; at += INFLATE_CHUNK) {
      const end = Math.min(at + INFLATE_CHUNK, compressed.length);
      inflater.push(compressed.subarray(at, end), end === compressed.length);
    }
    if (compressed.length === 0) inflater.push(compressed, true);
  } catch {
    return 'corrupt';
  }
  if (total > limit) return 'too-large';
  if (!ended) return 'corrupt';
  return concatBytes(chunks, total);
}

export function decodeSharePayload(value: string): DecodeResult {
  const dot = value.indexOf('.');
  if (dot === -1) return { ok: false, problem: { kind: 'no-version' } };
  const version = value.slice(0, dot);
  if (version !== SHARE_VERSION) {
    // A long "version" is garbage, not a version: keep only its start.
    return { ok: false, problem: { kind: 'unknown-version', version: version.slice(0, 8) } };
  }
  const data = value.slice(dot + 1);
  if (!/^[A-Za-z0-9_-]*$/.test(data)) return { ok: false, problem: { kind: 'not-base64url' } };
  const compressed = fromBase64Url(data);
  if (!compressed) return { ok: false, problem: { kind: 'undecodable' } };
  const inflated = inflateBounded(compressed, SHARE_PAYLOAD_MAX_BYTES);
  if (inflated === 'too-large')
    return { ok: false, problem: { kind: 'too-large', limitBytes: SHARE_PAYLOAD_MAX_BYTES } };
  let json: string;
  try {
    if (inflated === 'corrupt') throw new Error('corrupt');
    json = strictUtf8.decode(inflated);
  } catch {
    return { ok: false, problem: { kind: 'not-deflate' } };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { ok: false, problem: { kind: 'not-json' } };
  }
  const payload = parsed as Partial<PayloadV1>;
  const main = fromPayloadDoc(payload.main);
  const supplied = Array.isArray(payload.supplied) ? payload.supplied.map(fromPayloadDoc) : [];
  if (!main || supplied.some((d) => d === undefined))
    return { ok: false, problem: { kind: 'no-documents' } };
  // Text is verified (and hashed, as evidence) as its UTF-8 bytes; JSON can carry a lone
  // surrogate, which has none, and an encoder would hash U+FFFD instead.
  if ([main, ...supplied].some((d) => d?.text !== undefined && !isUtf8Encodable(d.text)))
    return { ok: false, problem: { kind: 'not-unicode' } };
  return { ok: true, input: { main, supplied: supplied as InputDocument[] } };
}

/**
 * A share link, or why there is none. Callers branch on `kind`; the words are the UI's.
 * `bytes` is the length of the link text the documents need (it is ASCII: one byte a character).
 */
export type ShareLink =
  | { kind: 'link'; url: string }
  | { kind: 'too-large'; bytes: number; limit: number; measure?: 'payload' };

/** A complete link to this page carrying the documents (and the setting) in the fragment. */
export function buildShareLink(
  pageUrl: string,
  input: SharedInput,
  setting?: SharedSetting,
): ShareLink {
  // A link this app makes always decodes: its payload stays within what the decoder accepts.
  const expanded = payloadBytes(input);
  if (expanded > SHARE_PAYLOAD_MAX_BYTES)
    return {
      kind: 'too-large',
      bytes: expanded,
      limit: SHARE_PAYLOAD_MAX_BYTES,
      measure: 'payload',
    };
  const payload = encodeSharePayload(input);
  if (payload.length > SHARE_LINK_MAX_CHARS)
    return { kind: 'too-large', bytes: payload.length, limit: SHARE_LINK_MAX_CHARS };
  return { kind: 'link', url: `${pageUrl.split('#')[0]}#r=${payload}${settingParams(setting)}` };
}

export function buildSourceLink(
  pageUrl: string,
  sourceUrl: string,
  setting?: SharedSetting,
): string {
  return `${pageUrl.split('#')[0]}#src=${encodeURIComponent(sourceUrl)}${settingParams(setting)}`;
}

/** What a share link is made from: the documents themselves, or the URL they were loaded from. */
export type ShareSource = (
  { kind: 'documents'; input: SharedInput } | { kind: 'source-url'; url: string }
) & {
  /** The profile and policy the result being shared was verified under. */
  setting?: SharedSetting;
};

/**
 * What became of a request to share: the link was copied, the clipboard refused it (the link is
 * shown to copy by hand), or the documents are too large for a link (offer the file instead).
 */
export type ShareOutcome =
  | { kind: 'copied'; url: string; carries: ShareSource['kind'] }
  | { kind: 'not-copied'; url: string }
  | { kind: 'too-large'; bytes: number; limit: number; measure?: 'payload' };

/** Builds the link for `source` and puts it on the clipboard through `writeText`. */
export async function copyShareLink(
  pageUrl: string,
  source: ShareSource,
  writeText: (text: string) => Promise<void>,
): Promise<ShareOutcome> {
  const link: ShareLink =
    source.kind === 'source-url'
      ? { kind: 'link', url: buildSourceLink(pageUrl, source.url, source.setting) }
      : buildShareLink(pageUrl, source.input, source.setting);
  if (link.kind === 'too-large') return link;
  try {
    await writeText(link.url);
    return { kind: 'copied', url: link.url, carries: source.kind };
  } catch {
    return { kind: 'not-copied', url: link.url };
  }
}
