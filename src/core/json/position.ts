/** Source text with a lazily built line index, for turning offsets into line/column. */
export interface Position {
  /** 1-based line. */
  line: number;
  /** 1-based column, counted in UTF-16 code units as editors do. */
  column: number;
}

export class SourceText {
  private lineStarts: number[] | undefined;
  constructor(readonly text: string) {}

  positionAt(offset: number): Position {
    const starts = this.getLineStarts();
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (starts[low] as number) + 1 };
  }

  /** Whether the line index is already there. */
  hasLineStarts(): boolean {
    return this.lineStarts !== undefined;
  }

  /**
   * Takes the line index a parser of the whole text gathered on its way (every line feed, in
   * order, each as the offset just past it, after a leading 0).
   */
  adoptLineStarts(starts: number[]): void {
    this.lineStarts ??= starts;
  }

  private getLineStarts(): number[] {
    if (!this.lineStarts) {
      const starts = [0];
      const text = this.text;
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.lineStarts = starts;
    }
    return this.lineStarts;
  }
}
