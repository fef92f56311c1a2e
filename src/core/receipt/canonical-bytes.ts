/**
 * canonical_bytes (strict base64 of strict UTF-8) and output_hash (its form, and whether it is
 * the SHA-256 of the decoded bytes), spec §2.1. Hashing is over the decoded bytes as carried.
 */
import type { CheckList } from '../checks';
import { decodeBase64Strict, describeBase64Problem } from '../encoding/base64';
import { isDigest, lenientDigestHex, parseDigest, prefixedDigest } from '../encoding/digest';
import { decodeUtf8Strict } from '../encoding/utf8';
import { decodeBase64Prehashed } from '../hash/prehashed';
import { describeType, type DuplicateMember, type JsonObject, type JsonValue } from '../json/ast';
import type { ReceiptDetails } from './details';
import { RECEIPT_RULES as R } from './receipt-rules';
import type { ReceiptContext } from '../context';

export function checkCanonicalBytes(
  canonical: JsonValue | undefined,
  ctx: ReceiptContext,
  list: CheckList,
  details: ReceiptDetails,
): Uint8Array | undefined {
  if (!canonical) return undefined;
  if (canonical.type !== 'string') {
    list.fail(R.canonicalBytesBase64, canonical, {
      expected: 'base64 string',
      found: describeType(canonical),
    });
    return undefined;
  }
  // Through the large-payload pre-pass, when it decoded (and digested) this payload already.
  const decoded = decodeBase64Prehashed(canonical.value, ctx.hashing);
  if (!decoded.ok) {
    list.fail(R.canonicalBytesBase64, canonical, {
      expected: 'strict standard base64',
      detail: describeBase64Problem(decoded.problem, decoded.index),
    });
    return undefined;
  }
  details.canonicalBytes = decoded.bytes;
  list.pass(R.canonicalBytesBase64, canonical, { params: { length: decoded.bytes.length } });
  const text = decodeUtf8Strict(decoded.bytes);
  if (text.ok) {
    details.canonicalText = text.text;
    list.pass(R.canonicalBytesUtf8, canonical);
  } else {
    list.fail(R.canonicalBytesUtf8, canonical, {
      detail: `first invalid byte at offset ${text.offset} (0x${(decoded.bytes[text.offset] ?? 0).toString(16).padStart(2, '0')})`,
    });
  }
  return decoded.bytes;
}

export function checkOutputHash(
  outputHash: JsonValue | undefined,
  bytes: Uint8Array | undefined,
  ctx: ReceiptContext,
  list: CheckList,
  details: ReceiptDetails,
): { matches: boolean; computed?: string } {
  const computed = bytes ? prefixedDigest(ctx.hashing.sha256Hex(bytes)) : undefined;
  if (computed) details.computedOutputHash = computed;
  if (!outputHash) {
    return computed ? { matches: false, computed } : { matches: false };
  }
  if (outputHash.type === 'string') details.outputHash = outputHash.value;
  // The digest computed here is written in the §2.1 form, so a value equal to it is too.
  const matches = outputHash.type === 'string' && outputHash.value === computed;
  if (outputHash.type !== 'string' || (!matches && !isDigest(outputHash.value, 'prefixed'))) {
    list.fail(R.outputHashFormat, outputHash, {
      expected: 'sha256:<64 lowercase hex>',
      found: describeType(outputHash),
    });
    if (computed) {
      // One rule per defect (§2.5): a digest that is right but written in the wrong form fails
      // the format rule only; a digest of other bytes is also a mismatch.
      const digestValue =
        outputHash.type === 'string' ? lenientDigestHex(outputHash.value) : undefined;
      if (digestValue === parseDigest(computed, 'prefixed')) {
        list.pass(R.outputHashMatch, outputHash, {
          params: {
            which: 'the digest in output_hash equals',
            caveat: ', though it is not written as sha256: + lowercase hex',
          },
          expected: computed,
          found: describeType(outputHash),
        });
      } else {
        list.fail(R.outputHashMatch, outputHash, {
          expected: computed,
          found: describeType(outputHash),
        });
      }
    }
    return computed ? { matches: false, computed } : { matches: false };
  }
  list.pass(R.outputHashFormat, outputHash);
  if (!computed) {
    list.unavailable(R.outputHashMatch, outputHash);
    return { matches: false };
  }
  if (matches) {
    list.pass(R.outputHashMatch, outputHash, {
      params: { which: 'output_hash matches', caveat: '' },
      expected: computed,
      found: outputHash.value,
    });
    return { matches: true, computed };
  }
  list.fail(R.outputHashMatch, outputHash, {
    expected: computed,
    found: outputHash.value,
    detail: 'The carried bytes hash to a different digest: the bytes or the digest were changed.',
  });
  return { matches: false, computed };
}

/**
 * A receipt that writes canonical_bytes or output_hash twice (a duplicate member name, failed
 * as such) is read above as JSON.parse reads it, the last of each. A parser that keeps the first
 * reads another pair: when that pair does not match, the match shown above is one reading's,
 * so the match fails too rather than read as byte integrity shown. Whether the first pair matches.
 */
export function checkFirstCommitment(
  receipt: JsonObject,
  duplicates: readonly DuplicateMember[],
  ctx: ReceiptContext,
  list: CheckList,
): boolean {
  if (!duplicates.some((d) => d.object === receipt && COMMITMENT_NAMES.has(d.name))) return true;
  const first = (name: string) => receipt.memberValues.find((value) => value.key === name);
  const canonical = first('canonical_bytes');
  const outputHash = first('output_hash');
  const decoded = canonical?.type === 'string' ? decodeBase64Strict(canonical.value) : undefined;
  const computed = decoded?.ok ? prefixedDigest(ctx.hashing.sha256Hex(decoded.bytes)) : undefined;
  if (outputHash?.type === 'string' && outputHash.value === computed) return true;
  list.fail(R.outputHashMatch, outputHash ?? receipt, {
    ...(computed !== undefined ? { expected: computed } : {}),
    found: describeType(outputHash),
    detail:
      'Read as a parser that keeps the first of the repeated members: canonical_bytes or output_hash is written twice, and the first pair does not match.',
  });
  return false;
}

const COMMITMENT_NAMES = new Set(['canonical_bytes', 'output_hash']);
