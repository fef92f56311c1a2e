/**
 * `1,000,000`: a count's digits grouped as toLocaleString('en-US') groups them. Not
 * toLocaleString itself: its first use sets up the engine's number formatting, tens of
 * milliseconds in one task, which fell on a Worker's first verdict and on the page's first
 * progress line.
 */
export function withThousands(count: number): string {
  const digits = String(count);
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3)
    grouped += `,${digits.slice(at, at + 3)}`;
  return grouped;
}
