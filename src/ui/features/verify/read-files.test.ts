/**
 * Issue 30 item 3: the page reads the files of a small drop itself, and leaves a large one to
 * the Worker unread and unmeasured (a File's size is a disk lookup on the page's thread).
 */
import { describe, expect, it } from 'vitest';
import { rememberedFile } from '../../../worker/client';
import { PAGE_READS_UP_TO_FILES, readFiles, unreadFile } from './read-files';

/** A File stand-in that records whether its size or content was asked for. */
function fileOf(name: string, asked: string[]): File {
  return {
    name,
    webkitRelativePath: `folder/${name}`,
    get size() {
      asked.push(`size of ${name}`);
      return 2;
    },
    arrayBuffer: async () => {
      asked.push(`bytes of ${name}`);
      return new TextEncoder().encode('{}').buffer;
    },
  } as unknown as File;
}

describe('reading dropped files', () => {
  it('reads a small drop on the page', async () => {
    const asked: string[] = [];
    const docs = await readFiles([fileOf('a.json', asked)]);
    expect(docs).toEqual([{ name: 'folder/a.json', bytes: new TextEncoder().encode('{}') }]);
    expect(asked).toContain('bytes of a.json');
  });

  it('hands a large one to the Worker without measuring or reading a file', async () => {
    const asked: string[] = [];
    const files = Array.from({ length: PAGE_READS_UP_TO_FILES + 1 }, (_, i) =>
      fileOf(`r${i}.json`, asked),
    );
    const docs = await readFiles(files);
    expect(asked).toEqual([]);
    expect(docs).toHaveLength(files.length);
    expect(docs[3]).toEqual({ name: 'folder/r3.json' });
    expect(rememberedFile(docs[3]!)).toBe(files[3]);
    expect(unreadFile(docs[3]!)).toBe(files[3]);
  });

  it('still refuses more files than the limit at once, by their count alone', async () => {
    const asked: string[] = [];
    const files = Array.from({ length: 20_001 }, (_, i) => fileOf(`r${i}.json`, asked));
    await expect(readFiles(files)).rejects.toThrow(
      '20001 files is more than the 20000 this page verifies at once.',
    );
    expect(asked).toEqual([]);
  });
});
