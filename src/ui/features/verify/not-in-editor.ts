import type { InputDocument } from '../../../core';
import { unreadFile } from './read-files';

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${bytes} bytes`;
}

function documentLines(doc: InputDocument): number {
  let lines = 1;
  if (doc.bytes) {
    for (let i = doc.bytes.indexOf(10); i !== -1; i = doc.bytes.indexOf(10, i + 1)) lines++;
  } else if (doc.text !== undefined) {
    for (let i = doc.text.indexOf('\n'); i !== -1; i = doc.text.indexOf('\n', i + 1)) lines++;
  }
  return lines;
}

/** What was verified but is not in the editor: one big file, or several documents. */
export function notInEditorSummary(inputs: InputDocument[]): string {
  const [main] = inputs;
  if (inputs.length === 1 && main) {
    const file = unreadFile(main);
    if (file)
      return `${main.name}: ${formatSize(file.size)} — streamed from the file in the Worker, record by record (its lines are not counted on this page); not shown in the editor.`;
    const size = main.bytes?.length ?? new TextEncoder().encode(main.text ?? '').length;
    return `${main.name}: ${formatSize(size)}, ${documentLines(main).toLocaleString('en-US')} lines — verified from the file; not shown in the editor.`;
  }
  return `${inputs.length} documents loaded from files or a link — verified from the files; not shown in the editor.`;
}
