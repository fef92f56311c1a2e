/**
 * Characters that change how text looks without showing themselves: bidi controls (which can
 * make "\u202Eecirp_evil" display as "live_price" and reverse the text after it), zero-width
 * and other invisible characters, C0/C1 controls, and lone surrogates (UTF-16 halves that are not
 * Unicode characters at all). Shared by the warning rule and the UI, which shows each as ⟨U+XXXX⟩.
 */
import { LONE_SURROGATE_SOURCE } from '../encoding/utf8';

/** Bidi controls: embeddings, overrides, isolates and marks. */
const BIDI = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
/** Invisible or zero-width: controls other than tab and line breaks, soft hyphen, joiners, fillers, variation selectors, BOM, tags. */
const INVISIBLE =
  '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u115f\\u1160\\u17b4\\u17b5\\u180e\\u200b-\\u200d\\u2028\\u2029\\u2060-\\u2064\\u206a-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff9-\\ufffb';
/** Tag characters U+E0000..U+E007F, as UTF-16 pairs (so the pattern works without the u flag). */
const TAGS = '\\udb40[\\udc00-\\udc7f]';

const BIDI_CLASS = new RegExp(`[${BIDI}]`, 'u');
// The classes list combining marks (U+034F, variation selectors) on purpose, one by one.
// eslint-disable-next-line no-misleading-character-class
const HIDDEN = new RegExp(`[${BIDI}${INVISIBLE}]|${TAGS}`, 'g');
/** Without the u flag a lone surrogate is a code unit the pattern can see. */
const LONE = new RegExp(LONE_SURROGATE_SOURCE, 'g');
// HIDDEN's characters and lone surrogates, for visibleText.
const ANY_HIDDEN = new RegExp(`[${BIDI}${INVISIBLE}]|${TAGS}|${LONE_SURROGATE_SOURCE}`, 'g');
/**
 * For a terminal: every control (line breaks and tab too: they move the cursor like the others)
 * and every format character (Cf: bidi controls, tags, …), line and paragraph separators, lone
 * surrogates, and the other invisible characters listed above.
 */
const TERMINAL_UNSAFE = new RegExp(
  // eslint-disable-next-line no-misleading-character-class
  `[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\ud800-\\udfff${INVISIBLE}]`,
  'gu',
);
/** The short escapes JSON writes; every other character is written \uXXXX. */
const SHORT_ESCAPES: Record<string, string> = {
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\f': '\\f',
  '\r': '\\r',
};

/** "U+202E" for a code point or a lone surrogate's code unit. */
export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

export interface HiddenCharacters {
  /** Distinct code points in order of first appearance, e.g. ["U+202E", "U+200B"]. */
  codePoints: string[];
  /** Some of them are bidi controls. */
  bidi: boolean;
  /** Some of them are not bidi controls (invisible or control characters). */
  other: boolean;
}

/** Bidi controls and invisible characters in `text` (lone surrogates are separate). */
export function findHiddenCharacters(text: string): HiddenCharacters | undefined {
  const found = text.match(HIDDEN);
  if (!found) return undefined;
  const codePoints = [...new Set(found.map((c) => codePointLabel(c.codePointAt(0) as number)))];
  const bidi = found.filter((c) => BIDI_CLASS.test(c)).length;
  return { codePoints, bidi: bidi > 0, other: bidi < found.length };
}

/** Lone surrogates in `text`, as distinct "U+D800" labels. */
export function findLoneSurrogates(text: string): string[] | undefined {
  const found = text.match(LONE);
  if (!found) return undefined;
  return [...new Set(found.map((c) => codePointLabel(c.charCodeAt(0))))];
}

/**
 * The text with every bidi control, invisible character and lone surrogate replaced by a
 * visible ⟨U+XXXX⟩, so what is shown is what is there.
 */
export function visibleText(text: string): string {
  return text.replace(ANY_HIDDEN, (c) => `⟨${codePointLabel(c.codePointAt(0) as number)}⟩`);
}

/**
 * The text with every control character (C0 with line breaks and tab, DEL, C1), bidi control,
 * invisible character and lone surrogate written as the escape JSON would use (`\u001b`, `\n`),
 * one escape per UTF-16 unit: on a terminal such characters move the cursor, clear the screen,
 * start escape sequences or reorder the line, so text from a document written there raw can
 * paint a report of its own over the real one.
 */
export function escapeControls(text: string): string {
  return text.replace(TERMINAL_UNSAFE, (c) => {
    let escaped = '';
    for (let i = 0; i < c.length; i++) {
      const unit = c[i]!;
      escaped += SHORT_ESCAPES[unit] ?? `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
    return escaped;
  });
}
