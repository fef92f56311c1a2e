/** A vector set's headline and its rows' badges, as pure functions (unit-tested). */
import type { Report, VectorAgreement } from '../../core';
import { statusTone, type Tone } from './verdict';

/** agrees / disagrees / not decided, with the colours of pass / fail / unavailable. */
export function agreementTone(agreement: VectorAgreement): Tone {
  switch (agreement) {
    case 'agrees':
      return { ...statusTone('pass'), label: 'agrees' };
    case 'disagrees':
      return { ...statusTone('fail'), label: 'disagrees' };
    case 'undecided':
      return { ...statusTone('unavailable'), label: 'not decided' };
  }
}

/**
 * What a vector set's verdict means, in its own words: a set is not "Verified" but agrees with
 * this verifier, vector by vector; undefined for any other report.
 */
export function vectorSetHeadline(
  report: Report,
): { headline: string; explanation: string } | undefined {
  if (report.details?.type !== 'vector-set') return undefined;
  const { agrees, disagrees, undecided } = report.details.counts;
  const total = agrees + disagrees + undecided;
  if (disagrees > 0)
    return {
      headline: `${disagrees} of ${total} vectors disagree with the set`,
      explanation:
        'For these vectors this verifier reaches another result than the set states; each row says which, in the format’s words. The set or a verifier is wrong.',
    };
  if (undecided > 0)
    return {
      headline: `${agrees} of ${total} vectors agree; ${undecided} not decided`,
      explanation:
        'Nothing disagrees, but some vectors could not be decided here (each row says why). This is not a pass.',
    };
  return {
    headline: `All ${total} vectors agree with the set`,
    explanation:
      'Each vector’s document was verified as if it had come alone, and each result is the one the set states.',
  };
}

/**
 * A row's text with each 64-hex digest shortened to its first 8 and last 4 characters, for the
 * table; the full text goes in the cell's title and in the row's note.
 */
export function shortenDigests(text: string): string {
  return text.replace(/\b([0-9a-f]{8})[0-9a-f]{52}([0-9a-f]{4})\b/g, '$1…$2');
}
