/**
 * The syntax pass over a JSON Lines text, before any of it is verified (batch-records.ts): is
 * every record one JSON value as the JSON reader reads it, and could the records be a job
 * timeline. The reader's scan judges (it makes no node but the record's root), so a record
 * passes here exactly when it is read later, and a broken one is reported in the reader's
 * words at the reader's place. What the scan found is handed on, so a record is scanned once.
 */
import { parseScanned } from './json/parse';
import type { SourceText } from './json/position';
import { scanJson, type Scan } from './json/scan';
import { timelineItemOf, type TimelineItem } from './kinds/timeline';

/**
 * Scans `source.text[start, end)` as one JSON value as the reader reads it, making no node.
 * Throws the reader's JsonSyntaxError when it is not.
 */
export function scanRecord(source: SourceText, start: number, end: number): Scan {
  return scanJson(source, start, end);
}

/** How a scanned record counts toward its text being a job timeline (recordTimelineItem). */
export function scannedTimelineItem(scan: Scan): TimelineItem {
  return timelineItemOf(parseScanned(scan).root);
}

/**
 * How the JSON Lines record `source.text[start, end)` counts toward its text being a job
 * timeline: the one rule for a text verified whole (detect.ts) and a file streamed record by
 * record (json-lines.ts), so both take the same bytes for the same kind. A record too long to
 * read counts as an object that is no entry. Throws the reader's JsonSyntaxError when the
 * record is not one JSON value.
 */
export function recordTimelineItem(
  source: SourceText,
  start: number,
  end: number,
  tooLong: boolean,
): TimelineItem {
  return tooLong ? 'object' : scannedTimelineItem(scanRecord(source, start, end));
}
