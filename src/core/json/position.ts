/** Source text with a lazily built line index, for turning offsets into line/column. */
export interface Position {
  /** 1-based line. */
  line: number;
  /** 1-based column, counted in UTF-16 code units as editors do. */
  column: number;
}

export class SourceText {
  private lineStarts: number[] | undefined;
  /** The line lineIndexAt found last. */
  private lastLine = 0;
  constructor(
    readonly text: string,
    /**
     * The number of the text's first line: 1, or for a JSON Lines record verified alone the
     * line of its file it stands on, so positions and messages count lines in the file.
     */
    readonly firstLine = 1,
  ) {}

  positionAt(offset: number): Position {
    const line = this.lineIndexAt(offset);
    return { line: line + this.firstLine, column: offset - this.lineStarts![line]! + 1 };
  }

  /** A check's source range: start, end, and the line and column of start (one object made). */
  rangeAt(
    start: number,
    end: number,
  ): { start: number; end: number; line: number; column: number } {
    const line = this.lineIndexAt(start);
    return {
      start,
      end,
      line: line + this.firstLine,
      column: start - this.lineStarts![line]! + 1,
    };
  }

  /**
   * 0-based index of the line holding `offset`: the line found last when it holds it too (all
   * the checks of a JSON Lines record are on its line), else a binary search over the starts.
   */
  private lineIndexAt(offset: number): number {
    const starts = this.getLineStarts();
    const last = this.lastLine;
    if (starts[last]! <= offset && (last + 1 === starts.length || offset < starts[last + 1]!))
      return last;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    this.lastLine = low;
    return low;
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
