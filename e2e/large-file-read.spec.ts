import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWorkflowText } from '../bench/workflow';
import { SHARE_PAYLOAD_MAX_BYTES } from '../src/core';
import { expect, test } from './fixtures';

/**
 * A file too large to show in the editor or to carry in a link is read by the Worker from its
 * File, never by the page: reading tens of MB on the main thread held it in long tasks, for
 * bytes the page only passed on. The page records every Blob it reads (Workers are not patched).
 */
test.describe('a file too large to show or link', () => {
  test.setTimeout(120_000);
  let dir: string;
  test.beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'aer1-e2e-'));
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1920, height: 1080 },
  ]) {
    test(`is verified from its File in the Worker, unread by the page (${viewport.width}×${viewport.height})`, async ({
      verifyPage,
      page,
    }) => {
      await page.setViewportSize(viewport);
      const { text } = buildWorkflowText(26_000);
      const size = Buffer.byteLength(text);
      expect(size).toBeGreaterThan(SHARE_PAYLOAD_MAX_BYTES);
      const path = join(dir, 'workflow.json');
      writeFileSync(path, text);

      await page.addInitScript(() => {
        const reads: number[] = [];
        (window as unknown as { __blobReads: number[] }).__blobReads = reads;
        for (const method of ['arrayBuffer', 'text', 'stream', 'bytes'] as const) {
          const original = (Blob.prototype as unknown as Record<string, unknown>)[method];
          if (typeof original !== 'function') continue;
          (Blob.prototype as unknown as Record<string, unknown>)[method] = function (
            this: Blob,
            ...args: unknown[]
          ) {
            reads.push(this.size);
            return (original as (...a: unknown[]) => unknown).apply(this, args);
          };
        }
      });
      await verifyPage.open();
      await page.getByTestId('file-input').setInputFiles(path);
      await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'verified', {
        timeout: 90_000,
      });
      await expect(page.getByTestId('not-in-editor')).toHaveText(
        /^workflow\.json: \d+\.\d MB \(read in the Worker, its lines not counted on this page\) — verified from the file; not shown in the editor\.$/,
      );
      const reads = await page.evaluate(
        () => (window as unknown as { __blobReads: number[] }).__blobReads,
      );
      expect(reads.filter((bytes) => bytes === size)).toEqual([]);

      // No link of an empty document; the download is the file itself, byte for byte.
      await expect(page.getByRole('button', { name: 'Copy link' })).toBeDisabled();
      await expect(page.getByTestId('no-link-reason')).toContainText(
        /workflow\.json \(\d+\.\d MB\) is too large for a link/,
      );
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download input' }).click();
      const saved = await (await download).path();
      expect(readFileSync(saved).equals(Buffer.from(text))).toBe(true);
    });
  }
});
