/** Reading dropped or picked files and folders, within limits that keep the tab responsive. */
import type { InputDocument } from '../../../core';
import { rememberedFile, rememberFile } from '../../../worker/client';

export const LIMITS = {
  maxFiles: 20_000,
  maxFileBytes: 256 * 1024 * 1024,
  maxTotalBytes: 512 * 1024 * 1024,
} as const;

export class InputLimitError extends Error {}

/**
 * JSON Lines files are streamed record by record in the Worker (worker/stream-batch.ts): the
 * per-file and total limits do not apply to them, and above the per-file limit the page does not
 * read them at all (only the Worker does).
 */
export function isJsonLinesName(name: string): boolean {
  return /\.(jsonl|ndjson)$/i.test(name);
}

export function checkLimits(files: { name: string; size: number }[]): void {
  if (files.length > LIMITS.maxFiles) {
    throw new InputLimitError(
      `${files.length} files is more than the ${LIMITS.maxFiles} this page verifies at once. Verify them in parts, or use the command line.`,
    );
  }
  const whole = files.filter((f) => !isJsonLinesName(f.name));
  const big = whole.find((f) => f.size > LIMITS.maxFileBytes);
  if (big) {
    throw new InputLimitError(
      `${big.name} is ${(big.size / 1024 / 1024).toFixed(0)} MiB; the limit is ${LIMITS.maxFileBytes / 1024 / 1024} MiB per file. Use the command line for larger files.`,
    );
  }
  const total = whole.reduce((sum, f) => sum + f.size, 0);
  if (total > LIMITS.maxTotalBytes) {
    throw new InputLimitError(
      `These files add up to ${(total / 1024 / 1024).toFixed(0)} MiB; the limit is ${LIMITS.maxTotalBytes / 1024 / 1024} MiB at once.`,
    );
  }
}

/**
 * The documents of dropped or picked files. Each remembers its File: the Worker is sent the File
 * handle (nothing is copied), and the page keeps the bytes it needs to share, save or verify
 * them again with more documents.
 */
export async function readFiles(files: File[]): Promise<InputDocument[]> {
  checkLimits(files);
  return Promise.all(
    files.map(async (file) => {
      const name = file.webkitRelativePath || file.name;
      const doc: InputDocument =
        file.size > LIMITS.maxFileBytes
          ? { name }
          : { name, bytes: new Uint8Array(await file.arrayBuffer()) };
      rememberFile(doc, file);
      return doc;
    }),
  );
}

/**
 * The File of a document the page never read (a JSON Lines file over the per-file limit, which
 * only the Worker streams): the page holds its name and handle, none of its bytes. Whatever is
 * built from the document's bytes here (a share link, a download) must use the File or not be
 * offered, or it would carry an empty document.
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
