/** Source text and where its lines start, for turning offsets into line/column. */
export interface Position {
  /** 1-based line. */
  line: number;
  /** 1-based column, counted in UTF-16 code units as editors do. */
  column: number;
}

/**
 * Every LINE_STEP-th line's start is kept (the marks); a position counts the line feeds from the
 * nearest mark or from the line found last. A 35 MB document of a million lines keeps a
 * thousand numbers, not a million, and a few positions in it do not cost an index of them all.
 */
export const LINE_STEP = 1024;

export class SourceText {
  /** marks[k]: where line k × LINE_STEP (0-based) starts, for the text before `counted`. */
  private marks = [0];
  /** The line feeds before this offset have been counted into `marks`. */
  private counted = 0;
  private countedLines = 0;
  /** The line found last (0-based), where it starts, and where its line feed is (or the end). */
  private lastLine = 0;
  private lastLineStart = 0;
  private lastLineEnd = -1;

  constructor(
    readonly text: string,
    /**
     * The number of the text's first line: 1, or for a JSON Lines record verified alone the
     * line of its file it stands on, so positions and messages count lines in the file.
     */
    readonly firstLine = 1,
  ) {}

  positionAt(offset: number): Position {
    this.findLine(offset);
    return { line: this.lastLine + this.firstLine, column: offset - this.lastLineStart + 1 };
  }

  /** A check's source range: start, end, and the line and column of start (one object made). */
  rangeAt(
    start: number,
    end: number,
  ): { start: number; end: number; line: number; column: number } {
    this.findLine(start);
    return {
      start,
      end,
      line: this.lastLine + this.firstLine,
      column: start - this.lastLineStart + 1,
    };
  }

  /**
   * Takes the marks of a scan of the whole text, which met every line feed between its values
   * (a string holds none), so positions need no pass of their own over the text.
   */
  adoptMarks(marks: number[], lineFeeds: number): void {
    if (this.counted !== 0) return;
    this.marks = marks;
    this.counted = this.text.length;
    this.countedLines = lineFeeds;
  }

  /**
   * Sets lastLine and lastLineStart to the line holding `offset`, counting line feeds from the
   * line found last or from the nearest mark, whichever is later and not past the offset (the
   * checks of a document come mostly in order, all those of a JSON Lines record on one line).
   */
  private findLine(offset: number): void {
    if (offset >= this.lastLineStart && offset <= this.lastLineEnd) return;
    if (offset > this.counted) this.countTo(offset);
    let line = 0;
    let start = 0;
    if (this.lastLineStart <= offset) {
      line = this.lastLine;
      start = this.lastLineStart;
    }
    const k = this.markBefore(offset);
    if (this.marks[k]! > start) {
      line = k * LINE_STEP;
      start = this.marks[k]!;
    }
    const text = this.text;
    let i = text.indexOf('\n', start);
    for (; i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
      line++;
      start = i + 1;
    }
    this.lastLine = line;
    this.lastLineStart = start;
    this.lastLineEnd = i === -1 ? text.length : i;
  }

  /** Index of the last mark at or before `offset`. */
  private markBefore(offset: number): number {
    const marks = this.marks;
    let low = 0;
    let high = marks.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (marks[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** Counts the line feeds before `offset` (at least), keeping every LINE_STEP-th line's start. */
  private countTo(offset: number): void {
    const text = this.text;
    let lines = this.countedLines;
    let i = text.indexOf('\n', this.counted);
    for (; i !== -1 && i < offset; i = text.indexOf('\n', i + 1))
      if (++lines % LINE_STEP === 0) this.marks.push(i + 1);
    this.countedLines = lines;
    this.counted = i === -1 ? text.length : i;
  }
}
