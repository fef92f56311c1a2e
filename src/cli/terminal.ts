/**
 * The command line's one way of writing text for people: the text report, the messages on
 * standard error and the running count. Whatever a line holds — a file name, a check message, a
 * found value, an error's text — every control, bidi and invisible character in it is written
 * as an escape (`\u001b`, `\n`; core `escapeControls`), so nothing read from a document can
 * clear the screen, move the cursor, reorder a line or start a line of its own: the lines on
 * the terminal are the CLI's lines.
 *
 * JSON output (--json, --jsonl) does not go through here: JSON.stringify already escapes every
 * C0 control (no escape sequence can reach the terminal), and a program reading it gets each
 * value exactly as the document carries it.
 */
import { escapeControls } from '../core';

export interface Terminal {
  /** One line of the report on standard output. */
  say(line: string): void;
  /** One line on standard error. */
  warn(line: string): void;
  /** The running count on a terminal's status line (standard error), when there is one. */
  status?: (text: string) => void;
}

export function terminal(
  out: (line: string) => void,
  err: (line: string) => void,
  status?: (text: string) => void,
): Terminal {
  return {
    say: (line) => out(escapeControls(line)),
    warn: (line) => err(escapeControls(line)),
    ...(status ? { status: (text: string) => status(escapeControls(text)) } : {}),
  };
}
