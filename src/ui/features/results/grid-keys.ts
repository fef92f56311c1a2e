/**
 * Where a key moves focus in a data grid (WAI-ARIA Authoring Practices, "Data Grid"): pure, so
 * it is unit-tested apart from the table. Row -1 is the header row; `columns` lists the column
 * indexes shown at this width, in order (narrow screens hide some, and the keys skip them).
 */
export interface GridPlace {
  row: number;
  col: number;
}

export interface GridShape {
  /** Body rows (the header row is not counted). */
  rows: number;
  columns: readonly number[];
  /** Rows a PageUp/PageDown moves by. */
  page: number;
}

/** The cell `key` moves to from `at`, or undefined when the key is not a grid key. */
export function gridMove(
  at: GridPlace,
  key: string,
  ctrl: boolean,
  shape: GridShape,
): GridPlace | undefined {
  const { columns } = shape;
  if (columns.length === 0) return undefined;
  const last = shape.rows - 1;
  // A hidden column's cell (the width changed) moves as if from the nearest shown one.
  const position = Math.max(
    0,
    columns.findIndex((c) => c >= at.col),
  );
  const col = columns[position] ?? (columns[0] as number);
  const row = Math.max(-1, Math.min(at.row, last));
  const clampRow = (r: number) => Math.max(-1, Math.min(r, last));
  switch (key) {
    case 'ArrowRight':
      return { row, col: columns[Math.min(position + 1, columns.length - 1)] as number };
    case 'ArrowLeft':
      return { row, col: columns[Math.max(position - 1, 0)] as number };
    case 'ArrowDown':
      return { row: clampRow(row + 1), col };
    case 'ArrowUp':
      return { row: clampRow(row - 1), col };
    case 'Home':
      return ctrl ? { row: -1, col: columns[0] as number } : { row, col: columns[0] as number };
    case 'End':
      return ctrl
        ? { row: last, col: columns[columns.length - 1] as number }
        : { row, col: columns[columns.length - 1] as number };
    case 'PageDown':
      return { row: clampRow(row + shape.page), col };
    case 'PageUp':
      // From the body a page up stops at the first row; from there, the header.
      return { row: row > 0 ? Math.max(0, row - shape.page) : -1, col };
    default:
      return undefined;
  }
}
