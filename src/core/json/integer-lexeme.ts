/**
 * Members whose rule is about an integer (a seq, a count, a length, a Nostr kind) are judged by
 * the number as written, never by the double it reads as: `0.99999999999999999` reads as 1 but
 * is not 1, and `91.0000000000000001` is not a length of 91. Every such rule reads its member
 * through exactIntegerText(), so there is one reading of "is this the integer n".
 */
import type { JsonValue } from './ast';

/**
 * Which lexemes may write an integer:
 * - 'integer-lexeme': only the JSON integer grammar, `-?(0|[1-9][0-9]*)` (`5`, not `5.0` or
 *   `5e0`): entry_count (§4.5), canonical_byte_length, evidence_byte_length, Nostr kind and
 *   created_at.
 * - 'integral': also a fraction or an exponent whose exact decimal value is an integer that the
 *   double it reads as holds exactly (`1.0`, `1e0`, `30e-1`): a step's or an entry's seq, where
 *   spec §3.1 accepts "an integral float such as 1.0" and §4.2 writes it as the integer.
 */
export type IntegerForms = 'integer-lexeme' | 'integral';

/**
 * The integer the number lexeme `raw` writes, as plain decimal digits (`"1.0"` gives `"1"`,
 * `"-0"` gives `"0"`), or undefined when it writes none in these forms. An integer lexeme is
 * exact as written whatever its size; a fraction or exponent form must equal its double exactly,
 * so `1e23` (whose double is 99999999999999991611392) and `0.99999999999999999` write none.
 */
export function exactIntegerText(raw: string, forms: IntegerForms): string | undefined {
  if (isIntegerText(raw)) return raw === '-0' ? '0' : raw;
  return forms === 'integral' ? integralFloatText(raw) : undefined;
}

/** The same reading of a node: undefined unless it is a number that writes an integer. */
export function integerOf(value: JsonValue | undefined, forms: IntegerForms): string | undefined {
  return value?.type === 'number' ? exactIntegerText(value.raw, forms) : undefined;
}

/** Whether `raw` is in the JSON integer grammar: no fraction, no exponent (`5` yes, `5.0` no). */
export function isIntegerText(raw: string): boolean {
  let i = raw.charCodeAt(0) === 0x2d ? 1 : 0;
  if (i >= raw.length) return false;
  // A leading zero is the whole number (JSON has no 01).
  if (raw.charCodeAt(i) === 0x30) return i + 1 === raw.length;
  for (; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** A valid JSON number lexeme with a fraction or an exponent, read exactly (see above). */
function integralFloatText(raw: string): string | undefined {
  const double = Number(raw);
  // NaN (not a number lexeme), Infinity (1e400) and 1.5 are out at once.
  if (!Number.isInteger(double)) return undefined;
  const negative = raw.charCodeAt(0) === 0x2d;
  let exponentAt = raw.indexOf('e');
  if (exponentAt === -1) exponentAt = raw.indexOf('E');
  const mantissa = raw.slice(negative ? 1 : 0, exponentAt === -1 ? raw.length : exponentAt);
  const exponent = exponentAt === -1 ? 0 : Number(raw.slice(exponentAt + 1));
  const dot = mantissa.indexOf('.');
  const fraction = dot === -1 ? '' : mantissa.slice(dot + 1);
  const digits = dot === -1 ? mantissa : mantissa.slice(0, dot) + fraction;
  for (let k = 0; k < digits.length; k++) if (!isDigit(digits.charCodeAt(k))) return undefined;
  // value = digits × 10^scale; leading zeros say nothing, trailing ones move into the scale.
  let first = 0;
  while (first < digits.length && digits.charCodeAt(first) === 0x30) first++;
  if (first === digits.length) return '0';
  let end = digits.length;
  while (digits.charCodeAt(end - 1) === 0x30) end--;
  const scale = exponent - fraction.length + (digits.length - end);
  if (!Number.isSafeInteger(scale) || scale < 0) return undefined;
  // The double's own integer, digit for digit: the lexeme must write exactly that.
  const exact = BigInt(Math.abs(double)).toString();
  const significant = end - first;
  if (exact.length !== significant + scale) return undefined;
  if (exact.slice(0, significant) !== digits.slice(first, end)) return undefined;
  for (let k = significant; k < exact.length; k++)
    if (exact.charCodeAt(k) !== 0x30) return undefined;
  return (negative ? '-' : '') + exact;
}
