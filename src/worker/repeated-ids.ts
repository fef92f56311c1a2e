/**
 * Ids carried by more than one row of the results table. Apart from ./results.ts because the
 * client (src/worker/client.ts, in the page's landing chunk) indexes a large batch's rows as
 * they arrive: this imports nothing, so the landing chunk gains only this.
 */
import type { ResultRow } from './result-rows';

/** An id carried by more than one row, with the 1-based row numbers that carry it. */
export interface RepeatedId {
  id: string;
  rows: number[];
}

/** Ids carried by more than one row, in the order of their first row. */
export function repeatedIds(rows: readonly ResultRow[]): RepeatedId[] {
  const index = new RepeatedIdIndex();
  index.add(rows);
  return index.repeated();
}

/**
 * repeatedIds, built as rows arrive: a large batch's rows reach the page in messages of
 * ROWS_PER_MESSAGE (src/worker/protocol.ts), and indexing each message as it comes costs the
 * page a little each time, where walking 100,000 rows once the result is there was the largest
 * part of the one long task the page had on bench/browser.ts's batch.
 */
export class RepeatedIdIndex {
  private readonly byId = new Map<string, { first: number; rows: number[] }>();
  /** Ids seen twice or more; put back in the order of their first row by repeated(). */
  private readonly twice: { id: string; first: number; rows: number[] }[] = [];
  private added = 0;

  add(rows: readonly ResultRow[]): void {
    for (const row of rows) {
      const at = this.added++;
      if (row.id === '') continue;
      const seen = this.byId.get(row.id);
      if (!seen) this.byId.set(row.id, { first: at, rows: [row.index + 1] });
      else {
        seen.rows.push(row.index + 1);
        if (seen.rows.length === 2) this.twice.push({ id: row.id, ...seen });
      }
    }
  }

  repeated(): RepeatedId[] {
    // Copies of the lists, which go on filling if more rows are added.
    return [...this.twice]
      .sort((a, b) => a.first - b.first)
      .map(({ id, rows }) => ({ id, rows: [...rows] }));
  }
}
