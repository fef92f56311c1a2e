/** Reading dropped or picked files and folders, within limits that keep the tab responsive. */
import {
  EDITOR_MAX_CHARS,
  SHARE_PAYLOAD_MAX_BYTES,
  utf8Length,
  type InputDocument,
} from '../../../core';
import { rememberedFile, rememberFile } from '../../../worker/client';
import { checkLimits, InputLimitError, LIMITS } from '../../../worker/file-limits';

export { checkLimits, InputLimitError, LIMITS };

/**
 * Up to this many files, the page reads them itself (it shows one in the editor, and makes
 * links and downloads of them). A larger drop is handed to the Worker unread: the Worker
 * measures the files, reads them a few at a time and says how far it is. Reading 20,000 files
 * here froze the page and then failed with NotReadableError.
 */
export const PAGE_READS_UP_TO_FILES = 100;

/**
 * Up to this size the page reads a file itself. A larger one can be neither shown in the editor
 * (EDITOR_MAX_CHARS) nor carried by a link (SHARE_PAYLOAD_MAX_BYTES), so nothing here would use
 * its bytes: the Worker reads it from the File. Reading tens of MB here held the main thread in
 * long tasks, for bytes the page then only passed on.
 */
export const PAGE_READS_UP_TO_BYTES = Math.max(EDITOR_MAX_CHARS, SHARE_PAYLOAD_MAX_BYTES);

/**
 * The documents of dropped or picked files. Each remembers its File: the Worker is sent the File
 * handle (nothing is copied), and the page keeps the bytes it needs to share, save or verify
 * them again with more documents.
 */
export async function readFiles(files: File[]): Promise<InputDocument[]> {
  if (files.length > LIMITS.maxFiles) checkLimits(files);
  if (files.length > PAGE_READS_UP_TO_FILES) {
    // Not read, not even measured here: the Worker does both (file-limits.ts).
    return files.map((file) => {
      const doc: InputDocument = { name: file.webkitRelativePath || file.name };
      rememberFile(doc, file);
      return doc;
    });
  }
  checkLimits(files);
  return Promise.all(
    files.map(async (file) => {
      const name = file.webkitRelativePath || file.name;
      const doc: InputDocument =
        file.size > PAGE_READS_UP_TO_BYTES
          ? { name }
          : { name, bytes: new Uint8Array(await file.arrayBuffer()) };
      rememberFile(doc, file);
      return doc;
    }),
  );
}

/**
 * The File of a document the page never read (over PAGE_READS_UP_TO_BYTES, or one of a drop
 * over PAGE_READS_UP_TO_FILES): the page holds its name and handle, none of its bytes. Whatever
 * is built from the document's bytes here (a share link, a download, its size) must use the File
 * or not be offered, or it would carry an empty document.
 */
export function unreadFile(doc: InputDocument): File | undefined {
  return doc.bytes === undefined && doc.text === undefined ? rememberedFile(doc) : undefined;
}

/** Files of a drop, descending into dropped folders. */
export async function filesFromDataTransfer(data: DataTransfer): Promise<File[]> {
  const entries = Array.from(data.items)
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.())
    .filter((entry): entry is FileSystemEntry => Boolean(entry));
  if (entries.length === 0) return Array.from(data.files);
  const files: File[] = [];
  for (const entry of entries) await collect(entry, files);
  return files;
}

async function collect(entry: FileSystemEntry, out: File[]): Promise<void> {
  if (out.length > LIMITS.maxFiles) return;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    out.push(file);
    return;
  }
  if (entry.isDirectory) {
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    // readEntries returns the folder in batches until it returns an empty one.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
        reader.readEntries(resolve, reject),
      );
      if (batch.length === 0) break;
      for (const child of batch) await collect(child, out);
    }
  }
}

/**
 * A document's size in bytes: from its File when the page never read it; a text's UTF-8 length
 * counted, not encoded (encoding megabytes of text, a share link's, is a long task here).
 */
export function documentBytes(doc: InputDocument): number {
  return unreadFile(doc)?.size ?? doc.bytes?.length ?? utf8Length(doc.text ?? '');
}
