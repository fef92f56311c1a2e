import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { tamperedReceiptText, validReceiptText } from './support/receipts';
import { SCREENS, screenName, THEMES } from './support/screens';

/**
 * Issue 24 item 3: the results table says which file (and which line of a JSON Lines file) each
 * row is, at every width; a row opens its details in view with focus on them (Escape closes
 * them); a batch shown in the editor has markers on its failing lines.
 */

const valid = JSON.stringify(JSON.parse(validReceiptText));
const tampered = JSON.stringify(JSON.parse(tamperedReceiptText));

/**
 * Every row's source is wholly on screen: nothing cut at its cell's edges, no ellipsis, its last
 * characters (the end that tells files apart, and the line) inside the cell; and the rows grow
 * to hold a wrapped name, none drawn over the next.
 */
async function expectShownWhole(page: Page): Promise<void> {
  const grid = page.getByRole('grid', { name: 'Results' });
  for (const source of await grid.getByTestId('row-source').all()) {
    await source.scrollIntoViewIfNeeded();
    await expect(source).toBeInViewport({ ratio: 1 });
    const shown = await source.evaluate((el) => {
      const cell = el.closest('[role="gridcell"]') as HTMLElement;
      const box = cell.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      const rects = [...range.getClientRects()];
      const last = rects[rects.length - 1];
      return {
        fits: cell.scrollWidth <= cell.clientWidth && cell.scrollHeight <= cell.clientHeight,
        ellipsis: [cell, ...cell.querySelectorAll('*')].some(
          (e) => getComputedStyle(e).textOverflow === 'ellipsis',
        ),
        endInside:
          last !== undefined &&
          last.right <= box.right + 0.5 &&
          last.bottom <= box.bottom + 0.5 &&
          last.left >= box.left - 0.5,
      };
    });
    expect(shown).toEqual({ fits: true, ellipsis: false, endInside: true });
  }
  const boxes = await grid
    .getByTestId('result-row')
    .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().toJSON() as DOMRect));
  for (let i = 1; i < boxes.length; i++)
    expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom - 1);
}

for (const theme of THEMES) {
  for (const screen of SCREENS) {
    test.describe(`batch sources at ${screenName(screen)}, ${theme} theme`, () => {
      test.use({ viewport: screen, colorScheme: theme });

      test('each row names its file and line; a row opens its details in view', async ({
        verifyPage,
        page,
      }) => {
        await verifyPage.open();
        // Files of their own: each row is named by its file.
        await verifyPage.dropFiles([
          { name: 'first-receipt.json', text: validReceiptText },
          { name: 'second-receipt.json', text: tamperedReceiptText },
        ]);
        await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', {
          timeout: 30_000,
        });
        const grid = page.getByRole('grid', { name: 'Results' });
        await expect(grid.getByRole('columnheader', { name: 'Source' })).toBeVisible();
        await expect(grid.getByTestId('row-source')).toHaveText([
          'second-receipt.json',
          'first-receipt.json',
        ]);

        // A JSON Lines file with a blank line: record 2 is on line 3 of the file.
        await verifyPage.dropFiles([
          { name: 'calls.jsonl', text: `${valid}\n\n${tampered}\n${valid}\n` },
        ]);
        await expect(page.getByTestId('results-counts')).toContainText('3 documents: 1 failed');
        const failed = grid.locator('[data-testid="result-row"][data-verdict="failed"]');
        await expect(failed).toHaveCount(1);
        const source = failed.getByTestId('row-source');
        await expect(source).toBeVisible();
        // Wholly shown, not cut at the table's edge or shortened with an ellipsis.
        await source.scrollIntoViewIfNeeded();
        await expect(source).toBeInViewport({ ratio: 1 });
        const whole = await source.evaluate((el) => {
          const cell = el.closest('[role="gridcell"]');
          return cell !== null && cell.scrollWidth <= cell.clientWidth;
        });
        expect(whole, 'the source is not cut off').toBe(true);
        await expect(source).toHaveText('calls.jsonl · line 3');
        await expect(grid.getByTestId('row-source')).toHaveText([
          'calls.jsonl · line 3',
          'calls.jsonl · line 1',
          'calls.jsonl · line 4',
        ]);
        if (screen.width === 1366) expect(await seriousViolations(page)).toEqual([]);

        await failed.click();
        const detail = page.getByTestId('result-detail');
        await expect(detail).toBeInViewport();
        await expect(detail.getByRole('heading').first()).toBeFocused();
        await expect(detail.getByRole('heading').first()).toContainText('calls.jsonl');
        // Escape closes them, as "Close details" does, and gives focus back to the row.
        await page.keyboard.press('Escape');
        await expect(detail).toHaveCount(0);
        await expect(failed.locator(':focus')).toHaveCount(1);
      });

      test('a JSON Lines file opened with other files has a row for each record', async ({
        verifyPage,
        page,
      }) => {
        await verifyPage.open();
        await verifyPage.dropFiles([
          { name: 'calls.jsonl', text: `${valid}\n${tampered}\n${valid}\n` },
          { name: 'other-receipt.json', text: validReceiptText },
        ]);
        await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', {
          timeout: 30_000,
        });
        // Its records are counted as records, not the file as one.
        await expect(verifyPage.banner).toContainText('4 records');
        const grid = page.getByRole('grid', { name: 'Results' });
        await expect(grid.getByTestId('row-source')).toHaveText([
          'calls.jsonl · line 2',
          'calls.jsonl · line 1',
          'calls.jsonl · line 3',
          'other-receipt.json',
        ]);
        const failed = grid.locator('[data-testid="result-row"][data-verdict="failed"]');
        await expect(failed).toContainText('output_hash does not match');
        await expectShownWhole(page);
        // The records of the file carry one id: the note counts them.
        await expect(page.getByTestId('repeated-ids')).toContainText('4 records');
        if (screen.width === 1366) expect(await seriousViolations(page)).toEqual([]);

        await failed.click();
        const detail = page.getByTestId('result-detail');
        await expect(detail).toBeInViewport();
        await expect(detail.getByRole('heading').first()).toContainText(
          'calls.jsonl line record 2',
        );
        await expect(detail.getByTestId('verdict-banner')).toHaveAttribute(
          'data-verdict',
          'failed',
        );

        if (screen.width !== 1366) return;
        // A file past the 1,000 records whose reports are listed stays one row; its reason names
        // the record that failed.
        const lines = Array.from({ length: 1_100 }, (_, i) => (i === 1_049 ? tampered : valid));
        await verifyPage.dropFiles([
          { name: 'many-calls.jsonl', text: lines.join('\n') + '\n' },
          { name: 'other-receipt.json', text: validReceiptText },
        ]);
        // Until the new run starts, the result before is on screen with its row's details (two
        // banners): the new result is the one that counts the file's records and the receipt.
        const banner = page.getByTestId('verdict-banner').filter({ hasText: '1,101 records' });
        await expect(banner).toBeVisible({ timeout: 60_000 });
        // Two rows, and the headline says that one of them stands for many records.
        await expect(banner).toContainText('a large batch’s row that of all its records');
        await expect(grid.getByTestId('row-source')).toHaveText([
          'many-calls.jsonl',
          'other-receipt.json',
        ]);
        await expect(failed).toContainText(
          'many-calls.jsonl line record 1050: output_hash does not match',
        );
      });

      test('a long file name is shown whole: its distinguishing end and the line stay readable', async ({
        verifyPage,
        page,
      }) => {
        // Files whose names differ only near the end, as a nightly job's exports do.
        const prefix =
          'nightly-price-check-agent-run-2026-09-27T09-00-00Z-eu-west-cluster-tool-calls';
        const grid = page.getByRole('grid', { name: 'Results' });
        const sources = grid.getByTestId('row-source');
        await verifyPage.open();
        await verifyPage.dropFiles([
          { name: `${prefix}-first-half.json`, text: validReceiptText },
          { name: `${prefix}-second-half.json`, text: tamperedReceiptText },
        ]);
        await expect(page.getByTestId('results-counts')).toContainText('2 documents: 1 failed', {
          timeout: 30_000,
        });
        await expect(sources).toHaveText([
          `${prefix}-second-half.json`,
          `${prefix}-first-half.json`,
        ]);
        await expectShownWhole(page);

        // A JSON Lines file's records: the line stays beside the whole name.
        await verifyPage.dropFiles([
          { name: `${prefix}-retry.jsonl`, text: `${valid}\n${tampered}\n${valid}\n` },
        ]);
        await expect(page.getByTestId('results-counts')).toContainText('3 documents: 1 failed', {
          timeout: 30_000,
        });
        await expect(sources).toHaveText([
          `${prefix}-retry.jsonl · line 2`,
          `${prefix}-retry.jsonl · line 1`,
          `${prefix}-retry.jsonl · line 3`,
        ]);
        await expectShownWhole(page);

        // By keyboard: the grid's tab stop, then right to the Source cell, which reads in full.
        await grid.locator('[role="gridcell"][tabindex="0"]').focus();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        const cell = grid
          .locator('[role="gridcell"]', { has: page.getByTestId('row-source') })
          .first();
        await expect(cell).toBeFocused();
        await expect(cell).toHaveAccessibleName(`${prefix}-retry.jsonl · line 2`);
        if (screen.width === 1366) expect(await seriousViolations(page)).toEqual([]);
      });

      test('a batch in the editor has markers on its failing lines, a large one too', async ({
        verifyPage,
        page,
      }) => {
        await verifyPage.open();
        const small = `${valid}\n${valid}\n${tampered}\n${valid}\n`;
        await verifyPage.paste(small);
        await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', {
          timeout: 30_000,
        });
        await expect(verifyPage.input).toHaveValue(small);
        const markers = page.getByTestId('editor-gutter').locator('[data-marker="fail"]');
        await expect(markers).toHaveCount(1);
        await expect(markers).toHaveAttribute('data-line', '3');
        const grid = page.getByRole('grid', { name: 'Results' });
        await expect(grid.getByTestId('row-source').first()).toHaveText('pasted text · line 3');

        // 1,200 records (above the 1,000 whose full reports come to the page, still small
        // enough for the editor): record 1,000 is tampered with.
        const lines = Array.from({ length: 1_200 }, (_, i) => (i === 999 ? tampered : valid));
        await verifyPage.paste(lines.join('\n') + '\n');
        await expect(page.getByTestId('results-counts')).toContainText(
          '1,200 documents: 1 failed',
          {
            timeout: 60_000,
          },
        );
        await expect(grid.getByTestId('row-source').first()).toHaveText('pasted text · line 1000');
        await verifyPage.input.evaluate((editor) => {
          editor.scrollTop = (1_000 - 5) * 20;
          editor.dispatchEvent(new Event('scroll'));
        });
        await expect(markers).toHaveCount(1);
        await expect(markers).toHaveAttribute('data-line', '1000');
      });
    });
  }
}
