/**
 * NIP-01 events: shape, id recomputation and the BIP-340 Schnorr signature.
 * id = hex(SHA-256(UTF-8(JSON.stringify([0, pubkey, created_at, kind, tags, content])))), the
 * form spec §5.1 fixes. NIP-01 itself says control characters other than \n \" \\ \r \t \b \f are
 * written verbatim, where JSON.stringify writes \u00XX; the two differ only for such characters,
 * so when the JSON.stringify form does not reproduce the id the literal form is tried and the
 * check says which one matched.
 */
import { onDemand } from '../../on-demand';
import { hexToBytes, isLowerHex } from '../../encoding/hex';
import type { Hashing } from '../../hash/sha256';
import { firstLoneSurrogate, isUtf8Encodable } from '../../encoding/utf8';
import { member, type JsonString, type JsonValue } from '../../json/ast';
import { integerOf } from '../../json/integer-lexeme';

export interface NostrEvent {
  id: string;
  pubkey: string;
  created_at: number;
  kind: number;
  tags: string[][];
  content: string;
  sig: string;
}

export interface EventShapeProblem {
  message: string;
  node: JsonValue;
}

/** Reads an event from parsed JSON; every NIP-01 member must have its NIP-01 type. */
export function readNostrEvent(
  node: JsonValue,
): { ok: true; event: NostrEvent } | { ok: false; problems: EventShapeProblem[] } {
  if (node.type !== 'object')
    return { ok: false, problems: [{ message: 'event is not a JSON object', node }] };
  const problems: EventShapeProblem[] = [];
  const hexMember = (name: 'id' | 'pubkey' | 'sig', digits: number, text: string): string => {
    const value = member(node, name);
    if (value?.type === 'string' && isLowerHex(value.value, digits)) return value.value;
    problems.push({ message: `event ${name} is not ${text}`, node: value ?? node });
    return '';
  };
  const id = hexMember('id', 64, '64 lowercase hex characters');
  const pubkey = hexMember('pubkey', 64, '64 lowercase hex characters (x-only key)');
  const sig = hexMember('sig', 128, '128 lowercase hex characters');
  // Integer lexemes only: the id hashes the serialised integer, and a lexeme such as 1.0 or
  // 0.99999999999999999 is not what a signer serialised (JSON.stringify writes either as 1,
  // Python's json.dumps the first as 1.0), so an event carrying one has no single id.
  const createdAt = member(node, 'created_at');
  const createdAtValue = Number(integerOf(createdAt, 'integer-lexeme') ?? NaN);
  if (!Number.isSafeInteger(createdAtValue) || createdAtValue < 0)
    problems.push({
      message: 'event created_at is not a non-negative integer (Unix seconds)',
      node: createdAt ?? node,
    });
  const kind = member(node, 'kind');
  const kindValue = Number(integerOf(kind, 'integer-lexeme') ?? NaN);
  if (!Number.isSafeInteger(kindValue) || kindValue < 0 || kindValue > 65535)
    problems.push({ message: 'event kind is not an integer 0..65535', node: kind ?? node });
  const tags = member(node, 'tags');
  const tagValues: string[][] = [];
  if (tags?.type !== 'array') {
    problems.push({ message: 'event tags is not an array', node: tags ?? node });
  } else {
    for (const tag of tags.items) {
      if (tag.type !== 'array' || tag.items.some((item) => item.type !== 'string')) {
        problems.push({ message: 'event tags is not an array of arrays of strings', node: tag });
        break;
      }
      tagValues.push(tag.items.map((item) => (item.type === 'string' ? item.value : '')));
    }
  }
  const content = member(node, 'content');
  if (content?.type !== 'string')
    problems.push({ message: 'event content is not a string', node: content ?? node });
  // The id hashes the UTF-8 bytes of the serialised strings. A lone surrogate has none (an
  // encoder writes U+FFFD instead, the bytes of another event), so such an event has no id.
  if (tags?.type === 'array') {
    for (const tag of tags.items) {
      const item = tag.type === 'array' ? tag.items.find(notUtf8Encodable) : undefined;
      if (item) {
        problems.push({ message: notEncodableMessage('tag', item), node: item });
        break;
      }
    }
  }
  if (content && notUtf8Encodable(content))
    problems.push({ message: notEncodableMessage('content', content), node: content });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    event: {
      id,
      pubkey,
      sig,
      created_at: createdAtValue,
      kind: kindValue,
      tags: tagValues,
      content: content?.type === 'string' ? content.value : '',
    },
  };
}

function notUtf8Encodable(value: JsonValue): value is JsonString {
  return value.type === 'string' && !isUtf8Encodable(value.value);
}

function notEncodableMessage(what: string, value: JsonString): string {
  const lone = firstLoneSurrogate(value.value);
  return `event ${what} holds a lone surrogate (${lone?.label ?? 'a UTF-16 half'} at index ${lone?.index ?? '?'}), which has no UTF-8 encoding: the event has no NIP-01 id`;
}

/** The NIP-01 serialisation with JSON.stringify escaping (spec §5.1). */
export function eventSerialization(event: NostrEvent): string {
  return JSON.stringify([0, event.pubkey, event.created_at, event.kind, event.tags, event.content]);
}

const NIP01_ESCAPES: Record<string, string> = {
  '\n': '\\n',
  '"': '\\"',
  '\\': '\\\\',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** NIP-01's literal rule: only the seven listed characters are escaped. */
function nip01String(value: string): string {
  return '"' + value.replace(/[\n"\\\r\t\b\f]/g, (c) => NIP01_ESCAPES[c] ?? c) + '"';
}

export function eventSerializationLiteral(event: NostrEvent): string {
  const tags =
    '[' + event.tags.map((t) => '[' + t.map(nip01String).join(',') + ']').join(',') + ']';
  return `[0,${nip01String(event.pubkey)},${event.created_at},${event.kind},${tags},${nip01String(event.content)}]`;
}

/** The NIP-01 id of an event as spec §5.1 computes it. */
export function computeEventId(event: NostrEvent, hashing: Hashing): string {
  return hashing.sha256Hex(eventSerialization(event));
}

export interface EventIntegrity {
  /** Recomputed id (JSON.stringify form). */
  computedId: string;
  idMatches: boolean;
  /** Which serialisation reproduced the declared id. */
  idForm?: 'JSON.stringify' | 'NIP-01 literal control characters';
  signatureValid: boolean;
  signatureProblem?: string;
}

/**
 * Recomputes the id and verifies the signature over the recomputed id (so a valid signature
 * always covers the content shown, even when the declared id was edited).
 */
export function checkEventIntegrity(event: NostrEvent, hashing: Hashing): EventIntegrity {
  const computedId = computeEventId(event, hashing);
  const result: EventIntegrity = { computedId, idMatches: false, signatureValid: false };
  let signedId = computedId;
  if (computedId === event.id) {
    result.idMatches = true;
    result.idForm = 'JSON.stringify';
  } else {
    const literalId = hashing.sha256Hex(eventSerializationLiteral(event));
    if (literalId === event.id) {
      result.idMatches = true;
      result.idForm = 'NIP-01 literal control characters';
      signedId = literalId;
    }
  }
  const verdict = verifySchnorr(event.sig, signedId, event.pubkey);
  result.signatureValid = verdict.ok;
  if (!verdict.ok) result.signatureProblem = verdict.problem;
  return result;
}

type SchnorrVerify = (sig: Uint8Array, message: Uint8Array, pubkey: Uint8Array) => boolean;

/**
 * secp256k1 (@noble/curves, about a quarter of the Worker's script) is loaded only when an input
 * may carry a Nostr event: the first verdict of a receipt without one does not download it.
 * Checking a signature stays synchronous; it needs this loaded first (see mayCarryNostrEvent).
 */
const SCHNORR = /* @__PURE__ */ onDemand<SchnorrVerify>(
  'a Nostr event signature',
  'loadSchnorrVerifier',
  async () => {
    const { schnorr } = await import('@noble/curves/secp256k1.js');
    return (sig, message, pubkey) => schnorr.verify(sig, message, pubkey);
  },
);

/** Loads the BIP-340 verifier (once); every later signature check is synchronous. */
export const loadSchnorrVerifier = SCHNORR.load;
export const schnorrVerifierLoaded = SCHNORR.loaded;

/**
 * Whether a JSON text may contain a Nostr event, decided so it can never miss one: an event has a
 * member named "sig", and JSON can spell that name only as `"sig"` or with a \u escape. Plain
 * string search, so a 30 MB workflow costs a few milliseconds.
 */
export function textMayCarryNostrEvent(text: string): boolean {
  return includesFromTail(text, '"sig"', 3) || text.includes('\\u');
}

/**
 * Whether `text` holds `word`, found by looking for its tail from `cut` on and reading back:
 * a search starting at a character as common in JSON as a quote or an `e` stops at almost
 * every member, one starting at the rarer tail does not.
 */
export function includesFromTail(text: string, word: string, cut: number): boolean {
  const tail = word.slice(cut);
  for (let at = text.indexOf(tail, cut); at !== -1; at = text.indexOf(tail, at + 1))
    if (text.startsWith(word, at - cut)) return true;
  return false;
}

export function verifySchnorr(
  sigHex: string,
  messageHex: string,
  pubkeyHex: string,
): { ok: true } | { ok: false; problem: string } {
  const sig = hexToBytes(sigHex);
  const message = hexToBytes(messageHex);
  const pubkey = hexToBytes(pubkeyHex);
  if (!sig || sig.length !== 64) return { ok: false, problem: 'signature is not 64 bytes of hex' };
  if (!message || !pubkey || pubkey.length !== 32)
    return { ok: false, problem: 'pubkey is not a 32-byte x-only key' };
  const check = SCHNORR.get();
  try {
    return check(sig, message, pubkey)
      ? { ok: true }
      : { ok: false, problem: 'the BIP-340 signature does not verify for this pubkey and id' };
  } catch (error) {
    return { ok: false, problem: `the signature cannot be checked: ${(error as Error).message}` };
  }
}
