import { createHash } from 'node:crypto';
/**
 * Issue 30 item 3: a large drop is read in the Worker a few files at a time (20,000 reads at
 * once ended in NotReadableError), in order, within the drop limits, saying how far it is.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from './file-limits';
import type { WireDocument } from './protocol';
import { readInputs } from './read-inputs';

/** A File stand-in that counts the reads open at once. */
function filesOf(count: number, open: { now: number; most: number }, size = 10): WireDocument[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `r${i}.json`,
    file: {
      size,
      arrayBuffer: async () => {
        open.now++;
        open.most = Math.max(open.most, open.now);
        await new Promise((resolve) => setTimeout(resolve, 1));
        open.now--;
        return new TextEncoder().encode(`{"n":${i}}`).buffer;
      },
    } as unknown as File,
  }));
}

describe('the files of a large drop, read in the Worker', () => {
  it('are read a few at a time, in order, with progress', async () => {
    const open = { now: 0, most: 0 };
    const progress: [number, number, string | undefined][] = [];
    const inputs: WireDocument[] = [{ name: 'pasted', text: '{}' }, ...filesOf(200, open)];
    const read = await readInputs(inputs, (done, total, more) =>
      progress.push([done, total, more.phase]),
    );
    expect(read.map((d) => d.input.name)).toEqual(inputs.map((d) => d.name));
    expect(read[5]?.input).toEqual({ name: 'r4.json', text: '{"n":4}' });
    expect(read[5]?.digest).toEqual({
      name: 'r4.json',
      bytes: 7,
      sha256: createHash('sha256').update('{"n":4}').digest('hex'),
    });
    expect(open.most).toBeGreaterThan(1);
    expect(open.most).toBeLessThanOrEqual(8);
    expect(progress).toHaveLength(200);
    expect(progress.at(-1)).toEqual([200, 200, 'reading']);
  });

  it('are held to the drop limits before any is read', async () => {
    const open = { now: 0, most: 0 };
    const tooMuch = filesOf(3, open, LIMITS.maxTotalBytes / 2);
    await expect(readInputs(tooMuch, () => undefined)).rejects.toThrow(
      'These files add up to 768 MiB; the limit is 512 MiB at once.',
    );
    expect(open.most).toBe(0);
  });
});
