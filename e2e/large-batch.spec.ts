import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBatchText } from '../bench/batch';
import { expect, test } from './fixtures';

/**
 * A large JSON Lines batch is streamed from its File in the Worker and comes back as compact
 * rows: the page shows every row, opens any member's full report on demand, and its main
 * thread is never held long (measured with PerformanceObserver 'longtask').
 */
test.describe('a large JSON Lines batch', () => {
  test.setTimeout(180_000);
  let dir: string;
  test.beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'aer1-e2e-'));
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('is streamed into compact rows, a member opens on demand, and the page stays responsive', async ({
    verifyPage,
    page,
  }) => {
    // 25,000 receipts (12 MB, above the streaming threshold); record 20,000 is tampered with,
    // and the last repeats record 3 (its id is then carried twice).
    const lines = buildBatchText(25_000).trimEnd().split('\n');
    lines[19_999] = lines[19_999]!.replace('"output_hash":"sha256:', '"output_hash":"sha256:00');
    lines[24_999] = lines[2]!;
    const repeatedId = (JSON.parse(lines[2]!) as { id: string }).id;
    const path = join(dir, 'big.jsonl');
    writeFileSync(path, lines.join('\n') + '\n');

    await page.addInitScript(() => {
      const tasks: number[] = [];
      (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await verifyPage.open();
    await page.evaluate(() => {
      (window as unknown as { __longTasks: number[] }).__longTasks.length = 0;
    });
    // Picked from disk, as a person does (Chromium gets the path; nothing is rebuilt by script).
    await page.getByTestId('file-input').setInputFiles(path);
    await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', { timeout: 150_000 });
    await expect(page.getByTestId('results-counts')).toContainText(
      '25,000 documents: 1 failed, 0 incomplete, 24,999 verified',
    );
    // The rows' repeated ids were indexed as the rows arrived (src/worker/client.ts).
    const repeated = page.getByTestId('repeated-ids');
    await expect(repeated).toContainText('One id is carried by more than one record');
    await expect(repeated).toContainText(`${repeatedId}: 2 records (rows 3, 25000)`);
    const rendered = await page.getByTestId('result-row').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(200);

    // Failed rows sort first: the tampered record, with its first failing reason.
    const first = page.getByTestId('result-row').first();
    await expect(first).toHaveAttribute('data-verdict', 'failed');
    await expect(first).toContainText('20000');
    // Its full report comes from the Worker when the row is opened.
    await first.click();
    const detail = page.getByTestId('result-detail');
    await expect(detail).toContainText('big.jsonl line record 20000');
    await expect(detail.locator('[data-testid="check"][data-status="fail"]').first()).toBeVisible();
    // The keyboard still moves between rows of the grid (one cell is the tab stop).
    await first.getByRole('gridcell').first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('result-row').nth(1).getByRole('gridcell').first()).toBeFocused();

    // The page stayed responsive: no main-thread task anywhere near the seconds a full copy of
    // 25,000 reports took.
    const tasks = await page.evaluate(
      () => (window as unknown as { __longTasks: number[] }).__longTasks,
    );
    expect(Math.max(0, ...tasks)).toBeLessThan(1_000);
  });
});
