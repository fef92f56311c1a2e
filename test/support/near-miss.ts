/**
 * Long near-miss strings: the inputs that make a backtracking regular expression take
 * polynomial or exponential time. Each one is a valid value with one of its characters pumped
 * to a great length (the overlapping quantifiers of a bad pattern try every split of the run)
 * and, usually, a last character that makes the whole match fail, so the engine has to try
 * them all before it gives up.
 */
import { prng } from './prng';

/** What ends a near miss: nothing, or a character no member pattern accepts there. */
const REJECTING_SUFFIXES = ['', ' ', '\n', '!', 'g', 'Z', '=', '\u0000'] as const;

export interface NearMiss {
  /** How it was made, for the failure message ("pump index 8 ('a') ×100000 + ' '"). */
  label: string;
  value: string;
}

/**
 * Near misses of `valid`: its character at each of `positions` sampled indexes (and the last
 * one) repeated `length` times in place, with each rejecting suffix in turn; plus the valid
 * value followed by a long run of its own last character and a space.
 */
export function nearMisses(
  valid: string,
  length: number,
  options: { seed: number; positions: number },
): NearMiss[] {
  const random = prng(options.seed);
  const indexes = new Set<number>([valid.length - 1, 0]);
  while (indexes.size < Math.min(options.positions + 2, valid.length))
    indexes.add(Math.floor(random() * valid.length));
  const out: NearMiss[] = [];
  for (const at of [...indexes].sort((a, b) => a - b)) {
    const c = valid.charAt(at);
    const pumped = valid.slice(0, at) + c.repeat(length) + valid.slice(at);
    const suffix = REJECTING_SUFFIXES[Math.floor(random() * REJECTING_SUFFIXES.length)] ?? '';
    out.push({
      label: `pump index ${at} (${JSON.stringify(c)}) ×${length} + ${JSON.stringify(suffix)}`,
      value: pumped + suffix,
    });
  }
  const last = valid.charAt(valid.length - 1);
  out.push({
    label: `valid + ${JSON.stringify(last)} ×${length} + " "`,
    value: valid + last.repeat(length) + ' ',
  });
  return out;
}
