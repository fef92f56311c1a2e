/**
 * The asynchronous pre-pass for large payloads (issue 11). The rules are synchronous; in a
 * browser or Worker the only native SHA-256 is WebCrypto's asynchronous `digest`, so before the
 * rules run this finds the large byte strings they will hash, decodes each once, digests it
 * natively and hands the rules the decoded bytes and the digest (hash/prehashed.ts). The rules
 * judge exactly as without it: same bytes, same digests, same reports (large-payloads.test.ts).
 *
 * What it looks for, as the rules hash it:
 * - every `canonical_bytes` string (receipts alone, wrapped, as batch members or step receipts,
 *   timeline entries), decoded with the same strict base64 the rules use;
 * - the bytes of supplied files: material (evidence, a final answer) that joins a record by its
 *   digest when documents arrive together, and whatever is supplied with every input.
 * Invalid base64 is left to the rules, which report it.
 *
 * On Node the synchronous `sha256()` is native already, so by default nothing happens there.
 */
import type { DetectedDocument } from './model/document';
import { decodeBase64Strict } from './encoding/base64';
import { LARGE_PAYLOAD_BYTES, PrehashedPayloads, withPrehashed } from './hash/prehashed';
import { asyncOnlyNativeSha256, type AsyncSha256, type Hashing } from './hash/sha256';
import { member, type JsonValue } from './json/ast';
import { arrayItem, arrayLength, COMPOUND, scalarItem } from './json/parse';
import { KINDS } from './kinds/registry';

/**
 * Payloads of at least this many bytes are digested with WebCrypto; smaller ones stay with
 * hash-wasm. WebCrypto has a fixed cost per call (a promise and a hop to the browser's crypto
 * thread) that a few KiB already repay, and above that it is several times faster. The
 * threshold sits higher than where it starts to pay, so that ordinary receipts (payloads of a
 * few hundred bytes to a few KiB) never pay for an await and a cache entry each, and a batch's
 * payloads are not all decoded ahead of its rules.
 *
 * There is no upper bound: the browser copies a large input into fresh memory before hashing
 * it, and on a machine where first touching fresh memory is slow WebCrypto is then no faster
 * than hash-wasm, but never much slower. `npm run bench` prints the Worker's digest of a
 * 64 MiB payload against the page's.
 */
export { LARGE_PAYLOAD_BYTES };

/**
 * Decoded payloads kept for the rules at once. The pre-pass runs before every rule, so past
 * this it keeps only the digest of further payloads, and the rule decodes those again (the
 * digest still applies): memory stays bounded however many large payloads arrive together.
 */
export const KEEP_DECODED_BYTES = 128 * 1024 * 1024;

/** A base64 text shorter than this decodes to fewer than LARGE_PAYLOAD_BYTES bytes. */
const LARGE_BASE64_LENGTH = Math.ceil((LARGE_PAYLOAD_BYTES * 4) / 3);

/**
 * Digests the large payloads of `docs` (and the bytes of `supplied`, which are hashed for every
 * input) and returns the Hashing the rules should use: `hashing` itself when there was nothing
 * to do. `asyncSha256`: the native digest to use (default: WebCrypto where the platform has no
 * synchronous native hash; null: none, the pre-pass is off).
 */
export async function prehashLargePayloads(
  hashing: Hashing,
  docs: readonly DetectedDocument[],
  supplied: readonly DetectedDocument[] = [],
  asyncSha256?: AsyncSha256 | null,
): Promise<Hashing> {
  const digest = asyncSha256 === undefined ? asyncOnlyNativeSha256() : asyncSha256;
  if (!digest) return hashing;

  const texts = new Set<string>();
  for (const doc of [...docs, ...supplied]) {
    const records = doc.records;
    if (records) {
      // A batch read one record at a time: read here only the records long enough to hold a
      // large payload, and let go of them (its root's items would read and keep every one).
      for (let i = 0; i < records.count; i++)
        if (records.textLength(i) >= LARGE_BASE64_LENGTH && records.brokenText(i) === undefined)
          collectLargeCanonicalBytes(records.read(i).root, texts);
    } else if (doc.root) collectLargeCanonicalBytes(doc.root, texts);
  }
  const files = new Set<Uint8Array>();
  // Material joins a record by the SHA-256 of its bytes only when there is a record beside it.
  if (docs.length > 1)
    for (const doc of docs) if (KINDS[doc.kind].role === 'material') addFile(doc, files);
  for (const doc of supplied) addFile(doc, files);
  if (texts.size === 0 && files.size === 0) return hashing;

  const prehashed = new PrehashedPayloads(LARGE_PAYLOAD_BYTES);
  // Digests run on the browser's crypto thread while the next payload is decoded here.
  const pending: Promise<void>[] = [];
  let kept = 0;
  for (const text of texts) {
    const decoded = decodeBase64Strict(text);
    if (!decoded.ok || decoded.bytes.length < LARGE_PAYLOAD_BYTES) continue;
    const bytes = decoded.bytes;
    const keep = kept + bytes.length <= KEEP_DECODED_BYTES;
    const done = digest(bytes).then((d) => prehashed.addDecoded(text, bytes, d, keep));
    if (keep) {
      kept += bytes.length;
      pending.push(done);
    } else await done; // (bytes not kept are dropped one at a time)
  }
  for (const bytes of files) pending.push(digest(bytes).then((d) => prehashed.addBytes(bytes, d)));
  await Promise.all(pending);
  return withPrehashed(hashing, prehashed);
}

function addFile(doc: DetectedDocument, files: Set<Uint8Array>): void {
  if (doc.bytes.length >= LARGE_PAYLOAD_BYTES) files.add(doc.bytes);
}

/**
 * The `canonical_bytes` strings long enough to be large payloads, anywhere in `root`. Subtrees
 * whose source text is shorter than such a string are skipped, so a 100,000-step workflow
 * costs a look at each step, not a walk through its members. (A stack, not recursion: nesting
 * depth is the input's.)
 */
function collectLargeCanonicalBytes(root: JsonValue, texts: Set<string>): void {
  const stack: JsonValue[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.end - node.start < LARGE_BASE64_LENGTH) continue;
    if (node.type === 'array') {
      // Only objects and arrays can hold a member (a compact array of scalars holds none).
      for (let i = 0, n = arrayLength(node); i < n; i++)
        if (scalarItem(node, i) === COMPOUND) stack.push(arrayItem(node, i)!);
    } else if (node.type === 'object') {
      const canonical = member(node, 'canonical_bytes');
      if (canonical?.type === 'string' && canonical.value.length >= LARGE_BASE64_LENGTH)
        texts.add(canonical.value);
      for (const value of node.memberValues) if (value !== canonical) stack.push(value);
    }
  }
}
